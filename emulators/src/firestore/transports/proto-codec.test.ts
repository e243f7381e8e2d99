import { fromProto3JSON } from 'proto3-json-serializer';
import type { JSONValue } from 'proto3-json-serializer';
import { describe, expect, it } from 'vitest';
import { decodeBinary, encodeBinary, messageType } from './protos.js';

/** Canonical proto3 JSON messages covering every shape the Firestore API carries. */
const samples: [string, Record<string, unknown>][] = [
  [
    'google.firestore.v1.CommitRequest',
    {
      database: 'projects/p/databases/(default)',
      writes: [
        {
          update: {
            name: 'projects/p/databases/(default)/documents/jars/mango',
            fields: {
              nothing: { nullValue: null },
              yes: { booleanValue: true },
              no: { booleanValue: false },
              big: { integerValue: '9223372036854775807' },
              small: { integerValue: '-9223372036854775808' },
              zero: { integerValue: '0' },
              half: { doubleValue: 0.5 },
              when: { timestampValue: '2026-11-21T06:00:00.123456Z' },
              text: { stringValue: 'আমের আচার 🥭' },
              blob: { bytesValue: 'AAEC/w==' },
              ref: { referenceValue: 'projects/p/databases/(default)/documents/a/b' },
              geo: { geoPointValue: { latitude: 23.7, longitude: 90.4 } },
              list: { arrayValue: { values: [{ integerValue: '1' }, { mapValue: {} }] } },
              empty: { arrayValue: {} },
              map: { mapValue: { fields: { inner: { stringValue: 'x' } } } },
            },
          },
          updateMask: {},
          updateTransforms: [
            { fieldPath: 'at', setToServerValue: 'REQUEST_TIME' },
            { fieldPath: 'n', increment: { integerValue: '1' } },
            { fieldPath: 'tags', appendMissingElements: { values: [{ stringValue: 'sour' }] } },
          ],
          currentDocument: { exists: false },
        },
        {
          delete: 'projects/p/databases/(default)/documents/jars/olive',
          currentDocument: { updateTime: '2026-01-01T00:00:00Z' },
        },
      ],
      transaction: 'dHhu',
    },
  ],
  [
    'google.firestore.v1.RunQueryRequest',
    {
      parent: 'projects/p/databases/(default)/documents',
      structuredQuery: {
        from: [{ collectionId: 'pickles', allDescendants: true }],
        where: {
          compositeFilter: {
            op: 'OR',
            filters: [
              {
                fieldFilter: {
                  field: { fieldPath: 'price' },
                  op: 'GREATER_THAN',
                  value: { integerValue: '100' },
                },
              },
              { unaryFilter: { op: 'IS_NAN', field: { fieldPath: 'score' } } },
            ],
          },
        },
        orderBy: [{ field: { fieldPath: 'price' }, direction: 'DESCENDING' }],
        startAt: { values: [{ integerValue: '5' }], before: true },
        offset: 2,
        limit: 10,
      },
      newTransaction: { readOnly: {} },
    },
  ],
  [
    'google.firestore.v1.ListenResponse',
    {
      targetChange: {
        targetChangeType: 'REMOVE',
        targetIds: [2, 4],
        cause: { code: 7, message: 'denied' },
        resumeToken: 'dG9rZW4=',
        readTime: '2026-11-21T06:00:00Z',
      },
    },
  ],
  [
    'google.firestore.v1.RunAggregationQueryResponse',
    {
      result: { aggregateFields: { n: { integerValue: '3' }, avg: { nullValue: null } } },
      readTime: '2026-11-21T06:00:00.000001Z',
    },
  ],
];

describe('gRPC codec', () => {
  it.each(samples)('round-trips %s exactly', (typeName, json) => {
    expect(decodeBinary(typeName, encodeBinary(typeName, json))).toEqual(json);
  });

  it.each(samples)('agrees byte for byte with the general proto3 JSON converter on %s', (typeName, json) => {
    const type = messageType(typeName);
    const reference = Buffer.from(type.encode(fromProto3JSON(type, json as JSONValue)!).finish());
    expect(encodeBinary(typeName, json).equals(reference)).toBe(true);
  });

  it('keeps the special doubles, NaN, ±Infinity and -0', () => {
    const decoded = decodeBinary<{ doubleValue: number }[]>(
      'google.firestore.v1.ArrayValue',
      encodeBinary('google.firestore.v1.ArrayValue', {
        values: [
          { doubleValue: 'NaN' },
          { doubleValue: Infinity },
          { doubleValue: '-Infinity' },
          { doubleValue: -0 },
        ],
      }),
    ) as unknown as { values: { doubleValue: number }[] };
    const values = decoded.values.map((v) => v.doubleValue);
    expect(values[0]).toBeNaN();
    expect(values.slice(1, 3)).toEqual([Infinity, -Infinity]);
    expect(Object.is(values[3], -0)).toBe(true);
  });
});
