/**
 * The console's rules playground and rule coverage over the real offline emulators (private ports, their own rules
 * files): a question is answered by the rules the emulator enforces, against its data now, with the Requests view's
 * trace, and writes nothing (no data, no log entry, no count); coverage counts exactly the requests sent.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProjectConfig, startOfflineEmulators, type OfflineEmulators } from '../index.js';
import { mockIdToken } from '../testing/id-token.js';
import { handleConsoleApi } from './api.js';
import { playgroundCaller, type PlaygroundAnswer } from './rules-playground.js';
import type { ServiceCoverage } from './request-log.js';

const FIRESTORE_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function isAdmin() {
      return request.auth != null && exists(/databases/$(database)/documents/roles/$(request.auth.uid));
    }
    match /orders/{id} {
      allow get: if request.auth != null && resource.data.user_id == request.auth.uid;
      allow read: if isAdmin();
    }
    match /products/{id} {
      allow read: if true;
      allow update: if isAdmin() && request.resource.data.price is int;
      allow create: if isAdmin();
    }
  }
}
`;
const STORAGE_RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /images/{file} {
      allow read;
      allow write: if request.auth != null && request.resource.size < 1024;
    }
  }
}
`;
const lineOf = (source: string, text: string) => source.split('\n').findIndex((l) => l.includes(text)) + 1;

const base = readProjectConfig();
let dir: string;
let emulators: OfflineEmulators;
let api: Server;
let apiUrl: string;
let docs: string;
let storageUrl: string;

const owner = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
const as = (uid: string) => ({ Authorization: `Bearer ${mockIdToken(uid, { email: `${uid}@achar.test` })}` });

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'playground-'));
  await writeFile(join(dir, 'firestore.rules'), FIRESTORE_RULES);
  await writeFile(join(dir, 'storage.rules'), STORAGE_RULES);
  const config = {
    ...base,
    firestore: { ...base.firestore, rulesFile: join(dir, 'firestore.rules'), indexesFile: undefined },
    storage: { ...base.storage, rulesFile: join(dir, 'storage.rules') },
  };
  emulators = await startOfflineEmulators({ config, ports: { firestore: 0, storage: 0 } });
  api = createServer((req, res) => {
    void handleConsoleApi({ config, emulators }, req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const address = api.address();
  apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  docs = `${emulators.firestore.url}/v1/projects/${config.projectId}/databases/(default)/documents`;
  storageUrl = `${emulators.storage.url}/v0/b/${emulators.storage.defaultBucket}/o`;
  const put = (path: string, fields: object) =>
    fetch(`${docs}/${path}`, { method: 'PATCH', headers: owner, body: JSON.stringify({ fields }) });
  await put('orders/o1', { user_id: { stringValue: 'cust1' }, total: { integerValue: '500' } });
  await put('roles/admin1', { role: { stringValue: 'admin' } });
  await put('products/p1', { name: { stringValue: 'আমের আচার' }, price: { integerValue: '250' } });
}, 120_000);

afterAll(async () => {
  await new Promise((resolve) => api?.close(resolve));
  await emulators?.stop();
  await rm(dir, { recursive: true, force: true });
});

async function ask(
  question: object,
): Promise<{ status: number; body: PlaygroundAnswer & { error?: string } }> {
  const response = await fetch(`${apiUrl}/api/rules/playground`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(question),
  });
  return { status: response.status, body: (await response.json()) as PlaygroundAnswer & { error?: string } };
}

const user = (uid: string) => ({ uid, email: `${uid}@achar.test` });
const coverage = async (service: string) =>
  (await (await fetch(`${apiUrl}/api/coverage/${service}`)).json()) as ServiceCoverage;

describe('the rules playground', () => {
  it('allows a customer to read their own order, with the granting line, and denies another customer', async () => {
    const own = await ask({ service: 'firestore', method: 'get', path: 'orders/o1', user: user('cust1') });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ allowed: true, line: lineOf(FIRESTORE_RULES, 'allow get:') });
    expect(own.body.trace).toEqual([
      expect.objectContaining({ line: lineOf(FIRESTORE_RULES, 'allow get:'), outcome: 'granted' }),
    ]);
    expect(own.body.resource).toMatchObject({ fields: { user_id: { stringValue: 'cust1' } } });

    const other = await ask({ service: 'firestore', method: 'get', path: 'orders/o1', user: user('cust2') });
    expect(other.body.allowed).toBe(false);
    expect(other.body.trace.map((t) => [t.line, t.outcome])).toEqual([
      [lineOf(FIRESTORE_RULES, 'allow get:'), 'false'],
      [lineOf(FIRESTORE_RULES, 'allow read: if isAdmin()'), 'false'],
    ]);
    expect(other.body.trace[0].conditions).toEqual([
      { text: 'request.auth != null', outcome: 'true' },
      { text: 'resource.data.user_id == request.auth.uid', outcome: 'false' },
    ]);
    // Signed out: the first condition is false already.
    const anonymous = await ask({ service: 'firestore', method: 'get', path: 'orders/o1', user: null });
    expect(anonymous.body.trace[0].conditions[0]).toEqual({ text: 'request.auth != null', outcome: 'false' });
  });

  it('judges an update by the document after it, a product create by a customer is denied, and nothing is written', async () => {
    const logged = emulators.requests.list().length;
    const counted = await coverage('firestore');
    const update = await ask({
      service: 'firestore',
      method: 'update',
      path: 'products/p1',
      user: user('admin1'),
      fields: { price: { integerValue: '300' } },
    });
    expect(update.body).toMatchObject({ allowed: true, line: lineOf(FIRESTORE_RULES, 'allow update:') });
    // request.resource is the stored document with the payload written over it.
    expect(update.body.requestResource).toMatchObject({
      fields: { name: { stringValue: 'আমের আচার' }, price: { integerValue: '300' } },
    });
    const badPrice = await ask({
      service: 'firestore',
      method: 'update',
      path: 'products/p1',
      user: user('admin1'),
      fields: { price: { stringValue: 'তিনশো' } },
    });
    expect(badPrice.body.allowed).toBe(false);
    expect(badPrice.body.trace[0].conditions.map((c) => c.outcome)).toEqual(['true', 'false']);

    const create = await ask({
      service: 'firestore',
      method: 'create',
      path: 'products/p2',
      user: user('cust1'),
      fields: { name: { stringValue: 'নতুন' } },
    });
    expect(create.body).toMatchObject({ allowed: false, line: lineOf(FIRESTORE_RULES, 'allow create:') });

    // A question is not a request: no log entry, no coverage count.
    expect(emulators.requests.list().length).toBe(logged);
    expect(await coverage('firestore')).toEqual(counted);
    const stored = (await (await fetch(`${docs}/products/p1`, { headers: owner })).json()) as {
      fields: Record<string, unknown>;
    };
    expect(stored.fields.price).toEqual({ integerValue: '250' });
    expect((await fetch(`${docs}/products/p2`, { headers: owner })).status).toBe(404);
  });

  it('answers Storage questions by the upload an upload would make, storing nothing', async () => {
    const small = await ask({
      service: 'storage',
      method: 'create',
      path: 'images/a.jpg',
      user: user('cust1'),
      upload: { size: 10, contentType: 'image/jpeg' },
    });
    expect(small.body).toMatchObject({
      allowed: true,
      requestResource: { size: 10, contentType: 'image/jpeg' },
    });
    const big = await ask({
      service: 'storage',
      method: 'create',
      path: 'images/a.jpg',
      user: user('cust1'),
      upload: { size: 4096 },
    });
    expect(big.body.allowed).toBe(false);
    expect(big.body.trace[0].conditions.map((c) => c.outcome)).toEqual(['true', 'false']);
    expect((await fetch(`${storageUrl}/images%2Fa.jpg`, { headers: owner })).status).toBe(404);
  });

  it('refuses a question it cannot ask, with the reason', async () => {
    const cases: [object, RegExp][] = [
      [{ service: 'sql', method: 'get', path: 'a/b', user: null }, /service/],
      [{ service: 'firestore', method: 'read', path: 'a/b', user: null }, /method must be one of/],
      [{ service: 'firestore', method: 'get', path: 'orders', user: null }, /even number of segments/],
      [{ service: 'firestore', method: 'list', path: 'orders/o1', user: null }, /odd number of segments/],
      [
        { service: 'firestore', method: 'create', path: 'a/b', user: null, fields: { price: 5 } },
        /not a Firestore Value/,
      ],
      [{ service: 'firestore', method: 'get', path: 'a/b', user: { uid: '' } }, /user must be/],
      [
        { service: 'firestore', method: 'get', path: 'a/b', user: { uid: 'u1', emailVerified: 'yes' } },
        /user.emailVerified must be true or false/,
      ],
      [
        { service: 'storage', method: 'create', path: 'images/x', user: null, upload: { size: -1 } },
        /upload must be/,
      ],
    ];
    for (const [question, reason] of cases) {
      const { status, body } = await ask(question);
      expect(status, JSON.stringify(question)).toBe(400);
      expect(body.error).toMatch(reason);
    }
    const notJson = await fetch(`${apiUrl}/api/rules/playground`, { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
  });
});

describe("the playground's caller", () => {
  it("carries the Auth user's email_verified, false unless the user's e-mail is verified", () => {
    const token = (user: Parameters<typeof playgroundCaller>[0]) => {
      const caller = playgroundCaller(user, 'demo-x');
      return caller.kind === 'user' ? caller.auth.token : null;
    };
    expect(token({ uid: 'u1', email: 'a@b.cd', emailVerified: true })).toMatchObject({
      email: 'a@b.cd',
      email_verified: true,
    });
    expect(token({ uid: 'u1', email: 'a@b.cd' })).toMatchObject({ email_verified: false });
    expect(token({ uid: 'u1', email: 'a@b.cd', emailVerified: false })).toMatchObject({
      email_verified: false,
    });
    expect(token({ uid: 'u1' })).not.toHaveProperty('email_verified');
    expect(token(null)).toBeNull();
  });
});

describe('rule coverage', () => {
  it('counts exactly a scripted sequence of requests, for Firestore and Storage, and resets to zero', async () => {
    for (const service of ['firestore', 'storage']) {
      const reset = await fetch(`${apiUrl}/api/coverage/${service}`, { method: 'DELETE' });
      expect(reset.status).toBe(200);
    }
    expect((await fetch(`${docs}/orders/o1`, { headers: as('cust1') })).status).toBe(200);
    expect((await fetch(`${docs}/orders/o1`, { headers: as('cust2') })).status).toBe(403);
    expect((await fetch(`${docs}/orders/o1`, { headers: as('admin1') })).status).toBe(200);
    expect((await fetch(`${docs}/orders/o1`)).status).toBe(403);
    const upload = (size: number) =>
      fetch(`${storageUrl}?name=${encodeURIComponent('images/c.jpg')}`, {
        method: 'POST',
        headers: { ...as('cust1'), 'Content-Type': 'image/jpeg' },
        body: new Uint8Array(size),
      });
    expect((await upload(10)).status).toBe(200);
    expect((await upload(2048)).status).toBe(403);

    const firestore = await coverage('firestore');
    expect(firestore.rules?.text).toBe(FIRESTORE_RULES);
    const at = (text: string) =>
      firestore.report!.allows.find((a) => a.line === lineOf(FIRESTORE_RULES, text))!;
    expect(at('allow get:')).toMatchObject({
      evaluated: 4,
      true: 1,
      false: 3,
      error: 0,
      conditions: [
        { text: 'request.auth != null', evaluated: 4, true: 3, false: 1, error: 0 },
        { text: 'resource.data.user_id == request.auth.uid', evaluated: 3, true: 1, false: 2, error: 0 },
      ],
    });
    // Reached only when the owner's get failed: cust2, admin1, signed out.
    expect(at('allow read: if isAdmin()')).toMatchObject({ evaluated: 3, true: 1, false: 2, error: 0 });
    expect(at('allow update:')).toMatchObject({ evaluated: 0 });

    const storage = await coverage('storage');
    expect(
      storage.report!.allows.find((a) => a.line === lineOf(STORAGE_RULES, 'allow write:')),
    ).toMatchObject({
      evaluated: 2,
      true: 1,
      false: 1,
      conditions: [
        { evaluated: 2, true: 2, false: 0 },
        { evaluated: 2, true: 1, false: 1 },
      ],
    });

    // The Firestore emulator serves the same counts as Google's emulator serves its report.
    const projectId = base.projectId;
    const html = await (
      await fetch(`${emulators.firestore.url}/emulator/v1/projects/${projectId}:ruleCoverage.html`)
    ).text();
    expect(html).toContain(`data-allow-line="${lineOf(FIRESTORE_RULES, 'allow get:')}"`);
    expect(html).toContain('evaluated 4 · true 1 · false 3 · error 0');
    expect(html).toContain('2 of 5 allow statements evaluated at least once.');
    const json = (await (
      await fetch(`${emulators.firestore.url}/emulator/v1/projects/${projectId}:ruleCoverage`)
    ).json()) as Pick<ServiceCoverage, 'report'>;
    expect(json.report).toEqual(firestore.report);

    await fetch(`${apiUrl}/api/coverage/firestore`, { method: 'DELETE' });
    expect((await coverage('firestore')).report!.allows.every((a) => a.evaluated === 0)).toBe(true);
    // Storage keeps its own counts.
    expect((await coverage('storage')).report!.allows.some((a) => a.evaluated > 0)).toBe(true);
  });
});
