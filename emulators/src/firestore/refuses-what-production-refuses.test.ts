/**
 * What production Firestore refuses, the emulator refuses too, with production's answer and nothing written:
 * undecodable paths, bodies of the wrong shape, bytes that are not base64, reserved field names, collection ids
 * with a slash, and listCollectionIds for anyone but the owner (it is an admin API; clients have no such call).
 */
import * as grpc from '@grpc/grpc-js';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFirestoreEmulator } from '../testing/firestore-emulator.js';
import { decodeBinary, encodeBinary } from './transports/protos.js';
import { mockIdToken } from '../testing/id-token.js';
import { OWNER, rawRequest, type RawResponse } from '../testing/http.js';

const PROJECT = 'demo-refusals';
const DB = `projects/${PROJECT}/databases/(default)`;
const DOCS = `/v1/${DB}/documents`;
const ALICE = { Authorization: `Bearer ${mockIdToken('alice')}` };
const emulator = useFirestoreEmulator();

const stored = () => JSON.stringify(emulator().engine.exportDocuments());

beforeEach(async () => {
  emulator().engine.reset(PROJECT);
  const seeded = await rawRequest(
    emulator().port,
    'POST',
    `${DOCS}:commit`,
    {
      writes: [{ update: { name: `${DB}/documents/jars/mango`, fields: { stock: { integerValue: '5' } } } }],
    },
    OWNER,
  );
  expect(seeded.status).toBe(200);
});

function expectInvalid(response: RawResponse, message: RegExp): void {
  expect(response.status, response.text).toBe(400);
  expect(response.body).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
  expect((response.body as { error: { message: string } }).error.message).toMatch(message);
}

const commitOf = (fields: unknown) => ({
  writes: [{ update: { name: `${DB}/documents/jars/lime`, fields } }],
});

describe('bad input is answered 400 INVALID_ARGUMENT and changes nothing', () => {
  const cases: [string, () => Promise<RawResponse>, RegExp][] = [
    [
      'a path with %FF',
      () => rawRequest(emulator().port, 'GET', `${DOCS}/jars/%FF`, undefined, OWNER),
      /path|URI|encod/i,
    ],
    [
      'a path with a cut-off UTF-8 sequence (%E0%A4)',
      () => rawRequest(emulator().port, 'PATCH', `${DOCS}/jars/%E0%A4`, { fields: {} }, OWNER),
      /path|URI|encod/i,
    ],
    [
      'a path segment that decodes to a slash',
      () => rawRequest(emulator().port, 'PATCH', `${DOCS}/jars/a%2Fb`, { fields: {} }, OWNER),
      /\//,
    ],
    [
      'a JSON array as a commit body',
      () => rawRequest(emulator().port, 'POST', `${DOCS}:commit`, [commitOf({})], OWNER),
      /object/i,
    ],
    [
      'a JSON string as a document body',
      () => rawRequest(emulator().port, 'PATCH', `${DOCS}/jars/lime`, '"x"', OWNER),
      /object/i,
    ],
    [
      'null as a commit body',
      () => rawRequest(emulator().port, 'POST', `${DOCS}:commit`, 'null', OWNER),
      /object/i,
    ],
    [
      'bytesValue that is not base64',
      () =>
        rawRequest(
          emulator().port,
          'POST',
          `${DOCS}:commit`,
          commitOf({ b: { bytesValue: '!!!***' } }),
          OWNER,
        ),
      /bytesValue|base64/i,
    ],
    [
      'a field named __proto__',
      () =>
        rawRequest(
          emulator().port,
          'POST',
          `${DOCS}:commit`,
          `{"writes":[{"update":{"name":"${DB}/documents/jars/lime","fields":{"__proto__":{"stringValue":"x"}}}}]}`,
          OWNER,
        ),
      /__proto__|reserved/i,
    ],
    [
      'a field named __proto__ inside a map',
      () =>
        rawRequest(
          emulator().port,
          'PATCH',
          `${DOCS}/jars/lime`,
          `{"fields":{"m":{"mapValue":{"fields":{"__proto__":{"integerValue":"1"}}}}}}`,
          OWNER,
        ),
      /__proto__|reserved/i,
    ],
    [
      'a query whose collectionId holds a slash',
      () =>
        rawRequest(
          emulator().port,
          'POST',
          `${DOCS}:runQuery`,
          { structuredQuery: { from: [{ collectionId: 'jars/mango/x' }] } },
          OWNER,
        ),
      /collection/i,
    ],
  ];

  it.each(cases)('%s', async (_case, send, message) => {
    const before = stored();
    expectInvalid(await send(), message);
    expect(stored()).toBe(before);
    const still = await rawRequest(emulator().port, 'GET', `${DOCS}/jars/mango`, undefined, OWNER);
    expect(still.status).toBe(200);
  });
});

describe('listCollectionIds', () => {
  it('answers the owner (the admin SDK) with the collection ids', async () => {
    const response = await rawRequest(emulator().port, 'POST', `${DOCS}:listCollectionIds`, {}, OWNER);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ collectionIds: ['jars'] });
  });

  it('refuses a signed-in user and a visitor over REST, as production does', async () => {
    for (const headers of [ALICE, {}]) {
      const response = await rawRequest(emulator().port, 'POST', `${DOCS}:listCollectionIds`, {}, headers);
      expect(response.status, response.text).toBe(403);
      expect(response.body).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
      expect(response.text).not.toContain('jars');
    }
  });

  it('refuses a signed-in user over gRPC', async () => {
    const client = new grpc.Client(`127.0.0.1:${emulator().port}`, grpc.credentials.createInsecure());
    try {
      const metadata = new grpc.Metadata();
      metadata.set('authorization', ALICE.Authorization);
      const error = await new Promise<grpc.ServiceError | null>((resolve) => {
        client.makeUnaryRequest(
          '/google.firestore.v1.Firestore/ListCollectionIds',
          (value: object) => encodeBinary('google.firestore.v1.ListCollectionIdsRequest', value),
          (bytes: Buffer) => decodeBinary('google.firestore.v1.ListCollectionIdsResponse', bytes),
          { parent: `${DB}/documents` },
          metadata,
          (err) => resolve(err),
        );
      });
      expect(error?.code).toBe(grpc.status.PERMISSION_DENIED);
    } finally {
      client.close();
    }
  });
});

describe('over gRPC', () => {
  it('refuses a document field named __proto__ (it would vanish when decoded) and writes nothing', async () => {
    // UpdateDocumentRequest { document: Document { name, fields: { "__proto__": { stringValue: "x" } } } }
    // built by hand: no encoder lets a map key "__proto__" through.
    const field = (tag: number, payload: Buffer) =>
      Buffer.concat([Buffer.from([(tag << 3) | 2, payload.length]), payload]);
    const text = (value: string) => Buffer.from(value, 'utf8');
    const entry = Buffer.concat([field(1, text('__proto__')), field(2, field(17, text('x')))]);
    const documentBytes = Buffer.concat([field(1, text(`${DB}/documents/jars/lime`)), field(2, entry)]);
    const request = field(1, documentBytes);
    const before = stored();
    const client = new grpc.Client(`127.0.0.1:${emulator().port}`, grpc.credentials.createInsecure());
    try {
      const metadata = new grpc.Metadata();
      metadata.set('authorization', OWNER.Authorization);
      const error = await new Promise<grpc.ServiceError | null>((resolve) => {
        client.makeUnaryRequest(
          '/google.firestore.v1.Firestore/UpdateDocument',
          (value: Buffer) => value,
          (bytes: Buffer) => bytes,
          request,
          metadata,
          (err) => resolve(err),
        );
      });
      expect(error?.code).toBe(grpc.status.INVALID_ARGUMENT);
      expect(error?.details).toMatch(/__proto__/);
    } finally {
      client.close();
    }
    expect(stored()).toBe(before);
  });
});
