import { fromProto3JSON } from 'proto3-json-serializer';
import type { JSONValue } from 'proto3-json-serializer';
import { describe, expect, it } from 'vitest';
import protobuf from 'protobufjs';
import { canonicalJson, decodeBinary, encodeBinary, messageType } from './protos.js';

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

describe('fields the client SDKs send', () => {
  const name = 'projects/p/databases/(default)/documents/jars/mango';

  it("keep a transaction's verify write (field 5, missing from Google's published protos)", () => {
    const bytes = protobuf.Writer.create();
    // CommitRequest.writes (2) → Write.verify (5) and Write.currentDocument (4) → Precondition.exists (1)
    const write = protobuf.Writer.create()
      .uint32((5 << 3) | 2)
      .string(name)
      .uint32((4 << 3) | 2)
      .fork()
      .uint32(1 << 3)
      .bool(true)
      .ldelim()
      .finish();
    bytes
      .uint32((1 << 3) | 2)
      .string('projects/p/databases/(default)')
      .uint32((2 << 3) | 2)
      .bytes(write);
    expect(decodeBinary('google.firestore.v1.CommitRequest', bytes.finish())).toEqual({
      database: 'projects/p/databases/(default)',
      writes: [{ verify: name, currentDocument: { exists: true } }],
    });
  });

  it('refuse a field number the protos lack instead of dropping it', () => {
    const write = protobuf.Writer.create()
      .uint32((99 << 3) | 2)
      .string(name)
      .finish();
    const bytes = protobuf.Writer.create()
      .uint32((2 << 3) | 2)
      .bytes(write)
      .finish();
    expect(() => decodeBinary('google.firestore.v1.CommitRequest', bytes)).toThrow(
      /Unknown field number 99 in CommitRequest.writes/,
    );
  });

  it('refuse an unknown JSON name, as production does', () => {
    expect(() =>
      canonicalJson('google.firestore.v1.CommitRequest', { writes: [{ verify: name, extra: 1 }] }),
    ).toThrow(/Unknown name "extra" at 'writes\[0\]'/);
    expect(canonicalJson('google.firestore.v1.CommitRequest', { writes: [{ verify: name }] })).toEqual({
      writes: [{ verify: name }],
    });
  });
});
