/**
 * Speed and memory of the Firestore emulator, measured through firebase-admin over gRPC as the shop's scripts
 * and functions use it. Returns rows for `npm run bench` (scripts/bench.ts prints them); prints nothing itself.
 */
import { deleteApp, getApps } from 'firebase-admin/app';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { adminFirestore } from '../../testing/admin.js';
import type { BenchRow } from './bench-row.js';
import { benchPartitionsAndHistory } from './partition-history-bench.js';
import { startFirestoreEmulator, type FirestoreEmulator } from '../server.js';

const PROJECT = 'demo-bench';
const REGIONS = ['dhaka', 'khulna', 'sylhet', 'chattogram'];

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function coldStartMs(): Promise<number> {
  const started = performance.now();
  const emulator = await startFirestoreEmulator({ port: 0 });
  const response = await fetch(`http://127.0.0.1:${emulator.port}/`);
  await response.text();
  const elapsed = performance.now() - started;
  await emulator.stop();
  return elapsed;
}

async function singleWrites(db: Firestore, count: number): Promise<number> {
  const col = db.collection('bench-writes');
  for (let i = 0; i < 20; i++) await col.doc(`warm-${i}`).set({ i }); // connection and JIT warm-up
  const started = performance.now();
  for (let i = 0; i < count; i++)
    await col.doc(`jar-${i}`).set({ i, name: `আচার ${i}`, price: 100 + (i % 50) });
  return performance.now() - started;
}

async function loadProducts(db: Firestore, count: number): Promise<void> {
  for (let start = 0; start < count; start += 500) {
    const batch = db.batch();
    for (let i = start; i < Math.min(count, start + 500); i++) {
      batch.set(db.collection('bench-products').doc(`p${String(i).padStart(5, '0')}`), {
        name: `আচার ${i}`,
        price: 50 + ((i * 7919) % 400),
        stock: i % 10,
        region: REGIONS[i % REGIONS.length],
        is_active: i % 3 !== 0,
      });
    }
    await batch.commit();
  }
}

async function queryMedianMs(db: Firestore): Promise<{ ms: number; results: number }> {
  const query = db
    .collection('bench-products')
    .where('region', '==', 'dhaka')
    .where('is_active', '==', true)
    .orderBy('price', 'desc');
  await query.get(); // warm-up
  const times: number[] = [];
  let results = 0;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    results = (await query.get()).size;
    times.push(performance.now() - started);
  }
  return { ms: percentile(times, 50), results };
}

/**
 * findNearest over `count` documents holding `dimension`-number vectors, limit 10 (EUCLIDEAN): the median of 5
 * after a warm-up. The vectors are seeded, so each run searches the same data.
 */
export async function nearestMedianMs(
  db: Firestore,
  count: number,
  dimension: number,
): Promise<{ ms: number; results: number }> {
  let seed = 27;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648 - 0.5;
  };
  const vector = () => Array.from({ length: dimension }, random);
  for (let start = 0; start < count; start += 250) {
    const batch = db.batch();
    for (let i = start; i < Math.min(count, start + 250); i++)
      batch.set(db.collection('bench-vectors').doc(`v${String(i).padStart(5, '0')}`), {
        embedding: FieldValue.vector(vector()),
      });
    await batch.commit();
  }
  const query = db.collection('bench-vectors').findNearest({
    vectorField: 'embedding',
    queryVector: vector(),
    limit: 10,
    distanceMeasure: 'EUCLIDEAN',
  });
  await query.get(); // warm-up
  const times: number[] = [];
  let results = 0;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    results = (await query.get()).size;
    times.push(performance.now() - started);
  }
  return { ms: percentile(times, 50), results };
}

/** Time from starting a commit until every one of `listeners` snapshot listeners has seen it. */
async function fanOut(db: Firestore, listeners: number, commits: number): Promise<number[]> {
  const ref = db.doc('bench-fanout/counter');
  await ref.set({ n: -1 });
  // What each listener has seen last; -2 until its first snapshot arrives.
  const seen: number[] = new Array<number>(listeners).fill(-2);
  let waiting: { n: number; resolve: () => void } | null = null;
  const settle = () => {
    if (waiting && seen.every((n) => n >= waiting!.n)) waiting.resolve();
  };
  const allAt = (n: number) =>
    new Promise<void>((resolve) => {
      waiting = { n, resolve };
      settle();
    });
  const stops = Array.from({ length: listeners }, (_, index) =>
    ref.onSnapshot((snap) => {
      seen[index] = snap.get('n') as number;
      settle();
    }),
  );
  await allAt(-1);
  const latencies: number[] = [];
  try {
    for (let n = 0; n < commits; n++) {
      const started = performance.now();
      const allSeen = allAt(n);
      await ref.set({ n });
      await allSeen;
      latencies.push(performance.now() - started);
    }
  } finally {
    for (const stop of stops) stop();
  }
  return latencies;
}

export async function benchFirestore(): Promise<BenchRow[]> {
  // adminFirestore() points FIRESTORE_EMULATOR_HOST at the bench's emulator; put the environment back afterwards
  // so later benchmarks (and the processes they spawn) do not inherit a port that is gone.
  const savedEnv = {
    FIRESTORE_EMULATOR_HOST: process.env.FIRESTORE_EMULATOR_HOST,
    METADATA_SERVER_DETECTION: process.env.METADATA_SERVER_DETECTION,
  };
  process.env.METADATA_SERVER_DETECTION = 'none';
  const rows: BenchRow[] = [];
  rows.push({ name: 'firestore: cold start to ready', value: round(await coldStartMs()), unit: 'ms' });

  let emulator: FirestoreEmulator | null = null;
  try {
    emulator = await startFirestoreEmulator({ port: 0 });
    const db = adminFirestore(PROJECT, emulator.port);

    const writes = 1_000;
    const writeMs = await singleWrites(db, writes);
    rows.push({
      name: `firestore: ${writes.toLocaleString('en-US')} single-document writes (firebase-admin, gRPC)`,
      value: round(writeMs),
      unit: 'ms',
      note: `${Math.round(writes / (writeMs / 1000))} writes/s, one at a time`,
    });

    const documents = 10_000;
    await loadProducts(db, documents);
    const query = await queryMedianMs(db);
    rows.push({
      name: `firestore: filtered, ordered query over ${documents.toLocaleString('en-US')} documents`,
      value: round(query.ms),
      unit: 'ms',
      note: `median of 5; region == and is_active == ordered by price desc, ${query.results} results`,
    });

    const vectors = 10_000;
    const nearest = await nearestMedianMs(db, vectors, 256);
    rows.push({
      name: `firestore: findNearest over ${vectors.toLocaleString('en-US')} 256-dimension vectors, limit 10`,
      value: round(nearest.ms),
      unit: 'ms',
      note: `median of 5; EUCLIDEAN, exact (flat) search, ${nearest.results} results`,
    });

    const latencies = await fanOut(db, 10, 100);
    rows.push({
      name: 'firestore: commit → snapshot in 10 listeners, p50',
      value: round(percentile(latencies, 50)),
      unit: 'ms',
      note: 'until all 10 admin onSnapshot listeners have the commit; 100 commits',
    });
    rows.push({
      name: 'firestore: commit → snapshot in 10 listeners, p95',
      value: round(percentile(latencies, 95)),
      unit: 'ms',
    });

    (globalThis as { gc?: () => void }).gc?.();
    rows.push({
      name: `firestore: resident memory after loading ${documents.toLocaleString('en-US')} documents`,
      value: round(process.memoryUsage().rss / 1024 / 1024),
      unit: 'MB',
      note: `whole process (emulator and firebase-admin), ${emulator.engine.state({ projectId: PROJECT, databaseId: '(default)' }).size} documents stored`,
    });
    rows.push(...(await benchPartitionsAndHistory()));
  } finally {
    for (const app of getApps().filter((a) => a.name.startsWith(`${PROJECT}:`))) await deleteApp(app);
    await emulator?.stop();
    for (const [key, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  return rows;
}
