/** Every Firestore value type arrives in proto3 JSON and becomes the rules type production gives it. */
import { describe, expect, it } from 'vitest';
import type { Value as FirestoreValue } from '../firestore/types.js';
import { compileRules } from './ruleset.js';
import { InMemoryFirestore } from './in-memory-firestore.js';
import { REQUEST_TIME } from '../testing/rules-requests.js';

const rules = compileRules(
  `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /values/{kind} {
      allow get: if kind == 'null' && resource.data.v == null && resource.data.v is null
        || kind == 'bool' && resource.data.v == true && resource.data.v is bool
        || kind == 'int' && resource.data.v == 9007199254740993 && resource.data.v is int
        || kind == 'intNumber' && resource.data.v == 42 && resource.data.v is int
        || kind == 'double' && resource.data.v == 2.5 && resource.data.v is float
        || kind == 'nan' && resource.data.v is float && math.isNaN(resource.data.v)
        || kind == 'infinity' && resource.data.v is float && math.isInfinite(resource.data.v)
        || kind == 'timestamp' && resource.data.v is timestamp && resource.data.v == timestamp.date(2026, 11, 21) + duration.value(1, 'ns')
        || kind == 'string' && resource.data.v == 'আচার' && resource.data.v is string
        || kind == 'bytes' && resource.data.v is bytes && resource.data.v == b'\\x00\\xffab'
        || kind == 'reference' && resource.data.v is path && resource.data.v == /databases/(default)/documents/products/p1
        || kind == 'geo' && resource.data.v is latlng && resource.data.v.latitude() == 23.7 && resource.data.v.longitude() == 90.4
        || kind == 'array' && resource.data.v is list && resource.data.v == [1, 'two', [3]]
        || kind == 'map' && resource.data.v is map && resource.data.v.inner.n == 1 && resource.data.v.keys() == ['inner'];
    }
  }
}`,
  'values.rules',
);

function decide(kind: string, v: FirestoreValue): boolean {
  return rules.evaluate(
    {
      service: 'cloud.firestore',
      path: `/databases/(default)/documents/values/${kind}`,
      method: 'get',
      auth: null,
      time: REQUEST_TIME,
      resource: {
        name: `projects/demo-project/databases/(default)/documents/values/${kind}`,
        fields: { v },
      },
      requestResource: null,
    },
    new InMemoryFirestore(),
  ).allowed;
}

describe('Firestore value conversion', () => {
  it.each<[string, FirestoreValue]>([
    ['null', { nullValue: null }],
    ['bool', { booleanValue: true }],
    ['int', { integerValue: '9007199254740993' }],
    ['intNumber', { integerValue: 42 }],
    ['double', { doubleValue: 2.5 }],
    ['nan', { doubleValue: 'NaN' }],
    ['infinity', { doubleValue: 'Infinity' }],
    ['timestamp', { timestampValue: '2026-11-21T00:00:00.000000001Z' }],
    ['string', { stringValue: 'আচার' }],
    ['bytes', { bytesValue: Buffer.from([0, 255, 97, 98]).toString('base64') }],
    ['reference', { referenceValue: 'projects/demo-project/databases/(default)/documents/products/p1' }],
    ['geo', { geoPointValue: { latitude: 23.7, longitude: 90.4 } }],
    [
      'array',
      {
        arrayValue: {
          values: [
            { integerValue: '1' },
            { stringValue: 'two' },
            { arrayValue: { values: [{ integerValue: '3' }] } },
          ],
        },
      },
    ],
    ['map', { mapValue: { fields: { inner: { mapValue: { fields: { n: { integerValue: '1' } } } } } } }],
  ])('converts a %s value', (kind, value) => {
    expect(decide(kind, value)).toBe(true);
  });

  it('does not mistake one type for another', () => {
    expect(decide('int', { doubleValue: 9007199254740992 })).toBe(false);
    expect(decide('double', { integerValue: '2' })).toBe(false);
    expect(decide('string', { bytesValue: Buffer.from('আচার').toString('base64') })).toBe(false);
    expect(decide('reference', { stringValue: '/databases/(default)/documents/products/p1' })).toBe(false);
  });

  it('denies, without throwing, a document holding a malformed value', () => {
    expect(decide('int', { integerValue: 'twelve' })).toBe(false);
    expect(decide('timestamp', { timestampValue: 'soon' })).toBe(false);
  });
});
