/**
 * Answers that once differed from production (measured with the JS SDK's own integration suites), proved
 * through the JS SDK in Node (gRPC) and raw REST, so the engine and both JSON and protobuf paths agree.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  average,
  collection,
  connectFirestoreEmulator,
  count,
  doc,
  getAggregateFromServer,
  getDocs,
  getFirestore,
  orderBy,
  query,
  runTransaction,
  setDoc,
  setLogLevel,
  sum,
  vector,
  where,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from './server.js';
import { expectCode } from '../testing/waiting.js';
import { OWNER, rawRequest } from '../testing/http.js';
import { adminFirestore } from '../testing/admin.js';
import { exactTime } from '../testing/firestore-emulator.js';

const PROJECT = 'demo-parity';
const DOCS = `/v1/projects/${PROJECT}/databases/(default)/documents`;
let emulator: FirestoreEmulator;
let db: Firestore;
let app: FirebaseApp;

beforeAll(async () => {
  setLogLevel('silent');
  emulator = await startFirestoreEmulator({ port: 0 });
  app = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, 'parity');
  db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', emulator.port);
});

afterAll(async () => {
  await deleteApp(app);
  await emulator?.stop();
});

const admin = () => adminFirestore(PROJECT, emulator.port);

describe('a transaction that reads a document it does not write', () => {
  it('commits over gRPC, the read document verified', async () => {
    await admin().doc('jars/source').set({ stock: 3 });
    const copied = await runTransaction(db, async (txn) => {
      const source = await txn.get(doc(db, 'jars/source'));
      txn.set(doc(db, 'jars/copy'), { stock: source.data()!.stock as number });
      return source.data()!.stock as number;
    });
    expect(copied).toBe(3);
    expect((await admin().doc('jars/copy').get()).data()).toEqual({ stock: 3 });
  });

  it('commits a verify write over REST and fails it when the document changed since', async () => {
    await admin().doc('jars/checked').set({ stock: 1 });
    const updateTime = exactTime((await admin().doc('jars/checked').get()).updateTime!);
    const verify = { verify: `projects/${PROJECT}/databases/(default)/documents/jars/checked` };
    const ok = await rawRequest(emulator.port, 'POST', `${DOCS}:commit`, {
      writes: [{ ...verify, currentDocument: { updateTime } }],
    });
    expect(ok.status).toBe(200);
    await admin().doc('jars/checked').set({ stock: 2 });
    const stale = await rawRequest(emulator.port, 'POST', `${DOCS}:commit`, {
      writes: [{ ...verify, currentDocument: { updateTime } }],
    });
    expect(stale.status).toBe(400);
  });

  it('refuses a field the protos do not know instead of dropping it', async () => {
    const answer = await rawRequest(
      emulator.port,
      'POST',
      `${DOCS}:commit`,
      { writes: [{ delete: `projects/${PROJECT}/databases/(default)/documents/jars/x`, surprise: true }] },
      OWNER,
    );
    expect(answer.status).toBe(400);
    expect((answer.body as { error: { message: string } }).error.message).toContain(
      'Unknown name "surprise"',
    );
  });
});

describe('a precondition on a document written earlier in the same commit', () => {
  it('answers invalid-argument for delete then update, as production does', async () => {
    await admin().doc('jars/gone').set({ stock: 1 });
    await expectCode(
      runTransaction(db, async (txn) => {
        txn.delete(doc(db, 'jars/gone'));
        txn.update(doc(db, 'jars/gone'), { stock: 2 });
      }),
      'invalid-argument',
    );
    expect((await admin().doc('jars/gone').get()).data()).toEqual({ stock: 1 });
  });

  it('still answers not-found for an update of a document that never existed', async () => {
    await expectCode(
      runTransaction(db, async (txn) => {
        txn.update(doc(db, 'jars/never'), { stock: 2 });
      }),
      'not-found',
    );
  });
});

describe('in and array-contains-any with null in the list', () => {
  it('match nothing for the null entry', async () => {
    await admin()
      .doc('nulls/a')
      .set({ v: null, tags: [null] });
    await admin()
      .doc('nulls/b')
      .set({ v: 1, tags: [1] });
    const inIds = await getDocs(query(collection(db, 'nulls'), where('v', 'in', [null, 1])));
    expect(inIds.docs.map((d) => d.id)).toEqual(['b']);
    const anyIds = await getDocs(
      query(collection(db, 'nulls'), where('tags', 'array-contains-any', [null, 1])),
    );
    expect(anyIds.docs.map((d) => d.id)).toEqual(['b']);
    const isNull = await getDocs(query(collection(db, 'nulls'), where('v', '==', null)));
    expect(isNull.docs.map((d) => d.id)).toEqual(['a']);
  });
});

describe('a listen target that is invalid', () => {
  it('rejects the query with invalid-argument instead of resolving empty from the cache', async () => {
    await expectCode(getDocs(collection(db, '__badpath__')), 'invalid-argument');
    // The stream survived: the next query on it is answered.
    await admin().doc('after/one').set({ n: 1 });
    expect((await getDocs(collection(db, 'after'))).size).toBe(1);
  });
});

describe('vector values', () => {
  it('sort after arrays and before maps, shorter vectors first, then element by element', async () => {
    await setDoc(doc(db, 'vectors/map'), { v: { a: 1 } });
    await setDoc(doc(db, 'vectors/array'), { v: [9, 9, 9] });
    await setDoc(doc(db, 'vectors/long'), { v: vector([1, 1, 1]) });
    await setDoc(doc(db, 'vectors/short-high'), { v: vector([5, 5]) });
    await setDoc(doc(db, 'vectors/short-low'), { v: vector([1, 9]) });
    const snap = await getDocs(query(collection(db, 'vectors'), orderBy('v')));
    expect(snap.docs.map((d) => d.id)).toEqual(['array', 'short-low', 'short-high', 'long', 'map']);
  });

  it('range filters on a vector see only vectors', async () => {
    const snap = await getDocs(query(collection(db, 'vectors'), where('v', '>', vector([1, 9]))));
    expect(snap.docs.map((d) => d.id)).toEqual(['short-high', 'long']);
  });
});

describe('aggregations', () => {
  it("refuse more than five with production's 'maximum number of aggregations'", async () => {
    await admin().doc('agg/a').set({ n: 1 });
    const error = await expectCode(
      getAggregateFromServer(collection(db, 'agg'), {
        a: count(),
        b: sum('n'),
        c: average('n'),
        d: sum('m'),
        e: average('m'),
        f: sum('o'),
      }),
      'invalid-argument',
    );
    expect(error.message).toContain('maximum number of aggregations');
  });
});
