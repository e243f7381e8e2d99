/**
 * `npx tsx scripts/bench/transaction-burst.ts`: N firebase-admin transactions at once that each read one
 * document and write it back plus one (a live sale's stock step, bare), against our Firestore emulator in this
 * process (on a free port: nothing of the shop is started). Each size runs once with each read lock
 * (emulators/docs/firestore-transactions.md): `shared` (both read, the older's commit wounds the younger, which
 * retries after the SDK's back-off) and `exclusive` (the emulator's default: the younger waits at its read),
 * alternating, so both are measured in one sitting. Prints per run the total time, each transaction's answer
 * time (p50 / p95 / max), the attempts, the CPU time of this process (the emulator and the clients) and the
 * load average. A benchmark: it asserts nothing, but exits 1 if a burst lost or failed an increment.
 *   npx tsx scripts/bench/transaction-burst.ts [--transactions 1,10,50 --read-locks shared,exclusive --rounds 1]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { adminFirestore } from '../../emulators/src/testing/admin.js';
import { startFirestoreEmulator } from '../../emulators/src/firestore/server.js';
import type { TransactionReadLocks } from '../../emulators/src/firestore/write/transactions.js';

process.env.METADATA_SERVER_DETECTION ??= 'none';

const { values } = parseArgs({
  options: {
    transactions: { type: 'string', default: '1,10,50' },
    'read-locks': { type: 'string', default: 'shared,exclusive' },
    rounds: { type: 'string', default: '1' },
  },
});
const SIZES = values.transactions.split(',').map(Number);
const MODES = values['read-locks'].split(',') as TransactionReadLocks[];
const ROUNDS = Number(values.rounds);
// placeOrder's limit (functions/src/place-order.ts): enough that a burst of 50 with shared locks completes.
const MAX_ATTEMPTS = 30;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function burst(mode: TransactionReadLocks, size: number, round: number): Promise<boolean> {
  const emulator = await startFirestoreEmulator({ port: 0, transactionReadLocks: mode });
  try {
    const db = adminFirestore(`demo-burst-${mode}`, emulator.port);
    const jar = db.doc(`products/burst-${size}-${round}`);
    await jar.set({ sold: 0 });
    // One transaction first, so the client's channel is open before the clock starts.
    await db.runTransaction(async (t) => t.set(db.doc('warm/up'), { at: (await t.get(jar)).get('sold') }));
    let attempts = 0;
    let failed = 0;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const times = await Promise.all(
      Array.from({ length: size }, async () => {
        await db
          .runTransaction(
            async (t) => {
              attempts++;
              const sold = (await t.get(jar)).get('sold') as number;
              t.update(jar, { sold: sold + 1 });
            },
            { maxAttempts: MAX_ATTEMPTS },
          )
          .catch(() => failed++);
        return performance.now() - started;
      }),
    );
    const total = performance.now() - started;
    const cpuMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpu));
    times.sort((a, b) => a - b);
    const sold = (await jar.get()).get('sold') as number;
    console.log(
      [
        `${mode.padEnd(9)} ×${String(size).padEnd(3)}`,
        `total ${Math.round(total)} ms`,
        `p50 ${Math.round(percentile(times, 50))} ms`,
        `p95 ${Math.round(percentile(times, 95))} ms`,
        `max ${Math.round(times[times.length - 1])} ms`,
        `attempts ${attempts}`,
        `failed ${failed}`,
        `CPU ${Math.round(cpuMs)} ms`,
        `load ${load()}`,
      ].join('  '),
    );
    return sold === size && failed === 0;
  } finally {
    await emulator.stop();
  }
}

console.log(`read-modify-write transactions on one document at once; load average ${load()}`);
let exact = true;
for (let round = 0; round < ROUNDS; round++) {
  for (const size of SIZES) for (const mode of MODES) exact = (await burst(mode, size, round)) && exact;
}
if (!exact) {
  console.error('✖ a burst lost or failed an increment');
  process.exitCode = 1;
}
