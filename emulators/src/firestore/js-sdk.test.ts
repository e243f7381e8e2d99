/**
 * The firebase JS SDK v12 in Node (which talks gRPC: Listen and Write streams, Commit and BatchGetDocuments for
 * transactions, RunAggregationQuery) against the emulator, as the shop's Cloud Functions tests and scripts use it.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  and,
  arrayRemove,
  arrayUnion,
  average,
  Bytes,
  collection,
  collectionGroup,
  connectFirestoreEmulator,
  count,
  deleteDoc,
  deleteField,
  disableNetwork,
  doc,
  documentId,
  enableNetwork,
  endAt,
  endBefore,
  FieldPath,
  GeoPoint,
  getAggregateFromServer,
  getDoc,
  getDocs,
  getFirestore,
  increment,
  limit,
  limitToLast,
  onSnapshot,
  or,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  setLogLevel,
  startAfter,
  startAt,
  sum,
  terminate,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type Firestore,
  type QuerySnapshot,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from './server.js';
import { expectCode, waitFor } from '../testing/waiting.js';

const PROJECT = 'demo-js-sdk';
let emulator: FirestoreEmulator;
let db: Firestore;
const apps: FirebaseApp[] = [];

function client(name: string, mockUserToken?: { sub: string }): Firestore {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, name);
  apps.push(app);
  const firestore = getFirestore(app);
  connectFirestoreEmulator(firestore, '127.0.0.1', emulator.port, mockUserToken ? { mockUserToken } : {});
  return firestore;
}

beforeAll(async () => {
  setLogLevel('silent'); // expected denials would otherwise be logged as errors
  emulator = await startFirestoreEmulator({ port: 0 });
  // Everything is open except the private collection, which only alice may use, and collection groups
  // other than reviews.
  emulator.rules.setSource(
    `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{collection}/{id=**} { allow read, write: if collection != 'private'; }
    match /private/{id} { allow read, write: if request.auth != null && request.auth.uid == 'alice'; }
    // A collection-group query is allowed only by a rule written for the group, as in production.
    match /{path=**}/reviews/{id} { allow read; }
  }
}`,
    'test.rules',
  );
  db = client('main');
});

afterAll(async () => {
  for (const app of apps) await deleteApp(app);
  await emulator?.stop();
});

const ids = (snap: QuerySnapshot) => snap.docs.map((d) => d.id);

describe('firebase JS SDK in Node', () => {
  it('round-trips every value type exactly', async () => {
    const ref = doc(db, 'values/all');
    await setDoc(ref, {
      nothing: null,
      yes: true,
      int: 42,
      double: 3.25,
      nan: NaN,
      inf: Infinity,
      negInf: -Infinity,
      negZero: -0,
      time: new Timestamp(1_700_000_000, 123_456_789),
      bengali: 'টক-ঝাল আমের আচার',
      emoji: '🌶️🥭',
      bytes: Bytes.fromUint8Array(new Uint8Array([0, 128, 255])),
      ref: doc(db, 'products/mango'),
      geo: new GeoPoint(23.7104, 90.4074),
      list: [1, 'two', null, { three: [3] }],
      nested: { jar: { size: { grams: 500 } } },
    });
    const data = (await getDoc(ref)).data()!;
    expect(data.nothing).toBeNull();
    expect(data.yes).toBe(true);
    expect(data.int).toBe(42);
    expect(data.double).toBe(3.25);
    expect(data.nan).toBeNaN();
    expect(data.inf).toBe(Infinity);
    expect(data.negInf).toBe(-Infinity);
    expect(Object.is(data.negZero, -0)).toBe(true);
    expect((data.time as Timestamp).isEqual(new Timestamp(1_700_000_000, 123_456_000))).toBe(true);
    expect(data.bengali).toBe('টক-ঝাল আমের আচার');
    expect(data.emoji).toBe('🌶️🥭');
    expect([...(data.bytes as Bytes).toUint8Array()]).toEqual([0, 128, 255]);
    expect(data.ref.path).toBe('products/mango');
    expect((data.geo as GeoPoint).isEqual(new GeoPoint(23.7104, 90.4074))).toBe(true);
    expect(data.list).toEqual([1, 'two', null, { three: [3] }]);
    expect(data.nested).toEqual({ jar: { size: { grams: 500 } } });
  });

  it('orders mixed types in Firestore type order and compares integers with doubles', async () => {
    const values: Record<string, unknown> = {
      a: null,
      b: false,
      c: NaN,
      d: 1,
      e: 1.5,
      f: 2,
      g: new Timestamp(1, 0),
      h: 'string',
      i: Bytes.fromUint8Array(new Uint8Array([1])),
      j: doc(db, 'x/y'),
      k: new GeoPoint(0, 0),
      l: [0],
      m: { a: 0 },
    };
    for (const [id, v] of Object.entries(values).reverse()) await setDoc(doc(db, `mixed/${id}`), { v });
    expect(ids(await getDocs(query(collection(db, 'mixed'), orderBy('v'))))).toEqual(Object.keys(values));
    expect(ids(await getDocs(query(collection(db, 'mixed'), where('v', '>=', 1.5))))).toEqual(['e', 'f']);
  });

  it('writes with merge, nested field paths, deletes and transforms', async () => {
    const ref = doc(db, 'jars/writes');
    await setDoc(ref, { spice: { chili: 1, mustard: 2 }, tags: ['sour'], n: 1 });
    await setDoc(ref, { spice: { salt: 3 } }, { merge: true });
    await setDoc(ref, { spice: { chili: 9 }, other: 1 }, { mergeFields: ['spice.chili'] });
    await updateDoc(ref, 'spice.mustard', deleteField(), new FieldPath('odd.key'), 'dotted');
    await updateDoc(ref, {
      n: increment(2),
      tags: arrayUnion('sweet', 'sour'),
      at: serverTimestamp(),
    });
    let data = (await getDoc(ref)).data()!;
    expect(data.spice).toEqual({ chili: 9, salt: 3 });
    expect(data['odd.key']).toBe('dotted');
    expect(data.n).toBe(3);
    expect(data.tags).toEqual(['sour', 'sweet']);
    expect(data.at).toBeInstanceOf(Timestamp);
    expect(data).not.toHaveProperty('other');
    await updateDoc(ref, { tags: arrayRemove('sour'), n: increment(0.5) });
    data = (await getDoc(ref)).data()!;
    expect(data.tags).toEqual(['sweet']);
    expect(data.n).toBe(3.5);
    await deleteDoc(ref);
    expect((await getDoc(ref)).exists()).toBe(false);
  });

  it('fails an update of a missing document with not-found and a bad batch atomically', async () => {
    await expectCode(updateDoc(doc(db, 'jars/missing'), { v: 1 }), 'not-found');
    const batch = writeBatch(db);
    batch.set(doc(db, 'batch/one'), { v: 1 });
    batch.set(doc(db, 'batch/two'), { v: 2 });
    batch.update(doc(db, 'batch/missing'), { v: 3 });
    await expectCode(batch.commit(), 'not-found');
    expect((await getDoc(doc(db, 'batch/one'))).exists()).toBe(false);
    expect((await getDoc(doc(db, 'batch/two'))).exists()).toBe(false);
  });

  describe('queries', () => {
    beforeAll(async () => {
      const batch = writeBatch(db);
      const pickles: Record<string, DocumentData> = {
        mango: { price: 120, stock: 10, tags: ['sweet', 'sour'], region: 'dhaka' },
        lemon: { price: 80, stock: 0, tags: ['sour'], region: 'khulna' },
        olive: { price: 150, stock: 5, tags: ['sour', 'spicy'], region: 'dhaka' },
        chili: { price: 100, stock: 20, tags: ['spicy'], region: 'sylhet' },
        garlic: { price: 100, stock: 3, tags: [], region: 'dhaka' },
      };
      for (const [id, data] of Object.entries(pickles)) batch.set(doc(db, 'pickles', id), data);
      await batch.commit();
    });
    const pickles = () => collection(db, 'pickles');
    const run = async (...constraints: Parameters<typeof query>[1][]) =>
      ids(await getDocs(query(pickles(), ...constraints)));

    it('filters with every operator', async () => {
      expect(await run(where('region', '==', 'dhaka'))).toEqual(['garlic', 'mango', 'olive']);
      expect(await run(where('region', '!=', 'dhaka'))).toEqual(['lemon', 'chili']);
      expect(await run(where('price', '<', 100))).toEqual(['lemon']);
      expect(await run(where('price', '<=', 100))).toEqual(['lemon', 'chili', 'garlic']);
      expect(await run(where('price', '>', 100))).toEqual(['mango', 'olive']);
      expect(await run(where('price', '>=', 150))).toEqual(['olive']);
      expect(await run(where('region', 'in', ['sylhet', 'khulna']))).toEqual(['chili', 'lemon']);
      expect(await run(where('region', 'not-in', ['dhaka', 'sylhet']))).toEqual(['lemon']);
      expect(await run(where('tags', 'array-contains', 'sour'))).toEqual(['lemon', 'mango', 'olive']);
      expect(await run(where('tags', 'array-contains-any', ['sweet', 'spicy']))).toEqual([
        'chili',
        'mango',
        'olive',
      ]);
      expect(await run(where(documentId(), '>', 'lemon'))).toEqual(['mango', 'olive']);
    });

    it('combines and()/or(), multiple inequalities, orderings, limits and cursors', async () => {
      expect(
        ids(await getDocs(query(pickles(), and(where('price', '>=', 100), where('stock', '>', 2))))),
      ).toEqual(['garlic', 'chili', 'mango', 'olive']);
      expect(
        ids(await getDocs(query(pickles(), or(where('region', '==', 'khulna'), where('stock', '>=', 20))))),
      ).toEqual(['lemon', 'chili']);
      expect(await run(orderBy('price', 'desc'), limit(3))).toEqual(['olive', 'mango', 'garlic']);
      expect(await run(orderBy('price'), limitToLast(2))).toEqual(['mango', 'olive']);
      expect(await run(orderBy('price'), startAt(100), endBefore(150))).toEqual(['chili', 'garlic', 'mango']);
      const chili = await getDoc(doc(db, 'pickles/chili'));
      expect(await run(orderBy('price'), startAfter(chili), endAt(120))).toEqual(['garlic', 'mango']);
    });

    it('runs collection-group queries and aggregations', async () => {
      await setDoc(doc(db, 'shops/s1/reviews/r1'), { stars: 4 });
      await setDoc(doc(db, 'shops/s1/items/i1/reviews/r2'), { stars: 2 });
      const group = await getDocs(query(collectionGroup(db, 'reviews'), where('stars', '>', 1)));
      expect(group.docs.map((d) => d.ref.path).sort()).toEqual([
        'shops/s1/items/i1/reviews/r2',
        'shops/s1/reviews/r1',
      ]);
      const totals = await getAggregateFromServer(query(pickles(), where('region', '==', 'dhaka')), {
        n: count(),
        total: sum('price'),
        avg: average('stock'),
      });
      expect(totals.data()).toEqual({ n: 3, total: 370, avg: 6 });
      const empty = await getAggregateFromServer(collection(db, 'nothing-here'), {
        n: count(),
        avg: average('price'),
      });
      expect(empty.data()).toEqual({ n: 0, avg: null });
    });
  });

  describe('transactions', () => {
    it('reads then writes and converges under ten concurrent increments', async () => {
      const counter = doc(db, 'stock/counter');
      await setDoc(counter, { n: 0 });
      // Separate clients, so each transaction really races the others at the server.
      const racers = Array.from({ length: 10 }, (_, i) => client(`racer-${i}`));
      await Promise.all(
        racers.map((racer) =>
          runTransaction(racer, async (t) => {
            const snap = await t.get(doc(racer, 'stock/counter'));
            t.update(doc(racer, 'stock/counter'), { n: (snap.get('n') as number) + 1 });
          }),
        ),
      );
      expect((await getDoc(counter)).get('n')).toBe(10);
      await Promise.all(racers.map((racer) => terminate(racer)));
    });

    it('fails a transaction whose update targets a missing document with not-found', async () => {
      await setDoc(doc(db, 'stock/real'), { n: 1 });
      await expectCode(
        runTransaction(db, async (t) => {
          await t.get(doc(db, 'stock/real'));
          // Not read first, so the SDK cannot refuse it itself: the server's precondition must.
          t.update(doc(db, 'stock/ghost'), { n: 1 });
          t.update(doc(db, 'stock/real'), { n: 2 });
        }),
        'not-found',
      );
      expect((await getDoc(doc(db, 'stock/real'))).get('n')).toBe(1);
    });
  });

  describe('listening', () => {
    it('reports hasPendingWrites for a local write, then the server-confirmed snapshot', async () => {
      const events: { ids: string[]; pending: boolean }[] = [];
      const stop = onSnapshot(
        query(collection(db, 'pending'), where('ok', '==', true)),
        { includeMetadataChanges: true },
        (snap) => events.push({ ids: ids(snap), pending: snap.metadata.hasPendingWrites }),
      );
      await waitFor(() => events.length >= 1, 'the initial snapshot');
      await setDoc(doc(db, 'pending/a'), { ok: true });
      await waitFor(() => events.some((e) => e.ids.includes('a') && !e.pending), 'the confirmed write');
      expect(events.find((e) => e.ids.includes('a'))).toEqual({ ids: ['a'], pending: true });
      stop();
    });

    it('streams added, modified and removed changes and refills a limit query', async () => {
      const live = collection(db, 'live');
      await setDoc(doc(live, 'a'), { on: true, rank: 1 });
      await setDoc(doc(live, 'b'), { on: true, rank: 2 });
      await setDoc(doc(live, 'c'), { on: false, rank: 3 });
      const changes: string[][] = [];
      const windows: string[][] = [];
      const stop1 = onSnapshot(
        query(live, where('on', '==', true)),
        { includeMetadataChanges: false },
        (snap) => changes.push(snap.docChanges().map((c) => `${c.type}:${c.doc.id}`)),
      );
      const stop2 = onSnapshot(query(live, orderBy('rank'), limit(2)), (snap) => windows.push(ids(snap)));
      await waitFor(() => changes.length >= 1 && windows.length >= 1, 'initial snapshots');
      expect(changes[0]).toEqual(['added:a', 'added:b']);
      expect(windows[0]).toEqual(['a', 'b']);
      // Use a second client so the events come from the server, not from the local write.
      const other = client('listen-writer');
      await updateDoc(doc(other, 'live/c'), { on: true });
      await updateDoc(doc(other, 'live/a'), { rank: 0 });
      await updateDoc(doc(other, 'live/b'), { on: false });
      await deleteDoc(doc(other, 'live/a'));
      await waitFor(() => changes.flat().includes('removed:a'), 'all changes');
      expect(changes.slice(1)).toEqual([['added:c'], ['modified:a'], ['removed:b'], ['removed:a']]);
      await waitFor(() => windows.at(-1)!.join() === 'b,c', 'the window to refill');
      stop1();
      stop2();
      await terminate(other);
    });

    it('resumes after the network comes back and delivers what changed meanwhile, deletions included', async () => {
      const offline = client('goes-offline');
      const other = client('stays-online');
      await setDoc(doc(other, 'resume/keep'), { v: 1 });
      await setDoc(doc(other, 'resume/gone'), { v: 1 });
      let latest: Record<string, unknown> = {};
      let snapshots = 0;
      const stop = onSnapshot(collection(offline, 'resume'), (snap) => {
        snapshots++;
        latest = Object.fromEntries(snap.docs.map((d) => [d.id, d.get('v')]));
      });
      await waitFor(() => latest.keep === 1 && latest.gone === 1, 'the initial snapshot');
      await disableNetwork(offline);
      await deleteDoc(doc(other, 'resume/gone'));
      await updateDoc(doc(other, 'resume/keep'), { v: 2 });
      await setDoc(doc(other, 'resume/new'), { v: 3 });
      const before = snapshots;
      await enableNetwork(offline);
      await waitFor(() => latest.keep === 2 && latest.new === 3 && !('gone' in latest), 'the resumed state');
      expect(snapshots).toBeGreaterThan(before);
      stop();
      await terminate(offline);
      await terminate(other);
    });
  });

  describe('security rules', () => {
    it('maps a denial to permission-denied and lets the right user through', async () => {
      const alice = client('alice', { sub: 'alice' });
      const bob = client('bob', { sub: 'bob' });
      await setDoc(doc(alice, 'private/diary'), { note: 'secret recipe' });
      expect((await getDoc(doc(alice, 'private/diary'))).get('note')).toBe('secret recipe');
      await expectCode(getDoc(doc(bob, 'private/diary')), 'permission-denied');
      await expectCode(setDoc(doc(bob, 'private/diary'), { note: 'overwritten' }), 'permission-denied');
      await expectCode(getDocs(collection(bob, 'private')), 'permission-denied');
      const denied = await new Promise<string>((resolve) =>
        onSnapshot(
          doc(bob, 'private/diary'),
          () => resolve('snapshot'),
          (error) => resolve((error as { code: string }).code),
        ),
      );
      expect(denied).toBe('permission-denied');
      expect((await getDoc(doc(alice, 'private/diary'))).get('note')).toBe('secret recipe');
      await terminate(alice);
      await terminate(bob);
    });
  });
});
