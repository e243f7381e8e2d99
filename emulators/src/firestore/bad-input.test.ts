/**
 * Bad input over raw HTTP and raw gRPC: every malformed request gets a readable error with the production
 * code, changes nothing, and the server keeps serving. Also the wire-level error codes the SDKs cannot provoke
 * on their own (ABORTED from a conflicting transaction, UNAUTHENTICATED from a malformed token).
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from './server.js';
import { decodeBinary, encodeBinary } from './transports/protos.js';
import { OWNER, rawRequest, type RawResponse } from '../testing/http.js';
import { waitFor } from '../testing/waiting.js';

const PROJECT = 'demo-bad-input';
const DB = `projects/${PROJECT}/databases/(default)`;
const DOCS = `/v1/${DB}/documents`;
let emulator: FirestoreEmulator;
let grpcClient: grpc.Client;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0 });
  grpcClient = new grpc.Client(`127.0.0.1:${emulator.port}`, grpc.credentials.createInsecure());
});

afterAll(async () => {
  grpcClient?.close();
  await emulator?.stop();
});

const post = (path: string, body: unknown, headers: Record<string, string> = OWNER) =>
  rawRequest(emulator.port, 'POST', path, body, headers);

const commit = (writes: unknown[]) => post(`${DOCS}:commit`, { writes });

const update = (path: string, fields: Record<string, unknown>) => ({
  update: { name: `${DB}/documents/${path}`, fields },
});

const stored = () => JSON.stringify(emulator.engine.exportDocuments());

beforeEach(async () => {
  emulator.engine.reset(PROJECT);
  const seeded = await commit([update('jars/mango', { stock: { integerValue: '5' } })]);
  expect(seeded.status).toBe(200);
});

/** The server answers a normal read right after a bad request. */
async function stillServing(): Promise<void> {
  const ok = await rawRequest(emulator.port, 'GET', `${DOCS}/jars/mango`, undefined, OWNER);
  expect(ok.status).toBe(200);
  expect(ok.body).toMatchObject({ fields: { stock: { integerValue: '5' } } });
}

function expectError(response: RawResponse, status: number, grpcStatus: string, message: RegExp): void {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code: status, status: grpcStatus } });
  expect((response.body as { error: { message: string } }).error.message).toMatch(message);
}

describe('bad REST input', () => {
  const cases: {
    name: string;
    send: () => Promise<RawResponse>;
    status: number;
    code: string;
    message: RegExp;
  }[] = [
    {
      name: 'malformed JSON',
      send: () => post(`${DOCS}:commit`, '{"writes": [ {"update": '),
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: /Malformed JSON/,
    },
    {
      name: 'a body that is JSON but not an object of the request type',
      send: () => post(`${DOCS}:commit`, { writes: 'everything' }),
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: /CommitRequest|writes/,
    },
    {
      name: 'an unknown verb',
      send: () => post(`${DOCS}:explode`, {}),
      status: 404,
      code: 'NOT_FOUND',
      message: /explode/,
    },
    {
      name: 'an unknown route',
      send: () => rawRequest(emulator.port, 'GET', '/v2/something/else'),
      status: 404,
      code: 'NOT_FOUND',
      message: /\/v2\/something\/else/,
    },
    {
      name: 'an unknown emulator route',
      send: () => rawRequest(emulator.port, 'POST', '/emulator/v1/projects/p:selfDestruct', {}),
      status: 404,
      code: 'NOT_FOUND',
      message: /selfDestruct/,
    },
    {
      name: 'a reserved document id',
      send: () => rawRequest(emulator.port, 'GET', `${DOCS}/jars/__secret__`, undefined, OWNER),
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: /__secret__/,
    },
    {
      name: 'a write naming a collection instead of a document',
      send: () => commit([update('jars', { v: { integerValue: '1' } })]),
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: /does not name a document/,
    },
    {
      name: 'a write to another database than the request’s',
      send: () =>
        commit([{ update: { name: 'projects/other/databases/(default)/documents/jars/x', fields: {} } }]),
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: /belongs to/,
    },
    {
      name: 'an invalid field path in an update mask',
      send: () =>
        commit([
          {
            ...update('jars/mango', { stock: { integerValue: '0' } }),
            updateMask: { fieldPaths: ['stock..x'] },
          },
        ]),
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: /field path/,
    },
    {
      name: 'an unquoted special character in a query field path',
      send: () =>
        post(`${DOCS}:runQuery`, {
          structuredQuery: {
            from: [{ collectionId: 'jars' }],
            orderBy: [{ field: { fieldPath: 'price-tag' } }],
          },
        }),
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: /must be inside backticks/,
    },
    {
      name: 'a value without a type',
      send: () => commit([update('jars/mango', { stock: { integerValue: '0' }, bad: {} })]),
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: /value/i,
    },
    {
      name: 'an integer beyond 64 bits',
      send: () => commit([update('jars/mango', { stock: { integerValue: '9223372036854775808' } })]),
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: /64 bits|integer/i,
    },
    {
      name: 'a document over 1 MiB',
      send: () => commit([update('jars/mango', { blob: { stringValue: 'x'.repeat(1_048_600) } })]),
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: /1 MiB/,
    },
    {
      name: 'a batch of 501 writes',
      send: () =>
        commit(
          Array.from({ length: 501 }, (_, i) => update(`jars/j${i}`, { n: { integerValue: String(i) } })),
        ),
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: /at most 500 writes/,
    },
    {
      name: 'an unknown transaction',
      send: () => post(`${DOCS}:commit`, { transaction: 'bm9wZQ==', writes: [] }),
      status: 400,
      code: 'INVALID_ARGUMENT',
      message: /transaction/i,
    },
    {
      name: 'a malformed Authorization header',
      send: () => post(`${DOCS}:commit`, { writes: [] }, { Authorization: 'Basic YWxhZGRpbjpvcGVuc2VzYW1l' }),
      status: 401,
      code: 'UNAUTHENTICATED',
      message: /Bearer/,
    },
    {
      name: 'a bearer token that is not a JWT',
      send: () => post(`${DOCS}:commit`, { writes: [] }, { Authorization: 'Bearer not-a-jwt' }),
      status: 401,
      code: 'UNAUTHENTICATED',
      message: /JWT/,
    },
  ];

  it.each(cases)(
    'rejects $name, changes nothing and keeps serving',
    async ({ send, status, code, message }) => {
      const before = stored();
      expectError(await send(), status, code, message);
      expect(stored()).toBe(before);
      await stillServing();
    },
  );

  it('accepts exactly 500 writes in one commit', async () => {
    const ok = await commit(
      Array.from({ length: 500 }, (_, i) => update(`jars/j${i}`, { n: { integerValue: String(i) } })),
    );
    expect(ok.status).toBe(200);
    expect((ok.body as { writeResults: unknown[] }).writeResults).toHaveLength(500);
  });
});

describe('wire-level semantics', () => {
  // A web SDK caller's transaction (no owner token) is optimistic; the owner's would lock mango instead, and
  // the concurrent commit would wait for it (transaction-locks.test.ts).
  it('aborts a web caller’s transaction whose read was overwritten by a concurrent commit (409 ABORTED)', async () => {
    const web = {};
    const begun = await post(`${DOCS}:beginTransaction`, {}, web);
    expect(begun.status).toBe(200);
    const { transaction } = begun.body as { transaction: string };
    const read = await post(
      `${DOCS}:batchGet`,
      { documents: [`${DB}/documents/jars/mango`], transaction },
      web,
    );
    expect(read.body).toMatchObject([{ found: { fields: { stock: { integerValue: '5' } } } }]);
    expect((await commit([update('jars/mango', { stock: { integerValue: '4' } })])).status).toBe(200);
    const conflicted = await post(
      `${DOCS}:commit`,
      { transaction, writes: [update('jars/mango', { stock: { integerValue: '6' } })] },
      web,
    );
    expectError(conflicted, 409, 'ABORTED', /Transaction aborted/);
    const after = await rawRequest(emulator.port, 'GET', `${DOCS}/jars/mango`, undefined, OWNER);
    expect(after.body).toMatchObject({ fields: { stock: { integerValue: '4' } } });
  });

  it('keeps -0 and the special doubles on the wire', async () => {
    const written = await commit([
      update('jars/doubles', {
        negZero: { doubleValue: '-0' },
        nan: { doubleValue: 'NaN' },
        inf: { doubleValue: 'Infinity' },
      }),
    ]);
    expect(written.status).toBe(200);
    const read = await rawRequest(emulator.port, 'GET', `${DOCS}/jars/doubles`, undefined, OWNER);
    expect(read.text).toContain('"negZero":{"doubleValue":"-0"}');
    expect(read.body).toMatchObject({
      fields: { nan: { doubleValue: 'NaN' }, inf: { doubleValue: 'Infinity' } },
    });
  });

  it('applies maximum and minimum transforms with numeric comparison across int and double', async () => {
    const transform = (fieldTransforms: unknown[]) =>
      commit([{ transform: { document: `${DB}/documents/jars/mango`, fieldTransforms } }]);
    const result = await transform([
      { fieldPath: 'stock', maximum: { doubleValue: 7.5 } },
      { fieldPath: 'low', minimum: { integerValue: '3' } },
    ]);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      writeResults: [{ transformResults: [{ doubleValue: 7.5 }, { integerValue: '3' }] }],
    });
    await transform([
      { fieldPath: 'stock', maximum: { integerValue: '6' } },
      { fieldPath: 'low', minimum: { doubleValue: 1.5 } },
    ]);
    const read = await rawRequest(emulator.port, 'GET', `${DOCS}/jars/mango`, undefined, OWNER);
    expect(read.body).toMatchObject({ fields: { stock: { doubleValue: 7.5 }, low: { doubleValue: 1.5 } } });
  });
});

describe('WebChannel errors', () => {
  const channel = `/google.firestore.v1.Firestore/Write/channel`;
  const form = (messages: unknown[], ofs: number) =>
    new URLSearchParams({
      count: String(messages.length),
      ofs: String(ofs),
      ...Object.fromEntries(messages.map((m, i) => [`req${i}___data__`, JSON.stringify(m)])),
    }).toString();
  const unframe = (text: string): unknown => JSON.parse(text.slice(text.indexOf('\n') + 1));
  const send = async (query: string, body?: string, path = channel) => {
    const response = await fetch(`http://127.0.0.1:${emulator.port}${path}?VER=8&${query}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    return { status: response.status, text: await response.text() };
  };

  it('ends a Write stream with the production status when a write fails its precondition', async () => {
    const handshake = await send('RID=1&CVER=22&t=1', form([{ database: DB }], 0));
    const sid = (unframe(handshake.text) as [number, [string, string]][])[0][1][1];
    const opened = unframe((await send(`RID=rpc&SID=${sid}&AID=0&CI=1&TYPE=xmlhttp&t=1`)).text) as [
      number,
      [{ streamToken: string }],
    ][];
    const streamToken = opened[0][1][0].streamToken;
    expect(streamToken).toEqual(expect.any(String));
    const write = {
      streamToken,
      writes: [{ ...update('jars/ghost', { v: { integerValue: '1' } }), currentDocument: { exists: true } }],
    };
    expect((await send(`SID=${sid}&RID=2&AID=1&t=1`, form([write], 1))).status).toBe(200);
    const answer = unframe((await send(`RID=rpc&SID=${sid}&AID=1&CI=1&TYPE=xmlhttp&t=1`)).text);
    expect(answer).toEqual([
      [2, [{ error: { code: 5, message: expect.stringMatching(/ghost/), status: 'NOT_FOUND' } }]],
    ]);
    expect((await rawRequest(emulator.port, 'GET', `${DOCS}/jars/ghost`, undefined, OWNER)).status).toBe(404);
    await stillServing();
  });

  it('ends a Listen stream whose message is not JSON with INVALID_ARGUMENT and frees its listener', async () => {
    const listen = '/google.firestore.v1.Firestore/Listen/channel';
    // A good target first (which opens the listener), then a message that is not JSON.
    const body = new URLSearchParams({
      count: '2',
      ofs: '0',
      req0___data__: JSON.stringify({
        database: DB,
        addTarget: { targetId: 2, documents: { documents: [`${DB}/documents/jars/mango`] } },
      }),
      req1___data__: '{"addTarget": ',
    }).toString();
    const handshake = await send('RID=1&CVER=22&t=1', body, listen);
    expect(handshake.status).toBe(200);
    const sid = (unframe(handshake.text) as [number, [string, string]][])[0][1][1];
    const answer = unframe(
      (await send(`RID=rpc&SID=${sid}&AID=0&CI=1&TYPE=xmlhttp&t=1`, undefined, listen)).text,
    );
    const messages = answer as [number, [Record<string, unknown>]][];
    expect(messages.some(([, [m]]) => 'documentChange' in m)).toBe(true);
    expect(messages.at(-1)![1][0]).toEqual({
      error: { code: 3, message: expect.stringMatching(/Malformed JSON/), status: 'INVALID_ARGUMENT' },
    });
    expect(emulator.engine.activeListenStreams).toBe(0);
    await stillServing();
  });

  it('answers an unknown session with 400 Unknown SID', async () => {
    const response = await send('RID=rpc&SID=deadbeef&AID=0&CI=1&TYPE=xmlhttp&t=1');
    expect(response).toEqual({ status: 400, text: 'Unknown SID' });
  });
});

describe('bad gRPC input', () => {
  const identity = (b: Buffer) => b;
  const call = (method: string, payload: Buffer, metadata = new grpc.Metadata()) =>
    new Promise<{ code: number; details: string } | Buffer>((resolve) => {
      grpcClient.makeUnaryRequest(
        `/google.firestore.v1.Firestore/${method}`,
        identity,
        identity,
        payload,
        metadata,
        (error, value) => resolve(error ? { code: error.code, details: error.details } : value!),
      );
    });

  it('answers a malformed protobuf with INVALID_ARGUMENT, changes nothing and keeps serving', async () => {
    const before = stored();
    // Field 2 (writes) claims 5 bytes but the message ends after 1.
    const result = await call('Commit', Buffer.from([0x12, 0x05, 0x0a]));
    expect(result).toMatchObject({ code: grpc.status.INVALID_ARGUMENT });
    expect((result as { details: string }).details).toMatch(/Malformed CommitRequest/);
    expect(stored()).toBe(before);
    const metadata = new grpc.Metadata();
    metadata.set('authorization', 'Bearer owner');
    const good = await call(
      'GetDocument',
      encodeBinary('google.firestore.v1.GetDocumentRequest', { name: `${DB}/documents/jars/mango` }),
      metadata,
    );
    expect(Buffer.isBuffer(good)).toBe(true);
  });

  it('sends the response headers before a streamed error, which the server SDK would otherwise retry for 7 s', async () => {
    // google-gax's retry-request re-sends a server stream that fails before its headers, after 1 s, 2 s and 4 s
    // (emulators/docs/firestore-server-sdk.md): the headers must come first, the error after them.
    const metadata = new grpc.Metadata();
    metadata.set('authorization', 'Bearer owner');
    const stream = grpcClient.makeServerStreamRequest(
      '/google.firestore.v1.Firestore/RunQuery',
      (value: object) => encodeBinary('google.firestore.v1.RunQueryRequest', value),
      (bytes: Buffer) => decodeBinary<Record<string, unknown>>('google.firestore.v1.RunQueryResponse', bytes),
      { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'jars' }], limit: -1 } },
      metadata,
    );
    const events: string[] = [];
    stream.on('metadata', () => events.push('headers'));
    const code = await new Promise<number>((resolve) => {
      stream.on('error', (error: grpc.ServiceError) => resolve(error.code));
      stream.on('end', () => resolve(grpc.status.OK));
      stream.on('data', () => {});
    });
    expect(code).toBe(grpc.status.INVALID_ARGUMENT);
    expect(events).toEqual(['headers']);
  });

  it('commits nothing a client pipelined on a Write stream after a write that failed', async () => {
    const metadata = new grpc.Metadata();
    metadata.set('authorization', 'Bearer owner');
    const stream = grpcClient.makeBidiStreamRequest(
      '/google.firestore.v1.Firestore/Write',
      (value: object) => encodeBinary('google.firestore.v1.WriteRequest', value),
      (bytes: Buffer) => decodeBinary<Record<string, unknown>>('google.firestore.v1.WriteResponse', bytes),
      metadata,
    );
    const answers: Record<string, unknown>[] = [];
    const ended = new Promise<number>((resolve) => {
      stream.on('error', (error: grpc.ServiceError) => resolve(error.code));
      stream.on('end', () => resolve(grpc.status.OK));
    });
    stream.on('data', (answer: Record<string, unknown>) => answers.push(answer));
    stream.write({ database: DB });
    await waitFor(() => answers.length === 1, 'the handshake');
    const streamToken = answers[0].streamToken;
    // Three batches back to back, as the SDK pipelines them: the first fails its precondition.
    stream.write({
      streamToken,
      writes: [{ ...update('jars/ghost', {}), currentDocument: { exists: true } }],
    });
    stream.write({ streamToken, writes: [update('jars/pipelined', { v: { integerValue: '1' } })] });
    stream.write({ streamToken, writes: [update('jars/mango', { stock: { integerValue: '0' } })] });
    expect(await ended).toBe(grpc.status.NOT_FOUND);
    expect(answers).toHaveLength(1);
    // Barrier: a commit sent afterwards on the same connection is applied. The server reads a connection's
    // frames in order, so by the time it answers this one it has had the pipelined batches in hand.
    const barrier = await call(
      'Commit',
      encodeBinary('google.firestore.v1.CommitRequest', {
        database: DB,
        writes: [update('jars/barrier', { v: { integerValue: '1' } })],
      }),
      metadata,
    );
    expect(Buffer.isBuffer(barrier), JSON.stringify(barrier)).toBe(true);
    expect((await rawRequest(emulator.port, 'GET', `${DOCS}/jars/barrier`, undefined, OWNER)).status).toBe(
      200,
    );
    const pipelined = await rawRequest(emulator.port, 'GET', `${DOCS}/jars/pipelined`, undefined, OWNER);
    expect(pipelined.status).toBe(404);
    await stillServing(); // mango still has its stock of 5
  });

  it('answers a malformed Authorization header with UNAUTHENTICATED', async () => {
    const metadata = new grpc.Metadata();
    metadata.set('authorization', 'Token xyz');
    const result = await call(
      'GetDocument',
      encodeBinary('google.firestore.v1.GetDocumentRequest', { name: `${DB}/documents/jars/mango` }),
      metadata,
    );
    expect(result).toMatchObject({ code: grpc.status.UNAUTHENTICATED });
  });

  it('answers an invalid resource name with INVALID_ARGUMENT', async () => {
    const result = await call(
      'GetDocument',
      encodeBinary('google.firestore.v1.GetDocumentRequest', {
        name: 'projects/p/databases/d/documents/odd',
      }),
    );
    expect(result).toMatchObject({ code: grpc.status.INVALID_ARGUMENT });
    expect((result as { details: string }).details).toMatch(/does not name a document/);
  });
});
