/**
 * The Firestore emulator's side of Cloud Functions triggers, against a stand-in Functions emulator that
 * records what it is sent: the registration routes firebase-tools uses, which commits fire which triggers,
 * the wire shapes (binary CloudEvent with a protobuf DocumentEventData; the 1st gen JSON event), order per
 * document, retries, and that a slow or failing function never holds up a commit. The suite against the real
 * Functions emulator with real firebase-functions code is tests/functions/triggers.test.ts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import protobuf from 'protobufjs';
import { afterEach, describe, expect, it } from 'vitest';
import { OWNER, rawRequest } from '../../testing/http.js';
import { startFirestoreEmulator, type FirestoreEmulator } from '../server.js';
import { decodeBinary } from '../transports/protos.js';
import type { DocumentJson } from '../types.js';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in for firebase-tools' Functions emulator: records each request, answers with `answer`. */
async function fakeFunctions(answer: (request: Received) => Promise<number> | number = () => 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      void Promise.resolve(answer(request)).then((status) => res.writeHead(status).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const P = 'demo-triggers';
const DB = `projects/${P}/databases/(default)`;
let emulator: FirestoreEmulator | undefined;
let functions: Awaited<ReturnType<typeof fakeFunctions>> | undefined;

afterEach(async () => {
  await emulator?.stop();
  await functions?.close();
  emulator = undefined;
  functions = undefined;
});

async function start(answer?: (request: Received) => Promise<number> | number) {
  functions = await fakeFunctions(answer);
  emulator = await startFirestoreEmulator({
    port: 0,
    functionsEmulatorHost: `127.0.0.1:${functions.port}`,
    triggerDelivery: { attempts: 3, retryDelayMs: 20 },
  });
  return { emulator, functions };
}

const registerV2 = (port: number, key: string, eventType: string, document: string, database = '(default)') =>
  rawRequest(port, 'POST', `/emulator/v1/projects/${P}/eventarcTrigger?eventarcTriggerId=${key}`, {
    eventType: `google.cloud.firestore.document.v1.${eventType}`,
    database,
    namespace: '(default)',
    document: { value: document, matchType: 'PATH_PATTERN' },
  });

const registerV1 = (port: number, key: string, eventType: string, resource: string) =>
  rawRequest(port, 'PUT', `/emulator/v1/projects/${P}/triggers/${key}`, {
    eventTrigger: {
      eventType: `providers/cloud.firestore/eventTypes/document.${eventType}`,
      resource: `${DB}/documents/${resource}`,
      service: 'firestore.googleapis.com',
    },
  });

const commit = (port: number, writes: unknown[], headers: Record<string, string> = OWNER) =>
  rawRequest(port, 'POST', `/v1/${DB}/documents:commit`, { writes }, headers);

const set = (path: string, fields: Record<string, unknown>) => ({
  update: { name: `${DB}/documents/${path}`, fields },
});

/** DocumentEventData (google/events/cloud/firestore/v1/data.proto), read back field by field. */
function decodeEventData(base64: string): { value?: DocumentJson; oldValue?: DocumentJson; mask?: string[] } {
  const reader = protobuf.Reader.create(Buffer.from(base64, 'base64'));
  const out: { value?: DocumentJson; oldValue?: DocumentJson; mask?: string[] } = {};
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    const bytes = reader.bytes();
    if (tag >>> 3 === 1) out.value = decodeBinary('google.firestore.v1.Document', bytes);
    else if (tag >>> 3 === 2) out.oldValue = decodeBinary('google.firestore.v1.Document', bytes);
    else if (tag >>> 3 === 3)
      out.mask = decodeBinary<{ fieldPaths?: string[] }>(
        'google.firestore.v1.DocumentMask',
        bytes,
      ).fieldPaths;
  }
  return out;
}

async function settle(): Promise<void> {
  await emulator!.engine.triggers!.delivery.idle();
}

describe('registering triggers', () => {
  it('accepts the 1st and 2nd gen shapes and refuses malformed ones with a reason', async () => {
    const { emulator } = await start();
    expect((await registerV2(emulator.port, 'a-0', 'created', 'orders/{id}')).status).toBe(200);
    expect((await registerV1(emulator.port, 'b-0', 'write', 'orders/{id}')).status).toBe(200);
    const bad = await registerV2(emulator.port, 'c-0', 'exploded', 'orders/{id}');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Unknown Firestore event type');
    const otherProject = await rawRequest(emulator.port, 'PUT', `/emulator/v1/projects/${P}/triggers/d-0`, {
      eventTrigger: {
        eventType: 'providers/cloud.firestore/eventTypes/document.create',
        resource: 'projects/elsewhere/databases/(default)/documents/x/{id}',
      },
    });
    expect(otherProject.status).toBe(400);
    const listed = await rawRequest(emulator.port, 'GET', `/emulator/v1/projects/${P}/triggers`);
    expect(listed.body).toEqual({
      triggers: [
        {
          key: 'a-0',
          generation: '2nd',
          eventType: 'google.cloud.firestore.document.v1.created',
          database: '(default)',
          document: 'orders/{id}',
        },
        {
          key: 'b-0',
          generation: '1st',
          eventType: 'providers/cloud.firestore/eventTypes/document.write',
          database: '(default)',
          document: 'orders/{id}',
        },
      ],
    });
    expect((await rawRequest(emulator.port, 'DELETE', `/emulator/v1/projects/${P}/triggers`)).status).toBe(
      200,
    );
    expect(emulator.engine.triggers!.registry.size).toBe(0);
  });

  it('is refused by an emulator started without a Functions emulator', async () => {
    emulator = await startFirestoreEmulator({ port: 0 });
    const answer = await registerV2(emulator.port, 'a-0', 'created', 'orders/{id}');
    expect(answer.status).toBe(400);
    expect(answer.text).toContain('without a Functions emulator');
  });
});

describe('delivering events', () => {
  it('sends a 2nd gen CloudEvent with the protobuf DocumentEventData, to the triggers a change matches', async () => {
    const { emulator, functions } = await start();
    await registerV2(emulator.port, 'created-0', 'created', 'shops/{shop}/items/{item}');
    await registerV2(emulator.port, 'updated-0', 'updated', 'shops/{shop}/items/{item}');
    await registerV2(emulator.port, 'written-0', 'written', 'shops/{rest=**}');
    await registerV2(emulator.port, 'never-0', 'created', 'never/{id}/matches/{x}');
    const first = await commit(emulator.port, [set('shops/s1/items/i1', { qty: { integerValue: '3' } })]);
    expect(first.status).toBe(200);
    await commit(emulator.port, [
      set('shops/s1/items/i1', { qty: { integerValue: '4' }, note: { stringValue: 'x' } }),
    ]);
    await settle();

    const to = (key: string) => functions.received.filter((r) => r.path.endsWith(`/triggers/${key}`));
    expect(to('never-0')).toHaveLength(0);
    expect(to('created-0')).toHaveLength(1);
    expect(to('updated-0')).toHaveLength(1);
    expect(to('written-0')).toHaveLength(2);

    const [created] = to('created-0');
    expect(created.path).toBe(`/functions/projects/${P}/triggers/created-0`);
    const commitTime = (first.body as { commitTime: string }).commitTime;
    expect(created.headers).toMatchObject({
      'content-type': 'application/protobuf',
      'ce-specversion': '1.0',
      'ce-type': 'google.cloud.firestore.document.v1.created',
      'ce-source': `//firestore.googleapis.com/${DB}`,
      'ce-subject': 'documents/shops/s1/items/i1',
      'ce-time': commitTime,
      'ce-project': P,
      'ce-database': '(default)',
      'ce-namespace': '(default)',
      'ce-document': 'shops/s1/items/i1',
    });
    const data = decodeEventData(created.body);
    expect(data.oldValue).toBeUndefined();
    expect(data.value).toMatchObject({
      name: `${DB}/documents/shops/s1/items/i1`,
      fields: { qty: { integerValue: '3' } },
      createTime: commitTime,
      updateTime: commitTime,
    });

    const update = decodeEventData(to('updated-0')[0].body);
    expect(update.oldValue?.fields).toEqual({ qty: { integerValue: '3' } });
    expect(update.value?.fields).toEqual({ qty: { integerValue: '4' }, note: { stringValue: 'x' } });
    expect(update.mask).toEqual(['note', 'qty']);
    // The same change has one id, whichever trigger receives it.
    expect(to('written-0')[0].headers['ce-id']).toBe(created.headers['ce-id']);
    expect(to('written-0')[1].headers['ce-id']).toBe(to('updated-0')[0].headers['ce-id']);
  });

  it('sends the 1st gen JSON event with the Change in data', async () => {
    const { emulator, functions } = await start();
    await registerV1(emulator.port, 'v1-0', 'write', 'orders/{id}');
    await commit(emulator.port, [set('orders/o1', { total: { doubleValue: 12.5 } })]);
    await commit(emulator.port, [{ delete: `${DB}/documents/orders/o1` }]);
    await settle();
    expect(functions.received).toHaveLength(2);
    const [create, remove] = functions.received.map(
      (r) => JSON.parse(r.body) as { data: Record<string, unknown>; eventType: string; resource: string },
    );
    expect(functions.received[0].headers['content-type']).toBe('application/json');
    expect(create).toMatchObject({
      eventType: 'providers/cloud.firestore/eventTypes/document.write',
      resource: `${DB}/documents/orders/o1`,
      data: {
        oldValue: {},
        value: { name: `${DB}/documents/orders/o1`, fields: { total: { doubleValue: 12.5 } } },
      },
    });
    expect(remove.data).toMatchObject({ value: {}, oldValue: { fields: { total: { doubleValue: 12.5 } } } });
  });

  it('fires one event per changed document of a commit, none for a refused commit', async () => {
    const { emulator, functions } = await start();
    await registerV2(emulator.port, 'w-0', 'written', 'docs/{id}');
    const denyAll =
      "rules_version = '2'; service cloud.firestore { match /databases/{db}/documents { match /{d=**} { allow read, write: if false; } } }";
    await rawRequest(emulator.port, 'PUT', `/emulator/v1/projects/${P}:securityRules`, {
      rules: { files: [{ name: 'firestore.rules', content: denyAll }] },
    });
    await commit(emulator.port, [set('docs/a', {}), set('docs/b', {}), set('other/c', {})]);
    // The rules refuse everyone but the owner (the admin SDKs).
    const refused = await commit(emulator.port, [set('docs/refused', {})], {});
    expect(refused.status).toBe(403);
    const failed = await commit(emulator.port, [
      set('docs/x', {}),
      { ...set('docs/a', {}), currentDocument: { exists: false } },
    ]);
    expect(failed.status).toBe(409);
    await settle();
    expect(functions.received.map((r) => r.headers['ce-document']).sort()).toEqual(['docs/a', 'docs/b']);
  });

  it('keeps each document in commit order, and a slow function holds up only its own document', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { emulator, functions } = await start(async (request) => {
      if (request.headers['ce-document'] === 'docs/slow') await held;
      return 200;
    });
    await registerV2(emulator.port, 'w-0', 'written', 'docs/{id}');
    const n = (i: number) => ({ n: { integerValue: String(i) } });
    for (let i = 0; i < 3; i++) await commit(emulator.port, [set('docs/slow', n(i))]);
    for (let i = 0; i < 3; i++) await commit(emulator.port, [set('docs/fast', n(i))]);
    // The commits were answered while the slow document's first event waits; the fast one's all arrived.
    await expect
      .poll(() => functions.received.filter((r) => r.headers['ce-document'] === 'docs/fast').length)
      .toBe(3);
    expect(functions.received.filter((r) => r.headers['ce-document'] === 'docs/slow')).toHaveLength(1);
    release();
    await settle();
    const order = (doc: string) =>
      functions.received
        .filter((r) => r.headers['ce-document'] === doc)
        .map(
          (r) =>
            (decodeEventData(r.body).value?.fields?.n as { integerValue?: string } | undefined)?.integerValue,
        );
    expect(order('docs/slow')).toEqual(['0', '1', '2']);
    expect(order('docs/fast')).toEqual(['0', '1', '2']);
  });

  it('answers …/triggers:settled once the events sent so far are answered, not waiting for later ones', async () => {
    const held = new Map<string, () => void>();
    const { emulator, functions } = await start(
      (request) =>
        new Promise<number>((resolve) =>
          held.set(String(request.headers['ce-document']), () => resolve(200)),
        ),
    );
    await registerV2(emulator.port, 'c-0', 'created', 'docs/{id}');
    await commit(emulator.port, [set('docs/first', {})]);
    await expect.poll(() => held.has('docs/first')).toBe(true);
    let answered = false;
    const settled = rawRequest(emulator.port, 'GET', `/emulator/v1/projects/${P}/triggers:settled`).then(
      (response) => {
        answered = true;
        return response;
      },
    );
    // An event sent after the question, still unanswered, does not hold the answer up; the first one does.
    await commit(emulator.port, [set('docs/later', {})]);
    await expect.poll(() => held.has('docs/later')).toBe(true);
    expect(answered).toBe(false);
    held.get('docs/first')!();
    expect((await settled).status).toBe(200);
    expect(functions.received).toHaveLength(2);
    held.get('docs/later')!();
  });

  it('sends again, with the same id, what the Functions emulator did not take; a failing function is not retried', async () => {
    let calls = 0;
    const { emulator, functions } = await start(() => (++calls === 1 ? 503 : 500));
    await registerV2(emulator.port, 'w-0', 'written', 'docs/{id}');
    await commit(emulator.port, [set('docs/a', {})]);
    await settle();
    expect(functions.received).toHaveLength(2);
    expect(functions.received[1].headers['ce-id']).toBe(functions.received[0].headers['ce-id']);
  });

  it('carries who wrote in the …withAuthContext events', async () => {
    const { emulator, functions } = await start();
    await registerV2(emulator.port, 'a-0', 'created.withAuthContext', 'docs/{id}');
    await commit(emulator.port, [set('docs/a', {})]);
    await settle();
    expect(functions.received[0].headers).toMatchObject({
      'ce-type': 'google.cloud.firestore.document.v1.created.withAuthContext',
      'ce-authtype': 'service_account',
    });
  });

  it('sends a burst of events at most four at a time, and every one of them', async () => {
    let atOnce = 0;
    let mostAtOnce = 0;
    const { emulator, functions } = await start(async () => {
      mostAtOnce = Math.max(mostAtOnce, ++atOnce);
      await new Promise((resolve) => setTimeout(resolve, 20));
      atOnce--;
      return 200;
    });
    await registerV2(emulator.port, 'burst-0', 'created', 'jars/{id}');
    const writes = Array.from({ length: 30 }, (_, index) =>
      set(`jars/j${index}`, { n: { integerValue: index } }),
    );
    expect((await commit(emulator.port, writes)).status).toBe(200);
    await settle();
    expect(functions.received).toHaveLength(30);
    expect(mostAtOnce).toBe(4);
    expect(emulator.engine.triggers!.delivery.peakInFlight).toBe(4);
  });

  it('gives up on a Functions emulator that is gone without failing a commit', async () => {
    const { emulator, functions } = await start();
    await registerV2(emulator.port, 'w-0', 'written', 'docs/{id}');
    await functions.close();
    const answer = await commit(emulator.port, [set('docs/a', {})]);
    expect(answer.status).toBe(200);
    await settle();
    expect(functions.received).toHaveLength(0);
    expect(
      (await rawRequest(emulator.port, 'GET', `/v1/${DB}/documents/docs/a`, undefined, OWNER)).status,
    ).toBe(200);
  });
});
