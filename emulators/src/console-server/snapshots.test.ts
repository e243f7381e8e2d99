/**
 * Named snapshots over the real offline emulators and a stand-in for firebase-tools' Auth emulator (its REST
 * routes the snapshots use, in memory): save, change everything, restore while a listener is open, delete;
 * names checked, an existing name kept unless replacing is asked for, a damaged snapshot refused with the data
 * untouched; and the console API's answers.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProjectConfig, startOfflineEmulators, type OfflineEmulators } from '../index.js';
import type { ListenResponseJson } from '../firestore/types.js';
import { handleConsoleApi } from './api.js';
import { snapshotName, SnapshotError, Snapshots } from './snapshots.js';

const config = readProjectConfig();
const projectId = config.projectId;
const DB = `projects/${projectId}/databases/(default)`;
const OWNER = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };

/** The Auth emulator's routes the snapshots use, over an in-memory list of accounts. */
function fakeAuth() {
  let users: { localId: string; email: string; passwordHash: string }[] = [];
  let authConfig: Record<string, unknown> = { signIn: { allowDuplicateEmails: false } };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const send = (value: unknown) =>
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
      if (req.headers.authorization !== 'Bearer owner') return res.writeHead(401).end('{}');
      const route = `${req.method} ${url.pathname}`;
      if (route === `GET /identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet`)
        return send(
          users.length ? { kind: 'identitytoolkit#DownloadAccountResponse', users } : { kind: 'x' },
        );
      if (route === `GET /emulator/v1/projects/${projectId}/config`) return send(authConfig);
      if (route === `PATCH /emulator/v1/projects/${projectId}/config`) {
        authConfig = JSON.parse(body) as Record<string, unknown>;
        return send(authConfig);
      }
      if (route === `DELETE /emulator/v1/projects/${projectId}/accounts`) {
        users = [];
        return send({});
      }
      if (route === `POST /identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchCreate`) {
        users.push(...(JSON.parse(body) as { users: typeof users }).users);
        return send({});
      }
      res.writeHead(404).end('{}');
    });
  });
  return {
    server,
    get users() {
      return users;
    },
    set users(next) {
      users = next;
    },
  };
}

let emulators: OfflineEmulators;
let auth: ReturnType<typeof fakeAuth>;
let authPort: number;
let dir: string;
let snapshots: Snapshots;
let api: Server;
let apiUrl: string;

const put = (path: string, fields: Record<string, unknown>) =>
  fetch(`http://127.0.0.1:${emulators.firestore.port}/v1/${DB}/documents/${path}`, {
    method: 'PATCH',
    headers: OWNER,
    body: JSON.stringify({ fields }),
  }).then((r) => expect(r.status).toBe(200));
const documents = () =>
  Object.fromEntries(
    emulators.firestore.engine.databasesInUse().flatMap((s) => [...s.all()].map((d) => [d.key, d.fields])),
  );
const upload = (name: string, text: string) =>
  fetch(
    `http://127.0.0.1:${emulators.storage.port}/upload/storage/v1/b/${projectId}.appspot.com/o?uploadType=media&name=${encodeURIComponent(name)}`,
    { method: 'POST', headers: { Authorization: 'Bearer owner', 'Content-Type': 'text/plain' }, body: text },
  ).then((r) => expect(r.status).toBe(200));
const objects = async () => {
  const response = await fetch(
    `http://127.0.0.1:${emulators.storage.port}/storage/v1/b/${projectId}.appspot.com/o`,
    { headers: { Authorization: 'Bearer owner' } },
  );
  return ((await response.json()) as { items?: { name: string }[] }).items?.map((i) => i.name) ?? [];
};

beforeAll(async () => {
  emulators = await startOfflineEmulators({ config, ports: { firestore: 0, storage: 0 } });
  auth = fakeAuth();
  await new Promise<void>((resolve) => auth.server.listen(0, '127.0.0.1', resolve));
  authPort = (auth.server.address() as { port: number }).port;
  dir = await mkdtemp(join(tmpdir(), 'snapshots-'));
  snapshots = new Snapshots({ dir, emulators, projectId, auth: { host: '127.0.0.1', port: authPort } });
  api = createServer((req, res) => void handleConsoleApi({ config, emulators, snapshots }, req, res));
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as { port: number }).port}/api/snapshots`;
}, 60_000);
afterAll(async () => {
  api?.close();
  auth?.server.close();
  await emulators?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('named snapshots of the whole local state', () => {
  it('saves Firestore, Storage and Auth, and restores all three while a listener is open', async () => {
    await put('products/p1', { stock: { integerValue: '10' } });
    await upload('product-images/p1.png', 'first image');
    auth.users = [{ localId: 'u1', email: 'a@achar.test', passwordHash: 'fakeHash:salt=s:password=pw1' }];

    const saved = await snapshots.save('before the sale');
    expect(saved).toMatchObject({ name: 'before the sale', documents: 1, objects: 1, users: 1 });

    await put('products/p1', { stock: { integerValue: '0' } });
    await put('orders/o1', { quantity: { integerValue: '10' } });
    await upload('product-images/p2.png', 'second image');
    auth.users = [...auth.users, { localId: 'u2', email: 'b@achar.test', passwordHash: 'x' }];
    const received: ListenResponseJson[] = [];
    const stream = emulators.firestore.engine.openListen({ kind: 'owner' }, (m) => received.push(m));
    stream.handle({
      database: DB,
      addTarget: {
        targetId: 1,
        query: { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'products' }] } },
      },
    });
    const initial = received.length;

    const report = await snapshots.restore('before the sale');

    expect(report).toMatchObject({ firestore: { written: 1, deleted: 1, kept: 0 }, restoredUsers: 1 });
    expect(documents()).toEqual({ 'products/p1': { stock: { integerValue: '10' } } });
    expect(await objects()).toEqual(['product-images/p1.png']);
    expect(auth.users.map((u) => u.localId)).toEqual(['u1']);
    expect(auth.users[0]!.passwordHash).toBe('fakeHash:salt=s:password=pw1');
    const changed = received
      .slice(initial)
      .flatMap((m) => (m.documentChange ? [m.documentChange.document] : []));
    expect(changed).toEqual([expect.objectContaining({ fields: { stock: { integerValue: '10' } } })]);
    stream.close?.();
  });

  it('keeps an existing name unless replacing is asked for, and lists the newest first', async () => {
    await expect(snapshots.save('before the sale')).rejects.toThrow(SnapshotError);
    await put('products/p1', { stock: { integerValue: '7' } });
    const replaced = await snapshots.save('before the sale', { replace: true });
    expect(replaced.documents).toBe(1);
    await snapshots.save('দোকান খোলার আগে');
    const listed = await snapshots.list();
    expect(listed.map((s) => s.name)).toEqual(['দোকান খোলার আগে', 'before the sale']);
    // Nothing half-written is left beside them.
    expect((await readdir(dir)).sort()).toEqual(['before the sale', 'দোকান খোলার আগে']);
  });

  it('refuses a name that cannot be a folder, and a snapshot it does not have', async () => {
    for (const bad of ['', '   ', '../x', 'a/b', '.hidden', 'x'.repeat(65), 42])
      expect(() => snapshotName(bad), String(bad)).toThrow(/A snapshot name is 1 to 64/);
    expect(snapshotName('  seed  ')).toBe('seed');
    await expect(snapshots.restore('never saved')).rejects.toMatchObject({ status: 404 });
    await expect(snapshots.remove('never saved')).rejects.toMatchObject({ status: 404 });
  });

  it('changes nothing when a snapshot is damaged', async () => {
    await snapshots.save('damaged');
    const storageDir = join(dir, 'damaged', 'storage', 'blobs', `${projectId}.appspot.com`);
    const [blob] = await readdir(storageDir);
    await writeFile(join(storageDir, blob!), 'not the bytes that were saved');
    await put('products/p1', { stock: { integerValue: '3' } });
    const before = documents();
    const files = await objects();

    await expect(snapshots.restore('damaged')).rejects.toThrow(/does not match its MD5 hash/);

    expect(documents()).toEqual(before);
    expect(await objects()).toEqual(files);
  });

  it('answers the console page: list, save, restore, delete, and sentences for refusals', async () => {
    const list = (await (await fetch(apiUrl)).json()) as { snapshots: { name: string }[] };
    expect(list.snapshots.map((s) => s.name)).toContain('before the sale');

    const save = (body: unknown) =>
      fetch(apiUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await save({ name: 'api' })).status).toBe(200);
    const again = await save({ name: 'api' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'A snapshot named "api" exists already.' });
    expect((await save({ name: 'a/b' })).status).toBe(400);
    expect((await save({ name: 'api', replace: true })).status).toBe(200);

    const restored = await fetch(`${apiUrl}/api/restore`, { method: 'POST' });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ name: 'api', restoredUsers: 1 });
    expect((await fetch(`${apiUrl}/nope/restore`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${apiUrl}/%E0%A4/restore`, { method: 'POST' })).status).toBe(400);

    expect((await fetch(`${apiUrl}/api`, { method: 'DELETE' })).status).toBe(200);
    expect((await fetch(`${apiUrl}/api`, { method: 'DELETE' })).status).toBe(404);
    expect((await readdir(dir)).includes('api')).toBe(false);
  });
});
