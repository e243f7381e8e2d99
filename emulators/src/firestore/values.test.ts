import { describe, expect, it } from 'vitest';
import type { Value } from './types.js';
import { FirestoreError } from './errors.js';
import { normalizeTimestamp } from './timestamps.js';
import { random } from '../testing/synthetic-documents.js';
import {
  compareValues,
  fieldsSize,
  getField,
  normalizeFields,
  normalizeValue,
  isCanonicalTimestamp,
  setField,
  valuesEqual,
} from './values.js';
import { ValueInterner } from './value-interner.js';

const ref = (path: string): Value => ({ referenceValue: `projects/p/databases/(default)/documents/${path}` });

const vector = (...values: number[]): Value => ({
  mapValue: {
    fields: {
      __type__: { stringValue: '__vector__' },
      value: { arrayValue: { values: values.map((doubleValue) => ({ doubleValue })) } },
    },
  },
});

/** One value of every type, in Firestore's cross-type order (and ascending within each type). */
const ordered: Value[] = [
  { nullValue: null },
  { booleanValue: false },
  { booleanValue: true },
  { doubleValue: NaN },
  { doubleValue: -Infinity },
  { integerValue: '-9223372036854775808' },
  { doubleValue: -1.5 },
  { integerValue: '0' },
  { doubleValue: 0.5 },
  { integerValue: '1' },
  { integerValue: '9007199254740993' }, // 2^53 + 1: only exact as an integer
  { doubleValue: Infinity },
  { timestampValue: '1970-01-01T00:00:00Z' },
  { timestampValue: '1970-01-01T00:00:00.000001Z' },
  { stringValue: '' },
  { stringValue: 'a' },
  { stringValue: 'আচার' },
  { stringValue: '🌶' }, // outside the BMP: UTF-8 order puts it after every BMP character
  { bytesValue: '' },
  { bytesValue: 'AA==' },
  { bytesValue: '/w==' },
  ref('a/b'),
  ref('a/b/c/d'),
  ref('a/bb'),
  { geoPointValue: { latitude: -10, longitude: 50 } },
  { geoPointValue: { latitude: 0, longitude: -5 } },
  { geoPointValue: { latitude: 0, longitude: 5 } },
  { arrayValue: {} },
  { arrayValue: { values: [{ integerValue: '1' }] } },
  { arrayValue: { values: [{ integerValue: '1' }, { nullValue: null }] } },
  { arrayValue: { values: [{ integerValue: '2' }] } },
  // Vectors: after arrays, before maps; shorter first, then element by element.
  vector(9),
  vector(1, 2),
  vector(1, 3),
  vector(0, 0, 0),
  { mapValue: {} },
  { mapValue: { fields: { a: { integerValue: '9' } } } },
  { mapValue: { fields: { a: { integerValue: '9' }, b: { nullValue: null } } } },
  { mapValue: { fields: { b: { integerValue: '0' } } } },
];

describe('compareValues', () => {
  it('is a strict total order over every type, matching Firestore type order', () => {
    for (let i = 0; i < ordered.length; i++) {
      for (let j = 0; j < ordered.length; j++) {
        const c = Math.sign(compareValues(ordered[i], ordered[j]));
        expect(c, `${JSON.stringify(ordered[i])} vs ${JSON.stringify(ordered[j])}`).toBe(Math.sign(i - j));
      }
    }
  });

  it('compares integers and doubles by numeric value', () => {
    expect(compareValues({ integerValue: '2' }, { doubleValue: 2 })).toBe(0);
    expect(compareValues({ integerValue: '2' }, { doubleValue: 2.5 })).toBeLessThan(0);
    expect(compareValues({ doubleValue: -0 }, { integerValue: '0' })).toBe(0);
  });

  it('compares large integers exactly, not through doubles', () => {
    expect(compareValues({ integerValue: '9007199254740993' }, { integerValue: '9007199254740992' })).toBe(1);
  });
});

describe('valuesEqual', () => {
  it('never finds NaN equal, not even to itself', () => {
    expect(valuesEqual({ doubleValue: NaN }, { doubleValue: NaN })).toBe(false);
    expect(valuesEqual({ doubleValue: 'NaN' }, { doubleValue: NaN })).toBe(false);
  });

  it('treats 1 and 1.0 as equal but not 1 and "1"', () => {
    expect(valuesEqual({ integerValue: '1' }, { doubleValue: 1 })).toBe(true);
    expect(valuesEqual({ integerValue: '1' }, { stringValue: '1' })).toBe(false);
  });

  it('compares maps and arrays deeply', () => {
    const a: Value = { mapValue: { fields: { x: { arrayValue: { values: [{ stringValue: 'y' }] } } } } };
    const b: Value = { mapValue: { fields: { x: { arrayValue: { values: [{ stringValue: 'y' }] } } } } };
    expect(valuesEqual(a, b)).toBe(true);
    expect(valuesEqual(a, { mapValue: { fields: { x: { arrayValue: {} } } } })).toBe(false);
  });
});

describe('normalizeValue', () => {
  const rejects = (value: unknown, message: RegExp) => {
    let error: unknown;
    try {
      normalizeValue(value);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FirestoreError);
    expect((error as FirestoreError).status).toBe('INVALID_ARGUMENT');
    expect((error as Error).message).toMatch(message);
  };

  it('canonicalises integers, special doubles, timestamps and bytes', () => {
    expect(normalizeValue({ integerValue: 42 })).toEqual({ integerValue: '42' });
    expect(normalizeValue({ doubleValue: 'NaN' })).toEqual({ doubleValue: NaN });
    expect(normalizeValue({ doubleValue: '-Infinity' })).toEqual({ doubleValue: -Infinity });
    expect(
      Object.is((normalizeValue({ doubleValue: '-0' }) as { doubleValue: number }).doubleValue, -0),
    ).toBe(true);
    expect(normalizeValue({ timestampValue: '2026-11-21T12:00:00.123456789+06:00' })).toEqual({
      timestampValue: '2026-11-21T06:00:00.123456Z',
    });
    expect(normalizeValue({ bytesValue: 'AQI' })).toEqual({ bytesValue: 'AQI=' });
  });

  it('rejects values that are not Firestore values', () => {
    rejects({}, /exactly one value type/);
    rejects({ stringValue: 'a', integerValue: '1' }, /exactly one value type/);
    rejects({ integerValue: '1.5' }, /integerValue/);
    rejects({ integerValue: '9223372036854775808' }, /64 bits/);
    rejects({ doubleValue: 'lots' }, /doubleValue/);
    rejects({ timestampValue: 'yesterday' }, /timestamp/i);
    rejects({ timestampValue: '0000-12-31T23:59:59Z' }, /0001-01-01/);
    rejects({ bytesValue: 'not base64!' }, /bytesValue/);
    rejects({ referenceValue: 'products/mango' }, /resource name/);
    rejects({ geoPointValue: { latitude: 91, longitude: 0 } }, /latitude/);
    rejects({ arrayValue: { values: [{ arrayValue: {} }] } }, /arrays cannot directly contain arrays/);
    rejects({ fancyValue: 1 }, /unknown value type/);
    rejects('just a string', /not a Firestore Value/);
  });

  it('rejects empty, reserved and over-long field names', () => {
    expect(() => normalizeFields({ '': { nullValue: null } })).toThrow(/empty/);
    expect(() => normalizeFields({ __name__: { nullValue: null } })).toThrow(/reserved/);
    expect(() => normalizeFields({ ['ক'.repeat(501)]: { nullValue: null } })).toThrow(/1500 bytes/);
    expect(normalizeFields({ ['ক'.repeat(500)]: { integerValue: 1 } })).toEqual({
      ['ক'.repeat(500)]: { integerValue: '1' },
    });
  });

  it('rejects maps nested deeper than 20 levels', () => {
    let deep: unknown = { nullValue: null };
    for (let i = 0; i < 22; i++) deep = { mapValue: { fields: { x: deep } } };
    rejects(deep, /20 levels/);
  });
});

describe('field access and size', () => {
  it('reads, sets and deletes nested fields', () => {
    const fields: Record<string, Value> = {};
    setField(fields, ['a', 'b', 'c'], { integerValue: '1' });
    expect(getField(fields, ['a', 'b', 'c'])).toEqual({ integerValue: '1' });
    expect(getField(fields, ['a', 'x'])).toBeUndefined();
    expect(getField(fields, ['a', 'b', 'c', 'd'])).toBeUndefined();
    setField(fields, ['a', 'b', 'c'], undefined);
    expect(fields).toEqual({ a: { mapValue: { fields: { b: { mapValue: { fields: {} } } } } } });
  });

  it('counts document size as Firestore documents it', () => {
    // "name" (4+1) + string "আচার" (12 UTF-8 bytes + 1) + "n" (1+1) + integer (8)
    expect(fieldsSize({ name: { stringValue: 'আচার' }, n: { integerValue: '1' } })).toBe(5 + 13 + 2 + 8);
  });
});

describe('ValueInterner', () => {
  it('stores a repeated value once, frozen, and normalizes to the same stored form', () => {
    const interner = new ValueInterner();
    const a = normalizeFields(
      {
        status: { stringValue: 'pending' },
        n: { integerValue: '007' },
        t: { arrayValue: { values: [{ stringValue: 'ra' }] } },
      },
      0,
      interner,
    );
    const b = normalizeFields(
      {
        status: { stringValue: 'pending' },
        n: { integerValue: 7 },
        t: { arrayValue: { values: [{ stringValue: 'ra' }] } },
      },
      0,
      interner,
    );
    expect(a).toEqual({
      status: { stringValue: 'pending' },
      n: { integerValue: '7' },
      t: { arrayValue: { values: [{ stringValue: 'ra' }] } },
    });
    expect(b.status).toBe(a.status);
    expect(b.n).toBe(a.n);
    expect((b.t as { arrayValue: { values: Value[] } }).arrayValue.values[0]).toBe(
      (a.t as { arrayValue: { values: Value[] } }).arrayValue.values[0],
    );
    expect(Object.isFrozen(a.status)).toBe(true);
    expect(() => {
      (a.status as { stringValue: string }).stringValue = 'changed';
    }).toThrow(TypeError);
    // Already shared: storing them again copies nothing.
    expect(interner.fields(a)).toBe(a);
    // Without the interner, the same normal form, unshared.
    const plain = normalizeFields({ status: { stringValue: 'pending' }, n: { integerValue: '007' } });
    expect(plain.status).toEqual(a.status);
    expect(plain.status).not.toBe(a.status);
    expect(normalizeFields({ n: { integerValue: '-0' } }, 0, interner)).toEqual({ n: { integerValue: '0' } });
  });

  it('stops sharing new values past its capacity, and replaces leaves of fields it did not normalize', () => {
    const interner = new ValueInterner(2);
    const first = interner.string('a');
    interner.string('b');
    expect(interner.string('a')).toBe(first);
    const c = interner.string('c');
    expect(interner.string('c')).not.toBe(c);
    const fields = { s: { stringValue: 'a' }, m: { mapValue: { fields: { x: { stringValue: 'b' } } } } };
    const stored = interner.fields(fields);
    expect(stored).not.toBe(fields);
    expect(stored.s).toBe(first);
    expect(stored).toEqual(fields);
  });
});

describe('isCanonicalTimestamp', () => {
  it('holds exactly for the texts normalizeTimestamp leaves unchanged', () => {
    const rng = random(7);
    const texts: string[] = [
      '2026-02-29T00:00:00Z',
      '2024-02-29T00:00:00Z',
      '1900-02-29T00:00:00Z',
      '2000-02-29T00:00:00Z',
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999999Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T23:59:60Z',
      '2026-04-31T00:00:00Z',
      '2026-13-01T00:00:00Z',
      '2026-01-01T00:00:00.000Z',
      '2026-01-01T00:00:00.100Z',
      '2026-01-01T00:00:00.100000Z',
      '2026-01-01T00:00:00.123456789Z',
      '2026-01-01T00:00:00.5Z',
      '2026-01-01T06:00:00+06:00',
    ];
    const pad = (n: number, w: number) => String(n).padStart(w, '0');
    for (let i = 0; i < 3000; i++) {
      const fraction = [
        '',
        '.000',
        '.5',
        '.120',
        '.123',
        '.123000',
        '.123400',
        '.000001',
        '.000000',
        '.1234567',
      ][Math.floor(rng() * 10)];
      texts.push(
        `${pad(Math.floor(rng() * 10000), 4)}-${pad(Math.floor(rng() * 14), 2)}-${pad(Math.floor(rng() * 33), 2)}T` +
          `${pad(Math.floor(rng() * 26), 2)}:${pad(Math.floor(rng() * 61), 2)}:${pad(Math.floor(rng() * 62), 2)}${fraction}Z`,
      );
    }
    let canonical = 0;
    for (const text of texts) {
      let normalized: string | undefined;
      try {
        normalized = normalizeTimestamp(text);
      } catch {
        normalized = undefined;
      }
      expect(isCanonicalTimestamp(text), text).toBe(normalized === text);
      if (normalized === text) canonical++;
    }
    expect(canonical).toBeGreaterThan(200);
  });
});
