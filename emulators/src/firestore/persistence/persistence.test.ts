/**
 * Export to a folder and import into a fresh emulator (values, createTime and updateTime intact), and the reset
 * endpoint that @firebase/rules-unit-testing's clearFirestore() calls, seen by open listeners.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FieldValue, GeoPoint, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFirestore } from '../../testing/admin.js';
import { startFirestoreEmulator, type FirestoreEmulator } from '../server.js';
import { OWNER, rawRequest } from '../../testing/http.js';
import { waitFor } from '../../testing/waiting.js';

process.env.METADATA_SERVER_DETECTION = 'none';

const PROJECT = 'demo-persistence';
const DOCS = `/v1/projects/${PROJECT}/databases/(default)/documents`;
const started: FirestoreEmulator[] = [];
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'firestore-export-'));
});

afterAll(async () => {
  for (const emulator of started) await emulator.stop();
  await rm(dir, { recursive: true, force: true });
});

async function start(dataDir?: string): Promise<{ emulator: FirestoreEmulator; db: Firestore }> {
  const emulator = await startFirestoreEmulator({ port: 0, dataDir });
  started.push(emulator);
  return { emulator, db: adminFirestore(PROJECT, emulator.port) };
}

/** Stops an emulator now (writing its data folder), rather than after the suite. */
async function stopped(emulator: FirestoreEmulator): Promise<void> {
  started.splice(started.indexOf(emulator), 1);
  await emulator.stop();
}

/** Every document as the REST API shows it, keyed by path (the raw wire form, not an SDK's reading of it). */
async function everything(port: number, paths: string[]): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const path of paths)
    out[path] = (await rawRequest(port, 'GET', `${DOCS}/${path}`, undefined, OWNER)).body;
  return out;
}

describe('export and import', () => {
  it('brings back the same documents, values and times in a fresh emulator', async () => {
    const first = await start();
    await first.db.doc('products/mango').set({
      name: 'আমের আচার 🥭',
      price: 120.5,
      stock: 12,
      nan: NaN,
      inf: -Infinity,
      negZero: -0,
      at: new Timestamp(1_700_000_000, 123_456_000),
      jar: Buffer.from([1, 2, 3]),
      where: new GeoPoint(23.7, 90.4),
      ref: first.db.doc('roles/admin'),
      tags: ['টক', 'ঝাল'],
      nested: { a: { b: null } },
    });
    await first.db.doc('products/mango').update({ stock: FieldValue.increment(-2) });
    await first.db.doc('shops/keraniganj/reviews/r1').set({ stars: 5 });
    const paths = ['products/mango', 'shops/keraniganj/reviews/r1'];
    const before = await everything(first.emulator.port, paths);
    expect(before['products/mango']).toMatchObject({ fields: { stock: { integerValue: '10' } } });

    await first.emulator.exportTo(dir);
    const second = await start(dir);
    expect(await everything(second.emulator.port, paths)).toEqual(before);
    const mango = (await second.db.doc('products/mango').get()).data()!;
    expect(mango.nan).toBeNaN();
    expect(mango.inf).toBe(-Infinity);
    expect(Object.is(mango.negZero, -0)).toBe(true);

    // The imported world keeps working: a new write moves updateTime forward and keeps createTime.
    const imported = await second.db.doc('products/mango').get();
    await second.db.doc('products/mango').update({ stock: 9 });
    const updated = await second.db.doc('products/mango').get();
    expect(updated.createTime!.isEqual(imported.createTime!)).toBe(true);
    expect(updated.updateTime!.valueOf() > imported.updateTime!.valueOf()).toBe(true);
  });

  it('still loads an export written under the format’s old name', async () => {
    const old = await mkdtemp(join(tmpdir(), 'firestore-old-format-'));
    await mkdir(join(old, 'firestore'));
    const document = {
      name: `projects/${PROJECT}/databases/(default)/documents/jars/old`,
      fields: { label: { stringValue: 'kept' } },
      createTime: '2026-01-01T00:00:00.000000Z',
      updateTime: '2026-01-02T00:00:00.000000Z',
    };
    const database = `projects/${PROJECT}/databases/(default)`;
    await writeFile(
      join(old, 'firestore', 'data.json'),
      JSON.stringify({
        format: 'achar-firestore-export',
        version: 1,
        databases: [{ database, documents: [document] }],
      }),
    );
    const { emulator, db } = await start(old);
    const snapshot = await db.doc('jars/old').get();
    expect(snapshot.get('label')).toBe('kept');
    await stopped(emulator);
    // Stopping rewrote the folder under the new name, which loads too.
    expect(await readFile(join(old, 'firestore', 'data.json'), 'utf8')).toContain(
      '"format":"firestore-emulator-export"',
    );
    const again = await start(old);
    expect((await again.db.doc('jars/old').get()).get('label')).toBe('kept');
    await rm(old, { recursive: true, force: true });
  });

  it('refuses to start from a damaged or foreign export, naming the file', async () => {
    const damaged = await mkdtemp(join(tmpdir(), 'firestore-damaged-'));
    await mkdir(join(damaged, 'firestore'));
    const file = join(damaged, 'firestore', 'data.json');
    await writeFile(file, '{"format": "achar-firestore-export", "databases": [');
    await expect(startFirestoreEmulator({ port: 0, dataDir: damaged })).rejects.toThrow(
      `${file} is not valid JSON`,
    );
    await writeFile(file, JSON.stringify({ documents: [] }));
    await expect(startFirestoreEmulator({ port: 0, dataDir: damaged })).rejects.toThrow(
      `${file} is not a Firestore export of this emulator`,
    );
    await rm(damaged, { recursive: true, force: true });
  });

  it('writes one document per line, still one JSON document, and reads an older one-line export', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'firestore-lines-'));
    const first = await start(folder);
    await first.db.doc('orders/a').set({ n: Number.NaN, z: -0, s: 'আচার' });
    await first.db.doc('orders/b').set({ n: 2 });
    await stopped(first.emulator); // exports to its data folder
    const file = join(folder, 'firestore', 'data.json');
    const text = await readFile(file, 'utf8');
    expect(text.split('\n').filter((line) => line.includes('"name":'))).toHaveLength(2);
    const whole = JSON.parse(text) as { databases: { documents: unknown[] }[] };
    expect(whole.databases[0].documents).toHaveLength(2);

    // The same data on one line, as earlier versions wrote it, loads the same documents.
    await writeFile(file, JSON.stringify(whole));
    const second = await start(folder);
    const a = (await second.db.doc('orders/a').get()).data()!;
    expect(Number.isNaN(a.n)).toBe(true);
    expect(Object.is(a.z, -0)).toBe(true);
    expect(a.s).toBe('আচার');
    expect((await second.db.collection('orders').get()).size).toBe(2);
    await stopped(second.emulator);
    await rm(folder, { recursive: true, force: true });
  });

  it('names the line of a damaged document, and an export cut short', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'firestore-cut-'));
    const first = await start(folder);
    await first.db.doc('orders/a').set({ n: 1 });
    await first.db.doc('orders/b').set({ n: 2 });
    await stopped(first.emulator);
    const file = join(folder, 'firestore', 'data.json');
    const lines = (await readFile(file, 'utf8')).split('\n');
    await writeFile(file, [...lines.slice(0, 3), '{"name": oops},', ...lines.slice(4)].join('\n'));
    await expect(startFirestoreEmulator({ port: 0, dataDir: folder })).rejects.toThrow(
      `${file} is not valid JSON (line 4:`,
    );
    await writeFile(file, lines.slice(0, 4).join('\n'));
    await expect(startFirestoreEmulator({ port: 0, dataDir: folder })).rejects.toThrow(
      'the file ends before the export does',
    );
    await rm(folder, { recursive: true, force: true });
  });

  it('starts empty from a folder without an export', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'firestore-empty-'));
    const { db } = await start(empty);
    expect((await db.collection('products').get()).size).toBe(0);
    await rm(empty, { recursive: true, force: true });
  });
});

describe('reset through the emulator API', () => {
  it('empties the project, leaves other projects alone, and listeners see the deletions', async () => {
    const { emulator, db } = await start();
    const other = adminFirestore('demo-other-project', emulator.port);
    await db.doc('orders/o1').set({ status: 'pending' });
    await db.doc('orders/o2').set({ status: 'confirmed' });
    await other.doc('orders/keep').set({ status: 'pending' });
    const seen: string[][] = [];
    const stop = db.collection('orders').onSnapshot((snap) => seen.push(snap.docs.map((d) => d.id)));
    await waitFor(() => seen.length >= 1, 'the initial snapshot');
    expect(seen[0]).toEqual(['o1', 'o2']);

    const reset = await rawRequest(
      emulator.port,
      'DELETE',
      `/emulator/v1/projects/${PROJECT}/databases/(default)/documents`,
    );
    expect(reset.status).toBe(200);
    await waitFor(() => seen.at(-1)!.length === 0, 'the listener to see both deletions');
    expect((await db.collection('orders').get()).size).toBe(0);
    expect((await other.doc('orders/keep').get()).exists).toBe(true);
    stop();
  });
});
