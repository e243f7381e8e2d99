/**
 * Google's own client test of contention (googleapis/nodejs-firestore, system-test/firestore.ts, 'retries
 * transactions that fail with contention', run against production) on Google's emulator and on ours: two
 * firebase-admin transactions each hold a read of one document while waiting for the other to have read it;
 * one is aborted at commit and retried, three attempts in all, and both writes are merged. Neither emulator
 * deadlocks; Google's may take an attempt more than production.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, inject, it } from 'vitest';
import { adminFirestore } from '../../emulators/src/testing/admin.js';
import { useFirestoreEmulator } from '../../emulators/src/testing/firestore-emulator.js';

process.env.METADATA_SERVER_DETECTION = 'none';

const google = inject('googleFirestore');

async function contention(db: Firestore): Promise<{ attempts: number; merged: unknown }> {
  const ref = db.collection(`contention-${Date.now()}`).doc('doc');
  let attempts = 0;
  const resolvers: (() => void)[] = [];
  const contended = [0, 1].map(() => new Promise<void>((resolve) => resolvers.push(resolve)));
  const first = db.runTransaction(async (t) => {
    ++attempts;
    await t.get(ref);
    resolvers[0]();
    await contended[1];
    t.set(ref, { first: true }, { merge: true });
  });
  const second = db.runTransaction(async (t) => {
    ++attempts;
    await t.get(ref);
    resolvers[1]();
    await contended[0];
    t.set(ref, { second: true }, { merge: true });
  });
  await first;
  await second;
  return { attempts, merged: (await ref.get()).data() };
}

describe.skipIf(google === null)("Google's contention test, on Google's emulator and on ours", () => {
  const ours = useFirestoreEmulator();
  const googlePort = Number((google ?? ':').split(':')[1]);

  it.each([
    ['gRPC', false],
    ['REST', true],
  ] as const)(
    'over %s: three attempts, both fields merged, on both',
    async (transport, preferRest) => {
      const project = `demo-contention-${transport.toLowerCase()}`;
      const [theirs, mine] = await Promise.all(
        [googlePort, ours().port].map((port) => contention(adminFirestore(project, port, { preferRest }))),
      );
      const merged = { first: true, second: true };
      // Google's emulator is not production: neither deadlocks, but it may abort one attempt more (gRPC: 4 seen).
      expect({ ...theirs, attempts: Math.min(theirs.attempts, 3) }).toEqual({ attempts: 3, merged });
      expect(mine).toEqual({ attempts: 3, merged });
      console.log(
        `contention over ${transport}: Google's emulator ${theirs.attempts} attempts, ours ${mine.attempts}`,
      );
    },
    60_000,
  );
});
