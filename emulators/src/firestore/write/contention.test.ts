/**
 * Bursts of firebase-admin transactions against the emulator's locks (emulators/docs/firestore-transactions.md,
 * "A burst on one document"): a transaction's read takes an exclusive lock, so a burst on one document queues
 * at the read, oldest first, and commits one after another without an abort (the lock yields only to a read
 * waiting for an idle holder); a real deadlock is still broken by wound-wait, and no interleaving loses an
 * update.
 */
import fc from 'fast-check';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFirestore, adminOverRest } from '../../testing/admin.js';
import { startFirestoreEmulator, type FirestoreEmulator } from '../server.js';

process.env.METADATA_SERVER_DETECTION = 'none';

const BURST = 50;

describe('transactions under contention', () => {
  let emulator: FirestoreEmulator;
  let db: Firestore;
  /**
   * The same SDK over REST, for the property's many runs (gRPC's transport is the burst's; both now learn of a
   * wound at once, emulators/docs/firestore-server-sdk.md).
   */
  let dbOverRest: Firestore;

  beforeAll(async () => {
    emulator = await startFirestoreEmulator({ port: 0 });
    db = adminFirestore('demo-contention', emulator.port);
    dbOverRest = adminOverRest('demo-contention-rest', emulator.port);
  });

  afterAll(async () => {
    await emulator?.stop();
  });

  it(
    'fifty increments of one document at once all commit, each waiting its turn at the read',
    { timeout: 120_000 },
    async () => {
      const jar = db.doc('products/lime-pickle');
      await jar.set({ sold: 0 });
      const attempts = Array.from({ length: BURST }, () => 0);
      const order = (i: number) =>
        db.runTransaction(async (t) => {
          attempts[i]++;
          const sold = (await t.get(jar)).get('sold') as number;
          t.update(jar, { sold: sold + 1 });
        });
      const outcomes = await Promise.allSettled(Array.from({ length: BURST }, (_, i) => order(i)));

      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
      expect((await jar.get()).get('sold')).toBe(BURST);
      // Each waited its turn at the read, so none was aborted and waited for the SDK's back-off: with shared
      // read locks 49 of the 50 retry. The exception: a holder whose client stalled past READ_LOCK_YIELD_MS (a
      // loaded machine) lets the next read in beside it, and its commit wounds that one, which retries at once,
      // older than the one holding the read by then, and wounds it in turn (wound-wait keeps a retry's age).
      // At load 8-9 none to one retried in ten bursts; at load 12-14, 4 and 12.
      expect(attempts.filter((n) => n !== 1).length).toBeLessThan(BURST / 3);
      // Nothing left locked or waiting once every transaction has answered.
      expect(emulator.engine.transactions.locks.size).toBe(0);
    },
  );

  it(
    'concurrent transfers between a few accounts never lose an update: the sum is kept',
    { timeout: 300_000 },
    async () => {
      const ACCOUNTS = 3;
      const OPENING = 100;
      const transfer = fc.record({
        from: fc.nat(ACCOUNTS - 1),
        to: fc.nat(ACCOUNTS - 1),
        amount: fc.integer({ min: 1, max: 80 }),
        // Which account the transaction reads first: opposite orders make real deadlocks for wound-wait.
        toFirst: fc.boolean(),
      });
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(transfer, { minLength: 2, maxLength: 6 }), async (transfers) => {
          const accounts = Array.from({ length: ACCOUNTS }, (_, i) =>
            dbOverRest.doc(`ledger-${run}/account-${i}`),
          );
          run++;
          await Promise.all(accounts.map((a) => a.set({ balance: OPENING })));
          const outcomes = await Promise.allSettled(
            transfers.map(({ from, to, amount, toFirst }) =>
              dbOverRest.runTransaction(
                async (t) => {
                  const [source, target] = [accounts[from], accounts[to]];
                  const reads = toFirst ? [target, source] : [source, target];
                  const balances = new Map<string, number>();
                  for (const ref of reads)
                    balances.set(ref.path, (await t.get(ref)).get('balance') as number);
                  if (from === to) return 'same account';
                  if (balances.get(source.path)! < amount) return 'refused';
                  t.update(source, { balance: balances.get(source.path)! - amount });
                  t.update(target, { balance: balances.get(target.path)! + amount });
                  return 'moved';
                },
                { maxAttempts: 20 },
              ),
            ),
          );
          expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
          const balances = await Promise.all(
            accounts.map(async (a) => (await a.get()).get('balance') as number),
          );
          expect(balances.reduce((sum, b) => sum + b, 0)).toBe(ACCOUNTS * OPENING);
          expect(balances.every((b) => b >= 0)).toBe(true);
          expect(emulator.engine.transactions.locks.size).toBe(0);
        }),
        { numRuns: 8 },
      );
    },
  );
});
