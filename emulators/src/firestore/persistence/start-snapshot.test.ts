/**
 * The start snapshot beside an export (./start-snapshot.ts): a start from it holds exactly what reading the
 * export's data.json gives, with repeated values shared as before; and it is used only while it matches that
 * data.json and can be read, any other case reading data.json.
 */
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FirestoreEngine } from '../engine.js';
import { parseDatabaseName } from '../paths.js';
import { exportFirestore, importFirestore } from './persistence.js';
import { readStartSnapshot, START_SNAPSHOT_FILE } from './start-snapshot.js';
import type { DocumentJson, Value } from '../types.js';

const DEFAULT = 'projects/demo-snapshot/databases/(default)';
const NAMED = 'projects/demo-snapshot/databases/pickles-eu';

const order = (database: string, id: string, status: string, total: number): DocumentJson => ({
  name: `${database}/documents/orders/${id}`,
  fields: {
    status: { stringValue: status },
    customer_name: { stringValue: 'রহিমা বেগম' },
    total: { integerValue: String(total) },
    price: { doubleValue: 160.5 },
    created_at: { timestampValue: '2026-11-24T10:15:30.123456Z' },
    search_terms: { arrayValue: { values: [{ stringValue: 'রহি' }, { stringValue: 'রহিম' }] } },
    address: { mapValue: { fields: { district: { stringValue: 'ঢাকা' }, note: { nullValue: null } } } },
    paid: { booleanValue: false },
  },
});

function seeded(): FirestoreEngine {
  const engine = new FirestoreEngine();
  engine.importDocuments([
    {
      database: DEFAULT,
      documents: [
        order(DEFAULT, 'a', 'pending', 320),
        order(DEFAULT, 'b', 'pending', 480),
        order(DEFAULT, 'c', 'delivered', 320),
        {
          name: `${DEFAULT}/documents/shops/keraniganj/reviews/r1`,
          fields: { stars: { integerValue: '5' }, jar: { bytesValue: 'AQID' } },
        },
      ],
    },
    { database: NAMED, documents: [order(NAMED, 'x', 'shipped', 160)] },
  ]);
  return engine;
}

const fieldsOf = (engine: FirestoreEngine, database: string, key: string) =>
  engine.state(parseDatabaseName(database)).get(key)!.fields;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'start-snapshot-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a start from an export', () => {
  it('reads its start snapshot, which brings back what data.json does, every database', async () => {
    await exportFirestore(seeded(), dir);
    expect(await readStartSnapshot(join(dir, 'firestore'))).toBeDefined();

    const fromSnapshot = new FirestoreEngine();
    expect(await importFirestore(fromSnapshot, dir)).toBe(5);
    await rm(join(dir, 'firestore', START_SNAPSHOT_FILE));
    const fromJson = new FirestoreEngine();
    expect(await importFirestore(fromJson, dir)).toBe(5);

    expect(fromSnapshot.exportDocuments()).toEqual(fromJson.exportDocuments());
    expect(fromSnapshot.exportDocuments().map((d) => d.documents.length)).toEqual([4, 1]);
  });

  it('keeps repeated values shared and frozen, and later writes share them too', async () => {
    await exportFirestore(seeded(), dir);
    const engine = new FirestoreEngine();
    await importFirestore(engine, dir);
    const a = fieldsOf(engine, DEFAULT, 'orders/a');
    const b = fieldsOf(engine, DEFAULT, 'orders/b');
    expect(a.status).toBe(b.status);
    expect(a.customer_name).toBe(b.customer_name);
    expect(Object.isFrozen(a.status)).toBe(true);
    const state = engine.state(parseDatabaseName(DEFAULT));
    expect(state.interner.value({ stringValue: 'pending' } as Value)).toBe(a.status);
    expect(state.interner.value({ integerValue: '320' } as Value)).toBe(a.total);
  });
});

describe('the start snapshot is left aside, and data.json read, when', () => {
  it('data.json was changed after it', async () => {
    await exportFirestore(seeded(), dir);
    const file = join(dir, 'firestore', 'data.json');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('"stringValue":"delivered"', '"stringValue":"cancelled"'));
    expect(await readStartSnapshot(join(dir, 'firestore'))).toBeUndefined();
    const engine = new FirestoreEngine();
    await importFirestore(engine, dir);
    expect(fieldsOf(engine, DEFAULT, 'orders/c').status).toEqual({ stringValue: 'cancelled' });
  });

  it('it is cut short', async () => {
    await exportFirestore(seeded(), dir);
    const snapshot = join(dir, 'firestore', START_SNAPSHOT_FILE);
    await truncate(snapshot, Math.floor((await readFile(snapshot)).length / 2));
    expect(await readStartSnapshot(join(dir, 'firestore'))).toBeUndefined();
    const engine = new FirestoreEngine();
    expect(await importFirestore(engine, dir)).toBe(5);
  });

  it('a newer Node.js wrote it (a serializer format this one does not know)', async () => {
    await exportFirestore(seeded(), dir);
    const snapshot = join(dir, 'firestore', START_SNAPSHOT_FILE);
    const bytes = await readFile(snapshot);
    // The serialized part starts with 0xFF and the format's version.
    const payload = bytes.indexOf(10) + 1;
    expect(bytes[payload]).toBe(0xff);
    bytes[payload + 1] = 0xfe;
    await writeFile(snapshot, bytes);
    expect(await readStartSnapshot(join(dir, 'firestore'))).toBeUndefined();
    expect(await importFirestore(new FirestoreEngine(), dir)).toBe(5);
  });
});
