/**
 * Restoring a saved state while clients listen (the console's snapshots): the data becomes exactly the
 * snapshot's, a listener sees the difference as ordinary changes with update times newer than what it holds,
 * documents not written since are left alone, a damaged export changes nothing, and the restore is one journal
 * record that a crash keeps whole.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../shared/auth-token.js';
import { FirestoreEngine } from '../engine.js';
import { FirestoreJournal } from './journal.js';
import { startFirestoreEmulator } from '../server.js';
import { compareInstants, parseTimestamp } from '../timestamps.js';
import type { Fields, ListenResponseJson } from '../types.js';

const OWNER: Caller = { kind: 'owner' };
const DB = 'projects/demo-restore/databases/(default)';
const name = (path: string) => `${DB}/documents/${path}`;
const set = (path: string, fields: Fields) => ({ update: { name: name(path), fields } });
const stock = (n: number): Fields => ({ stock: { integerValue: String(n) } });

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'firestore-restore-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function contents(engine: FirestoreEngine): Record<string, unknown> {
  return Object.fromEntries(
    engine.databasesInUse().flatMap((state) => [...state.all()].map((doc) => [doc.key, doc.fields])),
  );
}

function watchProducts(engine: FirestoreEngine): ListenResponseJson[] {
  const received: ListenResponseJson[] = [];
  const stream = engine.openListen(OWNER, (message) => received.push(message));
  stream.handle({
    database: DB,
    addTarget: {
      targetId: 1,
      query: { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'products' }] } },
    },
  });
  return received;
}

describe('restoring a saved state', () => {
  it('makes the data exactly the saved state, and a listener sees each difference once, newer than before', () => {
    const engine = new FirestoreEngine();
    engine.commit(
      { database: DB, writes: [set('products/p1', stock(10)), set('products/p2', stock(5))] },
      OWNER,
    );
    const saved = engine.exportDocuments();
    // After the save: p1 sold out, p2 untouched, p3 added, an order placed.
    engine.commit(
      { database: DB, writes: [set('products/p1', stock(0)), set('products/p3', stock(1))] },
      OWNER,
    );
    engine.commit({ database: DB, writes: [set('orders/o1', { qty: { integerValue: '10' } })] }, OWNER);
    const p1Before = engine.state({ projectId: 'demo-restore', databaseId: '(default)' }).get('products/p1')!;
    const p2Before = engine.state({ projectId: 'demo-restore', databaseId: '(default)' }).get('products/p2')!;
    const received = watchProducts(engine);
    const initial = received.length;

    const result = engine.replaceDocuments(saved);

    expect(result).toEqual({ written: 1, deleted: 2, kept: 1 });
    expect(contents(engine)).toEqual({ 'products/p1': stock(10), 'products/p2': stock(5) });
    const after = received.slice(initial);
    const changed = after.flatMap((m) => (m.documentChange ? [m.documentChange.document!] : []));
    expect(changed.map((d) => d.name)).toEqual([name('products/p1')]);
    expect(changed[0]!.fields).toEqual(stock(10));
    // Clients keep a document only when it is newer than their copy: the restored one is (as instants: the text
    // drops trailing zeros, so "…30.123Z" is before "…30.123001Z").
    expect(
      compareInstants(parseTimestamp(changed[0]!.updateTime!), parseTimestamp(p1Before.updateTime)),
    ).toBeGreaterThan(0);
    expect(after.flatMap((m) => (m.documentDelete ? [m.documentDelete.document] : []))).toEqual([
      name('products/p3'),
    ]);
    // Untouched since the save: the very same stored document, version included.
    const state = engine.state({ projectId: 'demo-restore', databaseId: '(default)' });
    expect(state.get('products/p2')).toBe(p2Before);
    expect(state.get('products/p1')!.createTime).toBe(p1Before.createTime);
  });

  it('is kept whole by the journal: a restart after a crash replays it', () => {
    const first = new FirestoreEngine();
    const opened = FirestoreJournal.open(first, dir);
    first.journal = opened.journal;
    first.commit({ database: DB, writes: [set('products/p1', stock(10))] }, OWNER);
    const saved = first.exportDocuments();
    first.commit(
      { database: DB, writes: [set('products/p1', stock(0)), set('products/p9', stock(9))] },
      OWNER,
    );
    first.replaceDocuments(saved);
    const expected = contents(first);
    opened.journal.close(); // a crash: no export written

    const second = new FirestoreEngine();
    const replay = FirestoreJournal.open(second, dir);
    replay.journal.close();
    expect(replay.replayed.dropped).toBeUndefined();
    expect(contents(second)).toEqual(expected);
    expect(expected).toEqual({ 'products/p1': stock(10) });
  });

  it('changes nothing when the saved export is damaged, and says which file', async () => {
    const emulator = await startFirestoreEmulator({ port: 0 });
    try {
      emulator.engine.commit({ database: DB, writes: [set('products/p1', stock(10))] }, OWNER);
      mkdirSync(join(dir, 'firestore'), { recursive: true });
      writeFileSync(join(dir, 'firestore', 'data.json'), '{"format":"achar-firestore-export","databases":[{');
      await expect(emulator.restoreFrom(dir)).rejects.toThrow(/data\.json is not valid JSON/);
      expect(contents(emulator.engine)).toEqual({ 'products/p1': stock(10) });

      writeFileSync(
        join(dir, 'firestore', 'data.json'),
        JSON.stringify({
          format: 'achar-firestore-export',
          version: 1,
          exportedAt: '2026-11-24T00:00:00Z',
          databases: [{ database: DB, documents: [{ name: 'not/a/document/name', fields: {} }] }],
        }),
      );
      await expect(emulator.restoreFrom(dir)).rejects.toThrow();
      expect(contents(emulator.engine)).toEqual({ 'products/p1': stock(10) });
    } finally {
      await emulator.stop();
    }
  });
});
