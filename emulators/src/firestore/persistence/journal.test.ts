/**
 * The journal on its own: what a commit appends, a replay that gives back exactly the acknowledged state
 * (versions and update times included), a torn or corrupt last record dropped without failing the start, and a
 * commit of several writes replayed whole or not at all.
 */
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Caller } from '../../shared/auth-token.js';
import { FirestoreEngine } from '../engine.js';
import { compareInstants, parseTimestamp } from '../timestamps.js';
import type { Fields } from '../types.js';
import { decodeRecords, encodeRecord, FirestoreJournal } from './journal.js';
import { startFirestoreEmulator } from '../server.js';

const OWNER: Caller = { kind: 'owner' };
const DB = 'projects/demo-journal/databases/(default)';
const doc = (path: string) => `${DB}/documents/${path}`;
const set = (path: string, fields: Fields) => ({ update: { name: doc(path), fields } });

let dir: string;
const open: FirestoreJournal[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'firestore-journal-'));
});
afterEach(() => {
  for (const journal of open.splice(0)) journal.close();
  rmSync(dir, { recursive: true, force: true });
});

function journaledEngine(): {
  engine: FirestoreEngine;
  replayed: ReturnType<typeof FirestoreJournal.open>['replayed'];
} {
  const engine = new FirestoreEngine();
  const { journal, replayed } = FirestoreJournal.open(engine, dir);
  open.push(journal);
  engine.journal = journal;
  return { engine, replayed };
}

/** Every stored document with its times and version: what a replay must give back exactly. */
function snapshot(engine: FirestoreEngine) {
  return engine
    .databasesInUse()
    .flatMap((s) =>
      [...s.all()].map((d) => ({
        key: d.key,
        fields: d.fields,
        createTime: d.createTime,
        updateTime: d.updateTime,
        version: d.version,
      })),
    )
    .sort((a, b) => a.key.localeCompare(b.key));
}

function journalFile(): string {
  const files = readdirSync(join(dir, 'firestore')).filter((f) => f.startsWith('journal.'));
  expect(files).toHaveLength(1);
  return join(dir, 'firestore', files[0]);
}

describe('the Firestore journal', () => {
  it('replays every acknowledged commit to the same documents, times and versions', () => {
    const { engine } = journaledEngine();
    engine.commit(
      {
        database: DB,
        writes: [set('jars/a', { name: { stringValue: 'আমের আচার' }, n: { integerValue: '1' } })],
      },
      OWNER,
    );
    engine.commit(
      {
        database: DB,
        writes: [
          set('jars/b', { price: { doubleValue: Number.NaN }, neg: { doubleValue: -0 } }),
          {
            transform: {
              document: doc('jars/a'),
              fieldTransforms: [{ fieldPath: 'n', increment: { integerValue: '2' } }],
            },
          },
          set('orders/o1', { at: { timestampValue: '2026-01-01T00:00:00.123456Z' } }),
        ],
      },
      OWNER,
    );
    engine.commit({ database: DB, writes: [{ delete: doc('orders/o1') }] }, OWNER);
    engine.commit({ database: DB, writes: [set('jars/c', {})] }, OWNER);
    engine.reset('some-other-project');
    const before = snapshot(engine);
    expect(before.map((d) => d.key)).toEqual(['jars/a', 'jars/b', 'jars/c']);

    const { engine: after, replayed } = journaledEngine();
    expect(replayed.records).toBe(5);
    expect(replayed.dropped).toBeUndefined();
    expect(snapshot(after)).toEqual(before);
    // Later commits come after every replayed version.
    const { commitTime } = after.commit({ database: DB, writes: [set('jars/d', {})] }, OWNER);
    // As instants: the text drops trailing zeros ("…30.123Z" is before "…30.123001Z", not after it).
    const later = (a: string, b: string) => compareInstants(parseTimestamp(a), parseTimestamp(b)) > 0;
    expect(later(commitTime, before[0].updateTime) && later(commitTime, before[2].updateTime)).toBe(true);
  });

  it('replays a reset and an import', () => {
    const { engine } = journaledEngine();
    engine.commit({ database: DB, writes: [set('jars/a', {})] }, OWNER);
    engine.reset('demo-journal');
    engine.importDocuments([
      { database: DB, documents: [{ name: doc('jars/imported'), fields: { x: { booleanValue: true } } }] },
    ]);
    const { engine: after } = journaledEngine();
    expect(snapshot(after)).toEqual(snapshot(engine));
    expect(snapshot(after).map((d) => d.key)).toEqual(['jars/imported']);
  });

  it('writes nothing for a commit that changes nothing', () => {
    const { engine } = journaledEngine();
    engine.commit({ database: DB, writes: [{ delete: doc('jars/missing') }] }, OWNER);
    expect(readFileSync(journalFile(), 'utf8')).toBe('');
  });

  it('drops a torn last record (a multi-write commit cut mid-append) and keeps the ones before it whole', () => {
    const { engine } = journaledEngine();
    engine.commit({ database: DB, writes: [set('jars/a', { n: { integerValue: '1' } })] }, OWNER);
    const kept = snapshot(engine);
    const file = journalFile();
    const size = readFileSync(file).length;
    engine.commit(
      { database: DB, writes: [set('jars/b', {}), set('jars/c', {}), { delete: doc('jars/a') }] },
      OWNER,
    );
    const full = readFileSync(file).length;
    for (const cut of [size + 1, size + 10, Math.floor((size + full) / 2), full - 1]) {
      const copy = readFileSync(file);
      truncateSync(file, cut);
      const { engine: after, replayed } = journaledEngine();
      expect(replayed.records).toBe(1);
      expect(replayed.dropped).toMatch(/torn/);
      // None of the cut commit's three writes: all or nothing.
      expect(snapshot(after)).toEqual(kept);
      open.pop()!.close();
      for (const f of readdirSync(join(dir, 'firestore')))
        if (join(dir, 'firestore', f) !== file) rmSync(join(dir, 'firestore', f));
      writeFileSync(file, copy);
    }
  });

  it('drops a last record whose checksum does not match, and still appends after it', () => {
    const { engine } = journaledEngine();
    engine.commit({ database: DB, writes: [set('jars/a', {})] }, OWNER);
    const line = encodeRecord({ kind: 'writes', database: DB, put: [], delete: [doc('jars/a')] });
    appendFileSync(journalFile(), line.replace('jars/a', 'jars/b'));
    const { engine: after, replayed } = journaledEngine();
    expect(replayed.dropped).toMatch(/checksum/);
    expect(snapshot(after).map((d) => d.key)).toEqual(['jars/a']);
    after.commit({ database: DB, writes: [set('jars/e', {})] }, OWNER);
    const { engine: third } = journaledEngine();
    expect(snapshot(third).map((d) => d.key)).toEqual(['jars/a', 'jars/e']);
  });

  it('decodes only whole, checked lines', () => {
    const a = encodeRecord({ kind: 'reset' });
    expect(decodeRecords(a + a).records).toHaveLength(2);
    expect(decodeRecords(a + a.slice(0, -1))).toMatchObject({
      records: [{ kind: 'reset' }],
      dropped: 'line 2 is torn (no end of line)',
    });
    expect(decodeRecords('not a record\n').dropped).toMatch(/checksum/);
    expect(decodeRecords('').records).toEqual([]);
  });

  it('is kept only with a data folder, and a clean stop compacts it into the export', async () => {
    const inMemory = await startFirestoreEmulator({ port: 0 });
    expect(inMemory.engine.journal).toBeUndefined();
    await inMemory.stop();

    const emulator = await startFirestoreEmulator({ port: 0, dataDir: dir });
    emulator.engine.commit({ database: DB, writes: [set('jars/a', { n: { integerValue: '7' } })] }, OWNER);
    expect(readFileSync(journalFile(), 'utf8')).toMatch(/jars\/a/);
    await emulator.stop();
    // The export holds the commit; what is left of the journal is empty.
    expect(readFileSync(join(dir, 'firestore', 'data.json'), 'utf8')).toMatch(/jars\/a/);
    expect(readFileSync(journalFile(), 'utf8')).toBe('');

    const again = await startFirestoreEmulator({ port: 0, dataDir: dir });
    expect(snapshot(again.engine).map((d) => [d.key, d.fields])).toEqual([
      ['jars/a', { n: { integerValue: '7' } }],
    ]);
    await again.stop();
  });
});
