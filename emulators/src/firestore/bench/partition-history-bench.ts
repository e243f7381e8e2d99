/**
 * `npm run bench` rows for issue 27: a partitioned read of 100,000 orders through firebase-admin's
 * getPartitions() (gRPC, the partitions read in parallel), and what the hour of kept versions costs in memory
 * when every one of those orders changes status once (../document-history.ts).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { deleteApp, getApps } from 'firebase-admin/app';
import type { Caller } from '../../shared/auth-token.js';
import { adminFirestore } from '../../testing/admin.js';
import type { BenchRow } from './bench-row.js';
import { syntheticDocument } from '../../testing/synthetic-documents.js';
import { startFirestoreEmulator, type FirestoreEmulator } from '../server.js';
import type { WriteJson } from '../types.js';

const PROJECT = 'demo-bench-partitions';
const ORDERS = 100_000;
const PARTITIONS = 8;
const OWNER: Caller = { kind: 'owner' };

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** A full collection, so heap figures count live objects only (--expose-gc when the process has it). */
function collectGarbage(): void {
  let gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
  gc();
}

const heapMB = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

export async function benchPartitionsAndHistory(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  let emulator: FirestoreEmulator | null = null;
  try {
    emulator = await startFirestoreEmulator({ port: 0 });
    const { engine } = emulator;
    const database = `projects/${PROJECT}/databases/(default)`;
    const documents = Array.from({ length: ORDERS }, (_, i) =>
      syntheticDocument(database, i, ORDERS, 'orders'),
    );
    engine.importDocuments([{ database, documents }]);
    documents.length = 0;
    const db = adminFirestore(PROJECT, emulator.port);
    await db.collection('orders').limit(1).get(); // connection and JIT warm-up

    const started = performance.now();
    const partitions = [];
    for await (const partition of db.collectionGroup('orders').getPartitions(PARTITIONS)) {
      partitions.push(partition);
    }
    const splitMs = performance.now() - started;
    const sizes = await Promise.all(partitions.map(async (p) => (await p.toQuery().get()).size));
    const partitionedMs = performance.now() - started;
    rows.push({
      name: `firestore: partitioned read of ${ORDERS.toLocaleString('en-US')} orders (getPartitions(${PARTITIONS}), gRPC)`,
      value: round(partitionedMs),
      unit: 'ms',
      note: `${sizes.reduce((a, b) => a + b, 0)} documents in ${partitions.length} partitions read in parallel; split points ${round(splitMs)} ms`,
    });
    const wholeStarted = performance.now();
    const whole = await db.collection('orders').get();
    rows.push({
      name: `firestore: the same ${ORDERS.toLocaleString('en-US')} orders in one query, for comparison`,
      value: round(performance.now() - wholeStarted),
      unit: 'ms',
      note: `${whole.size} documents`,
    });

    // Every order changes status once (as setOrderStatus does), so each keeps its replaced version.
    const state = engine.state({ projectId: PROJECT, databaseId: '(default)' });
    const before = heapMB();
    for (let start = 0; start < ORDERS; start += 500) {
      const writes: WriteJson[] = [];
      for (let i = start; i < Math.min(ORDERS, start + 500); i++) {
        writes.push({
          update: {
            name: `${database}/documents/orders/order${String(i).padStart(7, '0')}`,
            fields: {
              status: { stringValue: 'shipped' },
              updated_at: { timestampValue: new Date().toISOString() },
            },
          },
          updateMask: { fieldPaths: ['status', 'updated_at'] },
        });
      }
      engine.commit({ database, writes }, OWNER);
    }
    const versions = state.history.size;
    const withHistory = heapMB();
    state.history.restart();
    const withoutHistory = heapMB();
    const historyMB = withHistory - withoutHistory;
    rows.push({
      name: `firestore: memory of the hour's versions after ${ORDERS.toLocaleString('en-US')} order updates`,
      value: round(historyMB),
      unit: 'MB',
      note: `${versions} versions kept, ${Math.round((historyMB * 1024 * 1024) / Math.max(1, versions))} bytes each; heap ${round(before)} MB before the updates, ${round(withHistory)} MB after`,
    });
  } finally {
    for (const app of getApps().filter((a) => a.name.startsWith(`${PROJECT}:`))) await deleteApp(app);
    await emulator?.stop();
  }
  return rows;
}
