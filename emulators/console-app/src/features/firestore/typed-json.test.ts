/** Editing a document or a map/array as JSON keeps every Firestore type, however deep, and refuses mistakes. */
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/language';
import { parseTypedFields, parseTypedValue, typedJsonText } from './typed-json';
import type { Fields } from './values';

const ROOT = 'projects/demo-project/databases/(default)/documents';

/** One of every type Firestore stores, at the top and nested in maps and arrays. */
const EVERY_TYPE: Fields = {
  text: { stringValue: 'আমের আচার' },
  count: { integerValue: '12' },
  huge: { integerValue: '9223372036854775807' },
  price: { doubleValue: 12.5 },
  whole: { doubleValue: 12 },
  notANumber: { doubleValue: 'NaN' as unknown as number },
  active: { booleanValue: true },
  nothing: { nullValue: null },
  at: { timestampValue: '2026-11-22T12:30:00.123456Z' },
  product: { referenceValue: `${ROOT}/products/p1` },
  where: { geoPointValue: { latitude: 23.81, longitude: 90.41 } },
  photo: { bytesValue: 'iVBORw0KGgo=' },
  nested: {
    mapValue: {
      fields: {
        items: {
          arrayValue: {
            values: [
              {
                mapValue: {
                  fields: {
                    at: { timestampValue: '2026-01-01T00:00:00Z' },
                    ref: { referenceValue: `${ROOT}/orders/o1/lines/l1` },
                  },
                },
              },
              { geoPointValue: { latitude: -1, longitude: 2 } },
              { bytesValue: 'AAE=' },
              { doubleValue: 3 },
            ],
          },
        },
        looksTagged: { mapValue: { fields: { $timestamp: { stringValue: 'not a time' } } } },
        empty: { mapValue: {} },
        none: { arrayValue: {} },
      },
    },
  },
};

/** What the REST API gives back for what was sent (empty maps and arrays come back as such). */
const normalised = (fields: Fields) => JSON.parse(JSON.stringify(fields)) as Fields;

beforeEach(() => setLanguage('en'));

describe('a document as typed JSON', () => {
  it('round-trips every type, nested in maps and arrays too', () => {
    const text = typedJsonText(EVERY_TYPE, true);
    const parsed = parseTypedFields(text, ROOT);
    expect('value' in parsed && normalised(parsed.value)).toEqual(
      normalised({
        ...EVERY_TYPE,
        nested: {
          mapValue: {
            fields: {
              ...(EVERY_TYPE.nested as { mapValue: { fields: Fields } }).mapValue.fields,
              empty: { mapValue: { fields: {} } },
              none: { arrayValue: { values: [] } },
            },
          },
        },
      }),
    );
  });

  it('reads as JSON a person can write by hand', () => {
    const text = typedJsonText(EVERY_TYPE, true);
    expect(JSON.parse(text)).toMatchObject({
      at: { $timestamp: '2026-11-22T12:30:00.123456Z' },
      product: { $reference: 'products/p1' },
      where: { $geopoint: [23.81, 90.41] },
      photo: { $bytes: 'iVBORw0KGgo=' },
      whole: { $double: 12 },
      price: 12.5,
      count: 12,
      huge: { $integer: '9223372036854775807' },
      nested: { looksTagged: { $map: { $timestamp: 'not a time' } } },
    });
    const written = parseTypedFields(
      '{"qty": 2, "rate": 2.5, "when": {"$timestamp": "2026-11-22T06:00:00Z"}, "tags": ["a", {"$reference": "/products/p2"}]}',
      ROOT,
    );
    expect(written).toEqual({
      value: {
        qty: { integerValue: '2' },
        rate: { doubleValue: 2.5 },
        when: { timestampValue: '2026-11-22T06:00:00Z' },
        tags: {
          arrayValue: { values: [{ stringValue: 'a' }, { referenceValue: `${ROOT}/products/p2` }] },
        },
      },
    });
  });

  it('says where a mistake is, and gives nothing to save', () => {
    expect(parseTypedFields('{"a": ', ROOT)).toMatchObject({
      error: expect.stringMatching(/^The text is not valid JSON/),
    });
    expect(parseTypedFields('[1, 2]', ROOT)).toEqual({ error: expect.stringMatching(/one JSON object/) });
    expect(parseTypedFields('{"items": [1, {"at": {"$timestamp": "yesterday"}}]}', ROOT)).toEqual({
      error: 'items[1].at: "yesterday" is not a date and time (e.g. 2026-11-22 18:30).',
    });
    expect(parseTypedFields('{"p": {"$reference": "products"}}', ROOT)).toMatchObject({
      error: expect.stringMatching(/^p: "products" is not a document path/),
    });
    expect(parseTypedFields('{"g": {"$geopoint": [100, 0]}}', ROOT)).toMatchObject({
      error: expect.stringMatching(/^g: The latitude must be within ±90/),
    });
    expect(parseTypedFields('{"b": {"$bytes": "not base64!"}}', ROOT)).toMatchObject({
      error: expect.stringMatching(/^b: Bytes are written in base64/),
    });
    expect(parseTypedFields('{"n": 9007199254740993}', ROOT)).toMatchObject({
      error: expect.stringMatching(/^n: A whole number this large/),
    });
    expect(parseTypedFields('{"n": {"$integer": "9223372036854775808"}}', ROOT)).toMatchObject({
      error: expect.stringMatching(/outside the range of a 64-bit integer/),
    });
  });

  it('says it in Bengali on a Bengali page', () => {
    setLanguage('bn');
    expect(parseTypedFields('{"at": {"$timestamp": 5}}', ROOT)).toEqual({
      error: 'at: “5” কোনো তারিখ ও সময় নয় (যেমন 2026-11-22 18:30)।',
    });
  });
});

describe('a map or array field as typed JSON', () => {
  it('keeps a timestamp inside a map a timestamp, not a string', () => {
    const value = EVERY_TYPE.nested!;
    const parsed = parseTypedValue(typedJsonText(value), ROOT);
    expect('value' in parsed && JSON.stringify(parsed.value)).toContain(
      '"timestampValue":"2026-01-01T00:00:00Z"',
    );
    expect(parseTypedValue('[{"$geopoint": [1, 2]}]', ROOT)).toEqual({
      value: { arrayValue: { values: [{ geoPointValue: { latitude: 1, longitude: 2 } }] } },
    });
  });
});
