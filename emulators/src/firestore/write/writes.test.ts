import { describe, expect, it } from 'vitest';
import type { FieldTransformJson, Fields, Value, WriteJson } from '../types.js';
import { FirestoreError } from '../errors.js';
import { applyWrite, checkPrecondition, type DocumentVersion } from './writes.js';

const NAME = 'projects/p/databases/(default)/documents/jars/mango';
const COMMIT = '2026-11-21T06:00:00.000001Z';
const int = (n: number | string): Value => ({ integerValue: String(n) });
const dbl = (n: number): Value => ({ doubleValue: n });
const str = (s: string): Value => ({ stringValue: s });
const arr = (...values: Value[]): Value => ({ arrayValue: { values } });

const existing = (fields: Fields): DocumentVersion => ({
  fields,
  createTime: '2026-01-01T00:00:00Z',
  updateTime: '2026-01-02T00:00:00Z',
});

/** Applies one transform to a document holding `field` (or nothing) and returns the new value and result. */
function transform(field: Value | undefined, t: Omit<FieldTransformJson, 'fieldPath'>) {
  const before = existing(field === undefined ? {} : { f: field });
  const outcome = applyWrite(
    { update: { name: NAME }, updateMask: { fieldPaths: [] }, updateTransforms: [{ fieldPath: 'f', ...t }] },
    before,
    COMMIT,
  );
  return { value: outcome.after!.f, result: outcome.transformResults[0] };
}

function rejected(run: () => unknown, status: string): void {
  let error: unknown;
  try {
    run();
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(FirestoreError);
  expect((error as FirestoreError).status).toBe(status);
}

describe('preconditions', () => {
  const doc = existing({ v: int(1) });
  const write = (currentDocument: WriteJson['currentDocument']): WriteJson => ({
    update: { name: NAME, fields: {} },
    currentDocument,
  });

  it('answers exists and updateTime mismatches with the production codes', () => {
    rejected(() => checkPrecondition(write({ exists: true }), null, NAME), 'NOT_FOUND');
    rejected(() => checkPrecondition(write({ exists: false }), doc, NAME), 'ALREADY_EXISTS');
    rejected(
      () => checkPrecondition(write({ updateTime: '2026-01-01T00:00:00Z' }), doc, NAME),
      'FAILED_PRECONDITION',
    );
    rejected(
      () => checkPrecondition(write({ updateTime: '2026-01-02T00:00:00Z' }), null, NAME),
      'FAILED_PRECONDITION',
    );
  });

  it('passes when the document is as expected, whatever the timestamp spelling', () => {
    expect(() => checkPrecondition(write({ exists: true }), doc, NAME)).not.toThrow();
    expect(() => checkPrecondition(write({ exists: false }), null, NAME)).not.toThrow();
    expect(() =>
      checkPrecondition(write({ updateTime: '2026-01-02T06:00:00.000+06:00' }), doc, NAME),
    ).not.toThrow();
  });
});

describe('update masks', () => {
  const before = existing({ a: { mapValue: { fields: { b: int(1), c: int(2) } } }, keep: str('x') });

  it('replaces the whole document without a mask', () => {
    expect(applyWrite({ update: { name: NAME, fields: { z: int(9) } } }, before, COMMIT).after).toEqual({
      z: int(9),
    });
  });

  it('changes only masked paths, deleting masked paths the update leaves out', () => {
    const outcome = applyWrite(
      {
        update: {
          name: NAME,
          fields: { a: { mapValue: { fields: { b: int(5), c: int(6) } } }, other: int(7) },
        },
        updateMask: { fieldPaths: ['a.b', 'keep', 'new.deep'] },
      },
      before,
      COMMIT,
    );
    expect(outcome.after).toEqual({ a: { mapValue: { fields: { b: int(5), c: int(2) } } } });
    expect(outcome.changed).toBe(true);
  });

  it('keeps backticked segments as one field name', () => {
    const outcome = applyWrite(
      { update: { name: NAME, fields: { 'odd.key': int(1) } }, updateMask: { fieldPaths: ['`odd.key`'] } },
      existing({}),
      COMMIT,
    );
    expect(outcome.after).toEqual({ 'odd.key': int(1) });
  });

  it('reports a write that changes nothing, and counts 1 → 1.0 as a change', () => {
    expect(applyWrite({ update: { name: NAME, fields: before.fields } }, before, COMMIT).changed).toBe(false);
    const typed = existing({ n: int(1) });
    expect(applyWrite({ update: { name: NAME, fields: { n: dbl(1) } } }, typed, COMMIT).changed).toBe(true);
    const zero = existing({ n: dbl(0) });
    expect(applyWrite({ update: { name: NAME, fields: { n: dbl(-0) } } }, zero, COMMIT).changed).toBe(true);
  });

  it('deletes and verifies', () => {
    expect(applyWrite({ delete: NAME }, before, COMMIT)).toMatchObject({ after: null, changed: true });
    expect(applyWrite({ delete: NAME }, null, COMMIT)).toMatchObject({ after: null, changed: false });
    expect(applyWrite({ verify: NAME }, before, COMMIT)).toMatchObject({
      after: before.fields,
      changed: false,
    });
  });
});

describe('field transforms', () => {
  it('sets the server time', () => {
    expect(transform(undefined, { setToServerValue: 'REQUEST_TIME' })).toEqual({
      value: { timestampValue: COMMIT },
      result: { timestampValue: COMMIT },
    });
  });

  it('increments integers exactly, mixes into doubles, and saturates at the 64-bit limits', () => {
    expect(transform(int(2), { increment: int(3) }).value).toEqual(int(5));
    expect(transform(int(2), { increment: dbl(0.5) }).value).toEqual(dbl(2.5));
    expect(transform(dbl(0.5), { increment: int(1) }).value).toEqual(dbl(1.5));
    expect(transform(undefined, { increment: int(4) }).value).toEqual(int(4));
    expect(transform(str('x'), { increment: int(4) }).value).toEqual(int(4));
    expect(transform(int('9223372036854775800'), { increment: int(100) }).value).toEqual(
      int('9223372036854775807'),
    );
    expect(transform(int('-9223372036854775800'), { increment: int(-100) }).value).toEqual(
      int('-9223372036854775808'),
    );
    expect(transform(int(1), { increment: int(1) }).result).toEqual(int(2));
  });

  it('takes the maximum and minimum across numeric types; NaN wins, equivalent values keep the field', () => {
    expect(transform(int(3), { maximum: dbl(3.5) }).value).toEqual(dbl(3.5));
    expect(transform(dbl(3.5), { maximum: int(3) }).value).toEqual(dbl(3.5));
    expect(transform(int(3), { maximum: dbl(3) }).value).toEqual(int(3));
    expect(transform(int(3), { minimum: dbl(2.5) }).value).toEqual(dbl(2.5));
    expect(transform(dbl(3), { minimum: int(3) }).value).toEqual(dbl(3));
    expect(transform(undefined, { minimum: int(7) }).value).toEqual(int(7));
    expect(transform(str('x'), { maximum: int(7) }).value).toEqual(int(7));
    expect(transform(dbl(NaN), { maximum: int(7) }).value).toEqual(dbl(NaN));
    expect(transform(int(7), { minimum: dbl(NaN) }).value).toEqual(dbl(NaN));
  });

  it('unions and removes array elements by value, reporting null results', () => {
    const union = transform(arr(str('a'), int(1)), {
      appendMissingElements: { values: [str('a'), str('b'), str('b')] },
    });
    expect(union.value).toEqual(arr(str('a'), int(1), str('b')));
    expect(union.result).toEqual({ nullValue: null });
    expect(transform(str('not an array'), { appendMissingElements: { values: [int(1)] } }).value).toEqual(
      arr(int(1)),
    );
    const removed = transform(arr(str('a'), str('b'), str('a'), int(1)), {
      removeAllFromArray: { values: [str('a'), dbl(1)] },
    });
    expect(removed.value).toEqual(arr(str('b')));
    expect(transform(undefined, { removeAllFromArray: { values: [int(1)] } }).value).toEqual(arr());
  });

  it('rejects a transform without a kind and a non-numeric increment', () => {
    rejected(() => transform(int(1), {}), 'INVALID_ARGUMENT');
    rejected(() => transform(int(1), { increment: str('1') }), 'INVALID_ARGUMENT');
  });
});
