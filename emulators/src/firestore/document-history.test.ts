/**
 * Reads in the past: the kept versions (window, cap, horizon), and reads at a `readTime` through firebase-admin's
 * read-only transactions over gRPC and REST, on the default and on a named database, and through raw REST.
 */
import { AggregateField, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  adminOver,
  adminTransports,
  exactTime,
  useFirestoreEmulator,
} from '../testing/firestore-emulator.js';
import { OWNER, rawRequest } from '../testing/http.js';
import { expectCode } from '../testing/waiting.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Caller } from '../shared/auth-token.js';
import { DocumentHistory, TOO_OLD } from './document-history.js';
import { FirestoreEngine } from './engine.js';
import { FirestoreJournal } from './persistence/journal.js';
import type { StoredDocument } from './stored-document.js';
import { formatTimestamp, microsToInstant } from './timestamps.js';

process.env.METADATA_SERVER_DETECTION = 'none';

const version = (key: string, micros: bigint, jars: number): StoredDocument => ({
  key,
  segments: key.split('/'),
  fields: { jars: { integerValue: String(jars) } },
  // Versions of one life share their creation.
  createTime: '2026-01-01T00:00:00Z',
  updateTime: formatTimestamp(microsToInstant(micros)),
  version: micros,
});

const at = (micros: bigint) => formatTimestamp(microsToInstant(micros));

describe('the kept versions', () => {
  const now = BigInt(Date.now()) * 1000n;

  it('answers each moment with the version current then, and missing before and after a life', () => {
    const history = new DocumentHistory(undefined, now - 100n);
    const v1 = {
      ...version('jars/a', now - 90n, 1),
      fields: { jars: { integerValue: '1' }, lid: { stringValue: 'tin' } },
    };
    const v2 = version('jars/a', now - 60n, 2);
    history.record(v1, v2, now - 60n);
    history.record(v2, null, now - 30n); // deleted at now - 30
    const v3 = version('jars/a', now - 10n, 3); // created again
    const fieldsAt = (micros: bigint) => history.versionAt('jars/a', v3, micros)?.fields ?? null;
    expect(fieldsAt(now - 95n)).toBeNull();
    expect(history.versionAt('jars/a', v3, now - 90n)).toEqual(v1);
    expect(fieldsAt(now - 61n)).toEqual(v1.fields);
    expect(history.versionAt('jars/a', v3, now - 60n)).toEqual(v2);
    expect(fieldsAt(now - 30n)).toBeNull();
    expect(history.versionAt('jars/a', v3, now - 10n)).toBe(v3);
    expect(history.versionAt('jars/b', undefined, now - 50n)).toBeNull();
  });

  it('keeps of a replaced version only what the next one changed, and rebuilds it whole', () => {
    const history = new DocumentHistory(undefined, now - 100n);
    const lid = { stringValue: 'tin' };
    const v1 = { ...version('jars/a', now - 90n, 1), fields: { jars: { integerValue: '1' }, lid } };
    const v2 = {
      ...version('jars/a', now - 60n, 2),
      fields: { jars: { integerValue: '2' }, lid, label: lid },
    };
    const v3 = { ...version('jars/a', now - 30n, 3), fields: { jars: { integerValue: '3' } } };
    history.record(v1, v2, now - 60n);
    history.record(v2, v3, now - 30n);
    expect(history.versionAt('jars/a', v3, now - 70n)).toEqual(v1);
    expect(history.versionAt('jars/a', v3, now - 40n)).toEqual(v2);
    expect(history.versionAt('jars/a', v3, now - 20n)).toBe(v3);
  });

  it('drops versions older than the window, and refuses reads before what is kept as production does', () => {
    const minute = 60_000_000n;
    const history = new DocumentHistory({ windowMicros: 10n * minute, maxVersions: 100 }, now - 30n * minute);
    history.record(version('jars/a', now - 25n * minute, 1), null, now - 20n * minute);
    history.record(version('jars/a', now - 20n * minute, 2), null, now - 5n * minute);
    history.prune(now);
    expect(history.size).toBe(1);
    expect(() => history.readableAt(at(now - 15n * minute), at(now))).toThrow(TOO_OLD);
    expect(history.readableAt(at(now - 8n * minute), at(now))).toBe(now - 8n * minute);
    expect(history.versionAt('jars/a', undefined, now - 8n * minute)?.fields.jars).toEqual({
      integerValue: '2',
    });
    expect(() => history.readableAt(at(now + 60n * minute), at(now))).toThrow(/future/);
  });

  it('keeps at most its cap, the oldest leaving first, and reads before the last one to leave are too old', () => {
    const history = new DocumentHistory({ windowMicros: 3_600_000_000n, maxVersions: 2 }, now - 1_000n);
    for (let i = 0; i < 5; i++)
      history.record(version(`jars/${i}`, now - 900n + BigInt(i), i), null, now - 100n + BigInt(i));
    expect(history.size).toBe(2);
    expect(history.versionAt('jars/0', undefined, now - 500n)).toBeNull();
    expect(history.versionAt('jars/4', undefined, now - 500n)?.fields.jars).toEqual({ integerValue: '4' });
    // Version 2 left at the cap, so its moment (before now - 98) cannot be answered any more.
    expect(() => history.readableAt(at(now - 99n), at(now))).toThrow(TOO_OLD);
    expect(history.readableAt(at(now - 98n), at(now))).toBe(now - 98n);
  });
});

describe('where the history begins', () => {
  const OWNER_CALLER: Caller = { kind: 'owner' };
  const DB = 'projects/demo-history-start/databases/(default)';
  const get = (engine: FirestoreEngine, readTime: string) =>
    engine.runQuery(
      { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'jars' }] }, readTime },
      OWNER_CALLER,
    );

  it('reads a database the emulator has just created as empty at any moment of the hour', () => {
    const engine = new FirestoreEngine();
    const minuteAgo = BigInt(Date.now() - 60_000) * 1000n;
    // No document then, and no refusal: nothing was replaced before the database began.
    expect(get(engine, at(minuteAgo))).toEqual([{ readTime: at(minuteAgo) }]);
  });

  it('refuses a moment before a restart from the journal, whose files keep the latest versions only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'firestore-history-'));
    try {
      const first = new FirestoreEngine();
      const { journal } = FirestoreJournal.open(first, dir);
      first.journal = journal;
      const { commitTime } = first.commit(
        { database: DB, writes: [{ update: { name: `${DB}/documents/jars/mango`, fields: {} } }] },
        OWNER_CALLER,
      );
      journal.close();
      const second = new FirestoreEngine();
      FirestoreJournal.open(second, dir).journal.close();
      expect(() => get(second, commitTime)).toThrow(TOO_OLD);
      expect(get(first, commitTime).map((r) => r.document?.name)).toEqual([`${DB}/documents/jars/mango`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const emulator = useFirestoreEmulator();

const CASES = adminTransports('archive');

describe.each(CASES)('reads at a readTime over $transport, database $database', ({ transport, database }) => {
  const project = `demo-history-${transport.toLowerCase()}`;
  const documents = `projects/${project}/databases/${database}/documents`;
  let db: Firestore;
  let created: Timestamp;
  let updated: Timestamp;
  let deleted: Timestamp;

  beforeAll(async () => {
    db = adminOver(emulator(), project, { transport, database });
    // Every write in one millisecond, a microsecond apart: the versions are still read apart.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now());
    try {
      await db.doc('stock/lemon').set({ jars: 5 });
      created = (await db.doc('stock/mango').set({ jars: 3, kind: 'sweet' })).writeTime;
      updated = (await db.doc('stock/mango').update({ jars: 2 })).writeTime;
      await db.doc('stock/olive/batches/b1').set({ jars: 1 });
      deleted = (await db.doc('stock/mango').delete()).writeTime;
      await db.doc('stock/olive/batches/b1').delete();
    } finally {
      clock.mockRestore();
    }
  });

  const inThePast = <T>(readTime: Timestamp, read: (t: FirebaseFirestore.Transaction) => Promise<T>) =>
    db.runTransaction(read, { readOnly: true, readTime });
  const before = (t: Timestamp) => Timestamp.fromMillis(t.toMillis() - 1);

  it('gets the version current at the readTime, and the deleted document before its deletion', async () => {
    const mango = db.doc('stock/mango');
    const atCreate = await inThePast(created, (t) => t.get(mango));
    expect(atCreate.data()).toEqual({ jars: 3, kind: 'sweet' });
    expect(atCreate.readTime.isEqual(created)).toBe(true);
    expect((await inThePast(updated, (t) => t.get(mango))).get('jars')).toBe(2);
    expect((await inThePast(deleted, (t) => t.get(mango))).exists).toBe(false);
    expect((await inThePast(before(created), (t) => t.get(mango))).exists).toBe(false);
    const [lemon, mangoThen] = await inThePast(updated, (t) => t.getAll(db.doc('stock/lemon'), mango));
    expect([lemon.get('jars'), mangoThen.get('jars')]).toEqual([5, 2]);
    // Now: gone.
    expect((await mango.get()).exists).toBe(false);
  });

  it('queries and aggregates the collection as it was', async () => {
    const stock = db.collection('stock');
    const ids = (snap: FirebaseFirestore.QuerySnapshot) => snap.docs.map((d) => d.id);
    expect(ids(await inThePast(created, (t) => t.get(stock.orderBy('jars'))))).toEqual(['mango', 'lemon']);
    expect(ids(await inThePast(updated, (t) => t.get(stock.where('jars', '==', 2))))).toEqual(['mango']);
    expect(ids(await inThePast(deleted, (t) => t.get(stock)))).toEqual(['lemon']);
    const totals = await inThePast(updated, (t) =>
      t.get(stock.aggregate({ n: AggregateField.count(), jars: AggregateField.sum('jars') })),
    );
    expect(totals.data()).toEqual({ n: 2, jars: 7 });
    expect(
      ids(await inThePast(deleted, (t) => t.get(db.collectionGroup('batches')))).map((id) => id),
    ).toEqual(['b1']);
  });

  it('lists documents and collection ids as they were (REST readTime)', async () => {
    const list = await rawRequest(
      emulator().port,
      'GET',
      `/v1/${documents}/stock?readTime=${encodeURIComponent(exactTime(updated))}`,
      undefined,
      OWNER,
    );
    expect(list.status).toBe(200);
    const names = (list.body as { documents: { name: string }[] }).documents.map((d) =>
      d.name.split('/').pop(),
    );
    expect(names).toEqual(['lemon', 'mango']);
    const idsAt = async (readTime: Timestamp) => {
      const answer = await rawRequest(
        emulator().port,
        'POST',
        `/v1/${documents}/stock/olive:listCollectionIds`,
        { readTime: exactTime(readTime) },
        OWNER,
      );
      expect(answer.status).toBe(200);
      return (answer.body as { collectionIds?: string[] }).collectionIds ?? [];
    };
    expect(await idsAt(deleted)).toEqual(['batches']);
    expect(await idsAt(created)).toEqual([]);
  });

  it('partitions the collection group as it was', async () => {
    const pointsAt = async (readTime: Timestamp) => {
      const answer = await rawRequest(
        emulator().port,
        'POST',
        `/v1/${documents}:partitionQuery`,
        {
          structuredQuery: {
            from: [{ collectionId: 'stock', allDescendants: true }],
            orderBy: [{ field: { fieldPath: '__name__' }, direction: 'ASCENDING' }],
          },
          partitionCount: '1',
          readTime: exactTime(readTime),
        },
        OWNER,
      );
      expect(answer.status).toBe(200);
      const { partitions = [] } = answer.body as { partitions?: { values: { referenceValue: string }[] }[] };
      return partitions.map((p) => p.values[0].referenceValue.split('/').pop());
    };
    // lemon and mango then: one split point, at mango; after mango's deletion lemon alone, none.
    expect(await pointsAt(updated)).toEqual(['mango']);
    expect(await pointsAt(deleted)).toEqual([]);
  });

  it("refuses a readTime older than the hour kept with production's FAILED_PRECONDITION, and one in the future", async () => {
    const old = new Date(Date.now() - 2 * 3600_000).toISOString();
    const answer = await rawRequest(
      emulator().port,
      'POST',
      `/v1/${documents}:batchGet`,
      { documents: [`${documents}/stock/lemon`], readTime: old },
      OWNER,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { status: 'FAILED_PRECONDITION', message: TOO_OLD } });
    const future = await rawRequest(
      emulator().port,
      'POST',
      `/v1/${documents}:runQuery`,
      {
        structuredQuery: { from: [{ collectionId: 'stock' }] },
        readTime: new Date(Date.now() + 3600_000).toISOString(),
      },
      OWNER,
    );
    expect(future.status).toBe(400);
    expect(future.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    // Through the SDK: a query at that time fails (over REST FAILED_PRECONDITION arrives as HTTP 400).
    await expectCode(
      inThePast(Timestamp.fromDate(new Date(old)), (t) => t.get(db.collection('stock'))),
      transport === 'REST' ? 3 : 9,
    );
  });
});
