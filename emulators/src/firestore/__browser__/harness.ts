/**
 * Runs in Chromium: the unmodified web SDK against the emulator whose port is in the URL
 * (`?port=8080&mode=longpoll|streaming&token=<jwt>`). The test calls `window.harness.*`.
 */
import { initializeApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDoc,
  getDocs,
  increment,
  initializeFirestore,
  onSnapshot,
  orderBy,
  query,
  runTransaction,
  setDoc,
  where,
  writeBatch,
  type DocumentData,
} from 'firebase/firestore';

const params = new URLSearchParams(location.search);
const app = initializeApp({
  projectId: params.get('project') ?? 'demo-browser',
  apiKey: 'demo-key',
  appId: 'demo-app',
});
const db = initializeFirestore(
  app,
  params.get('mode') === 'longpoll' ? { experimentalForceLongPolling: true } : {},
);
const token = params.get('token');
connectFirestoreEmulator(
  db,
  '127.0.0.1',
  Number(params.get('port')),
  token ? { mockUserToken: token } : undefined,
);

const events: { ids: string[]; pending: boolean; at: number }[] = [];

const harness = {
  async write(path: string, data: DocumentData) {
    await setDoc(doc(db, path), data);
  },
  async read(path: string) {
    const snap = await getDoc(doc(db, path));
    return snap.exists() ? snap.data() : null;
  },
  async inStockByPriceDesc(collectionId: string) {
    const snap = await getDocs(
      query(collection(db, collectionId), where('stock', '>', 0), orderBy('price', 'desc')),
    );
    return snap.docs.map((d) => d.id);
  },
  listen(collectionId: string) {
    onSnapshot(
      query(collection(db, collectionId), orderBy('price')),
      { includeMetadataChanges: true },
      (snap) => {
        events.push({
          ids: snap.docs.map((d) => d.id),
          pending: snap.metadata.hasPendingWrites,
          at: Date.now(),
        });
      },
    );
  },
  events: () => events,
  async transferStock(from: string, to: string, amount: number) {
    return runTransaction(db, async (txn) => {
      const a = await txn.get(doc(db, from));
      const b = await txn.get(doc(db, to));
      const available = (a.data()?.stock as number) ?? 0;
      if (available < amount) throw new Error('not enough stock');
      txn.update(a.ref, { stock: available - amount });
      txn.update(b.ref, { stock: ((b.data()?.stock as number) ?? 0) + amount });
      return available - amount;
    });
  },
  /** Reads `from` without writing it (the SDK verifies it at commit) and writes a copy of it to `to`. */
  async copyInTransaction(from: string, to: string) {
    return runTransaction(db, async (txn) => {
      const source = await txn.get(doc(db, from));
      txn.set(doc(db, to), { copied: source.data()?.stock ?? null });
      return 'ok';
    });
  },
  /** The error code a query on a reserved collection id settles with (it must settle). */
  reservedQueryCode() {
    return harness.errorCode(() => getDocs(collection(db, '__badpath__')));
  },
  async batchOfThree(prefix: string) {
    const batch = writeBatch(db);
    batch.set(doc(db, `${prefix}/one`), { n: 1 });
    batch.set(doc(db, `${prefix}/two`), { n: 2 });
    batch.update(doc(db, `${prefix}/counter`), { n: increment(5) });
    await batch.commit();
  },
  /** Resolves to the error code of a failing call, or 'ok'. */
  async errorCode(action: () => Promise<unknown>) {
    try {
      await action();
      return 'ok';
    } catch (error) {
      return (error as { code?: string }).code ?? String(error);
    }
  },
  readCode(path: string) {
    return harness.errorCode(() => getDoc(doc(db, path)));
  },
  writeCode(path: string, data: DocumentData) {
    return harness.errorCode(() => setDoc(doc(db, path), data));
  },
};

(window as unknown as { harness: typeof harness }).harness = harness;
document.title = 'ready';
