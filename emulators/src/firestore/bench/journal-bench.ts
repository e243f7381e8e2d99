/**
 * What the journal costs: `npm run bench`'s 1,000 single-document writes (firebase-admin over gRPC, one at a
 * time) against an emulator in memory and against one with a data folder, whose every commit is appended to
 * the journal and flushed to the disk before it is answered. Prints the numbers; run with
 * `npx tsx emulators/src/firestore/bench/journal-bench.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, getApps } from 'firebase-admin/app';
import { adminFirestore } from '../../testing/admin.js';
import { startFirestoreEmulator } from '../server.js';

const WRITES = 1_000;

async function singleWrites(project: string, dataDir: string | undefined): Promise<number> {
  const emulator = await startFirestoreEmulator({ port: 0, dataDir });
  try {
    const col = adminFirestore(project, emulator.port).collection('bench-writes');
    for (let i = 0; i < 20; i++) await col.doc(`warm-${i}`).set({ i }); // connection and JIT warm-up
    const started = performance.now();
    for (let i = 0; i < WRITES; i++)
      await col.doc(`jar-${i}`).set({ i, name: `আচার ${i}`, price: 100 + (i % 50) });
    return performance.now() - started;
  } finally {
    for (const app of getApps().filter((a) => a.name.startsWith(`${project}:`))) await deleteApp(app);
    await emulator.stop();
  }
}

process.env.METADATA_SERVER_DETECTION = 'none';
const dir = await mkdtemp(join(tmpdir(), 'journal-bench-'));
try {
  const rounds = Number(process.argv[2] ?? 2);
  for (let round = 1; round <= rounds; round++) {
    const memory = await singleWrites(`demo-journal-bench-m${round}`, undefined);
    const journaled = await singleWrites(`demo-journal-bench-j${round}`, join(dir, String(round)));
    console.log(
      `round ${round}: ${WRITES} single writes: in memory ${memory.toFixed(0)} ms, journaled ${journaled.toFixed(0)} ms (${(journaled / memory).toFixed(2)}x)`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
