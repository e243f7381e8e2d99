import { describe, expect, it } from 'vitest';
import type { FieldFilterOp, FilterJson, StructuredQueryJson, Value } from '../types.js';
import { FirestoreError } from '../errors.js';
import { compileQuery, project } from './query.js';
import { DatabaseState } from '../state.js';

const DB = { projectId: 'p', databaseId: '(default)' };
const ROOT = 'projects/p/databases/(default)/documents';
const int = (n: number): Value => ({ integerValue: String(n) });
const str = (s: string): Value => ({ stringValue: s });

function stateWith(docs: Record<string, Record<string, Value>>): DatabaseState {
  const state = new DatabaseState(DB);
  let version = 1n;
  for (const [path, fields] of Object.entries(docs)) {
    state.put({
      key: path,
      segments: path.split('/'),
      fields,
      createTime: '2026-01-01T00:00:00Z',
      updateTime: '2026-01-01T00:00:00Z',
      version: version++,
    });
  }
  return state;
}

const state = stateWith({
  'pickles/a': { price: int(100), stock: int(5) },
  'pickles/b': { price: int(100), stock: int(1) },
  'pickles/c': { price: int(50), stock: int(9) },
  'pickles/d': { price: int(150), stock: int(2) },
  'pickles/e': { stock: int(3) }, // no price
  'pickles/a/reviews/r1': { stars: int(5) },
  'other/x': { price: int(1) },
});

const ids = (query: StructuredQueryJson, parent = ROOT) =>
  compileQuery(parent, query)
    .run(state)
    .map((d) => d.segments.join('/'));

const from = [{ collectionId: 'pickles' }];
const byPrice = { field: { fieldPath: 'price' } };

describe('implicit ordering', () => {
  it('orders by __name__ when nothing else is asked', () => {
    expect(ids({ from })).toEqual(['pickles/a', 'pickles/b', 'pickles/c', 'pickles/d', 'pickles/e']);
  });

  it('adds inequality fields (sorted) before __name__, in the direction of the last explicit order', () => {
    const query = compileQuery(ROOT, {
      from,
      where: {
        compositeFilter: {
          op: 'AND',
          filters: [
            { fieldFilter: { field: { fieldPath: 'stock' }, op: 'GREATER_THAN', value: int(0) } },
            { fieldFilter: { field: { fieldPath: 'price' }, op: 'GREATER_THAN', value: int(0) } },
          ],
        },
      },
    });
    expect(query.orderByPaths).toEqual(['price', 'stock', '__name__']);
    const desc = compileQuery(ROOT, {
      from,
      where: { fieldFilter: { field: { fieldPath: 'stock' }, op: 'GREATER_THAN', value: int(0) } },
      orderBy: [{ field: { fieldPath: 'price' }, direction: 'DESCENDING' }],
    });
    expect(desc.orderBy.map((o) => [o.path.join('.'), o.direction])).toEqual([
      ['price', -1],
      ['stock', -1],
      ['__name__', -1],
    ]);
  });

  it('leaves out documents missing an ordered field', () => {
    expect(ids({ from, orderBy: [byPrice] })).toEqual(['pickles/c', 'pickles/a', 'pickles/b', 'pickles/d']);
  });
});

describe('cursors', () => {
  const ordered = { from, orderBy: [byPrice] };

  it('startAt is inclusive and startAfter exclusive', () => {
    expect(ids({ ...ordered, startAt: { values: [int(100)], before: true } })).toEqual([
      'pickles/a',
      'pickles/b',
      'pickles/d',
    ]);
    expect(ids({ ...ordered, startAt: { values: [int(100)], before: false } })).toEqual(['pickles/d']);
  });

  it('endAt is inclusive and endBefore exclusive', () => {
    expect(ids({ ...ordered, endAt: { values: [int(100)], before: false } })).toEqual([
      'pickles/c',
      'pickles/a',
      'pickles/b',
    ]);
    expect(ids({ ...ordered, endAt: { values: [int(100)], before: true } })).toEqual(['pickles/c']);
  });

  it('uses the document name to resume between equal values, when the query orders by it (as the SDKs send it)', () => {
    const after = { referenceValue: `${ROOT}/pickles/a` };
    const byName = { from, orderBy: [byPrice, { field: { fieldPath: '__name__' } }] };
    expect(ids({ ...byName, startAt: { values: [int(100), after], before: false } })).toEqual([
      'pickles/b',
      'pickles/d',
    ]);
  });

  it("refuses in, not-in and array-contains-any with an empty list, as Google's emulator does (found by the fuzzer)", () => {
    for (const op of ['IN', 'NOT_IN', 'ARRAY_CONTAINS_ANY'] as const) {
      const where = { fieldFilter: { field: byPrice.field, op, value: { arrayValue: { values: [] } } } };
      expect(() => ids({ from, where })).toThrow(`'${op}' requires an non-empty ArrayValue.`);
    }
  });

  it("refuses an inequality on a field ordered after __name__, as Google's emulator does (found by the fuzzer)", () => {
    const notNull = { unaryFilter: { field: byPrice.field, op: 'IS_NOT_NULL' as const } };
    const byName = { field: { fieldPath: '__name__' } };
    expect(() => ids({ from, where: notNull, orderBy: [byName] })).toThrow(
      'This query requires an index that has fields [price] after __name__',
    );
    expect(ids({ from, where: notNull, orderBy: [byPrice, byName] }).length).toBeGreaterThan(0);
  });

  it("refuses not-in with in, array-contains-any or an OR, even of one filter, as Google's emulator does (found by the fuzzer)", () => {
    const notIn = {
      fieldFilter: {
        field: byPrice.field,
        op: 'NOT_IN' as const,
        value: { arrayValue: { values: [int(1)] } },
      },
    };
    expect(() => ids({ from, where: { compositeFilter: { op: 'OR', filters: [notIn] } } })).toThrow(
      "'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'.",
    );
    expect(ids({ from, where: notIn }).length).toBeGreaterThan(0);
  });

  it("refuses a cursor value on __name__ that is not a reference, as Google's emulator does (found by the fuzzer)", () => {
    const byName = { from, orderBy: [{ field: { fieldPath: '__name__' } }] };
    expect(() => ids({ ...byName, endAt: { values: [{ nullValue: null }], before: false } })).toThrow(
      'Cursor __key__ value is not a document reference.',
    );
  });

  it("refuses a cursor with more values than the query's orderBy, as Google's emulator does (found by the fuzzer)", () => {
    // The implied __name__ order takes no cursor value: tests/referee/firestore-fuzz.test.ts's shrunk case.
    const after = { referenceValue: `${ROOT}/pickles/a` };
    expect(() => ids({ ...ordered, startAt: { values: [int(100), after], before: false } })).toThrow(
      'Cursor has too many values.',
    );
  });

  it('follows descending order', () => {
    expect(
      ids({
        from,
        orderBy: [{ ...byPrice, direction: 'DESCENDING' }],
        startAt: { values: [int(100)], before: false },
      }),
    ).toEqual(['pickles/c']);
  });

  it('applies offset and limit after the cursors', () => {
    expect(ids({ ...ordered, startAt: { values: [int(60)], before: true }, offset: 1, limit: 1 })).toEqual([
      'pickles/b',
    ]);
  });

  it('rejects a cursor with more values than the ordering', () => {
    expect(() => compileQuery(ROOT, { from, startAt: { values: [int(1), int(2)] } })).toThrow(FirestoreError);
  });
});

describe('scope', () => {
  it('reads a subcollection under its parent and a collection group everywhere', () => {
    expect(ids({ from: [{ collectionId: 'reviews' }] }, `${ROOT}/pickles/a`)).toEqual([
      'pickles/a/reviews/r1',
    ]);
    expect(ids({ from: [{ collectionId: 'reviews' }] })).toEqual([]);
    expect(ids({ from: [{ collectionId: 'reviews', allDescendants: true }] })).toEqual([
      'pickles/a/reviews/r1',
    ]);
  });

  it('rejects queries without exactly one collection', () => {
    expect(() => compileQuery(ROOT, {})).toThrow(/exactly one "from"/);
    expect(() => compileQuery(`${ROOT}/pickles`, { from })).toThrow(/must be a document or the root/);
  });
});

describe('filters', () => {
  const where = (fieldPath: string, op: FieldFilterOp, value: Value) =>
    ids({ from, where: { fieldFilter: { field: { fieldPath }, op, value } } });

  it('keeps range filters within the operand’s type', () => {
    expect(where('price', 'GREATER_THAN', str(''))).toEqual([]);
    expect(where('price', 'LESS_THAN', int(100))).toEqual(['pickles/c']);
  });

  it('excludes missing fields and nulls from != and not-in', () => {
    expect(where('price', 'NOT_EQUAL', int(100))).toEqual(['pickles/c', 'pickles/d']);
    expect(where('price', 'NOT_IN', { arrayValue: { values: [int(50), int(150)] } })).toEqual([
      'pickles/a',
      'pickles/b',
    ]);
  });

  it('matches a stored timestamp with a filter given in nanoseconds, and lists of arrays for IN', () => {
    const timed = stateWith({
      't/a': {
        at: { timestampValue: '2026-01-01T00:00:00.123456Z' },
        tags: { arrayValue: { values: [str('x')] } },
      },
    });
    const run = (q: StructuredQueryJson) =>
      compileQuery(ROOT, q)
        .run(timed)
        .map((d) => d.key);
    const filter = (fieldPath: string, op: FieldFilterOp, value: Value) => ({
      from: [{ collectionId: 't' }],
      where: { fieldFilter: { field: { fieldPath }, op, value } },
    });
    expect(run(filter('at', 'EQUAL', { timestampValue: '2026-01-01T00:00:00.123456789Z' }))).toEqual(['t/a']);
    expect(
      run(
        filter('tags', 'IN', { arrayValue: { values: [{ arrayValue: { values: [str('x')] } }, str('y')] } }),
      ),
    ).toEqual(['t/a']);
  });

  it('rejects an operand that is not a Firestore value', () => {
    expect(() => where('price', 'EQUAL', { integerValue: 'many' } as Value)).toThrow(/integerValue/);
  });

  it('rejects IN without an array', () => {
    expect(() => where('price', 'IN', int(1))).toThrow(/must be an array/);
  });
});

describe('project', () => {
  it('keeps only selected (nested) fields', () => {
    const fields = { a: { mapValue: { fields: { b: int(1), c: int(2) } } }, d: int(3) };
    expect(project(fields, [['a', 'b']])).toEqual({ a: { mapValue: { fields: { b: int(1) } } } });
    expect(project(fields, [['__name__']])).toEqual({});
    expect(project(fields, undefined)).toBe(fields);
  });
});

describe('in and array-contains-any with null', () => {
  const nulls = stateWith({
    'n/a': { v: { nullValue: null }, tags: { arrayValue: { values: [{ nullValue: null }] } } },
    'n/b': { v: int(1), tags: { arrayValue: { values: [int(1)] } } },
  });
  const run = (op: FieldFilterOp, fieldPath: string) =>
    compileQuery(ROOT, {
      from: [{ collectionId: 'n' }],
      where: {
        fieldFilter: {
          field: { fieldPath },
          op,
          value: { arrayValue: { values: [{ nullValue: null }, int(1)] } },
        },
      },
    })
      .run(nulls)
      .map((d) => d.segments[1]);

  it('match nothing for the null entry, as production does', () => {
    expect(run('IN', 'v')).toEqual(['b']);
    expect(run('ARRAY_CONTAINS_ANY', 'tags')).toEqual(['b']);
  });
});

describe('filters with many disjunctions', () => {
  it('are refused past 30 branches, as production does, before anything expands them', () => {
    const either = (fieldPath: string): FilterJson => ({
      compositeFilter: {
        op: 'OR',
        filters: [int(1), int(2)].map((value) => ({
          fieldFilter: { field: { fieldPath }, op: 'EQUAL', value },
        })),
      },
    });
    const where = (n: number): FilterJson => ({
      compositeFilter: { op: 'AND', filters: Array.from({ length: n }, (_v, i) => either(`f${i}`)) },
    });
    expect(() => compileQuery(ROOT, { from: [{ collectionId: 'n' }], where: where(4) })).not.toThrow();
    expect(() => compileQuery(ROOT, { from: [{ collectionId: 'n' }], where: where(40) })).toThrow(
      /30 disjunctions/,
    );
  });
});
