/**
 * A burst of firebase-admin transactions that all read and write one document (placeOrder's shape on a product
 * in a live sale) against the emulator's locks: wound-wait settles every conflict by aborting the younger
 * transaction, and the SDK's retries (a retry keeps its age) let every one of them through, exactly once. Where the time of such a burst goes: emulators/docs/firestore-contention.md.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFirestore } from '../../testing/admin.js';
import { startFirestoreEmulator, type FirestoreEmulator } from '../server.js';

process.env.METADATA_SERVER_DETECTION = 'none';

const BURST = 50;
/**
 * Each round of a burst lets one transaction through and wounds the others, which retry after the SDK's
 * back-off: fifty took up to 5 attempts (firebase-admin's default limit), so the test allows twice that, as
 * placeOrder allows more too.
 */
const MAX_ATTEMPTS = 10;

describe('fifty transactions on one document at once', () => {
  let emulator: FirestoreEmulator;
  let db: Firestore;

  beforeAll(async () => {
    emulator = await startFirestoreEmulator({ port: 0 });
    db = adminFirestore('demo-contention', emulator.port);
  });

  afterAll(async () => {
    await emulator?.stop();
  });

  it('all commit, each exactly once, the oldest at its first attempt', { timeout: 120_000 }, async () => {
    const jar = db.doc('products/lime-pickle');
    await jar.set({ stock_quantity: 100 });
    const attempts = Array.from({ length: BURST }, () => 0);
    const order = (i: number) =>
      db.runTransaction(
        async (t) => {
          attempts[i]++;
          const stock = (await t.get(jar)).get('stock_quantity') as number;
          t.update(jar, { stock_quantity: stock - 1 });
        },
        { maxAttempts: MAX_ATTEMPTS },
      );
    const outcomes = await Promise.allSettled(Array.from({ length: BURST }, (_, i) => order(i)));

    // A retry keeps its age, so it is soon among the oldest: none is wounded at every attempt.
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect((await jar.get()).get('stock_quantity')).toBe(100 - BURST);
    // The oldest transaction is never wounded: wound-wait lets it through at its first attempt.
    expect(attempts).toContain(1);
    // Nothing left locked or waiting once every transaction has answered.
    expect(emulator.engine.transactions.locks.size).toBe(0);
  });
});
