// The statistics' roll-ups (order_stats) in firestore.rules: the seller reads them, nobody writes them from a
// browser. A file of its own beside firestore-rules.test.ts, so each engineer's collection has its own suite.
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  setLogLevel,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PROJECT_ID,
  REPO_ROOT,
  startAcharEmulators,
  type AcharEmulators,
} from '../support/emulator-processes';

let emulators: AcharEmulators;
let env: RulesTestEnvironment;

const total = { kind: 'total', shard: 3, count: { pending: 2 }, revenue: { pending: 50000 } };
const month = {
  kind: 'month',
  month: '2026-11',
  shard: 3,
  days: { d21: { count: { pending: 2 }, revenue: { pending: 50000 } } },
};

const anonymous = () => env.unauthenticatedContext().firestore() as unknown as Firestore;
const alice = () =>
  env.authenticatedContext('alice', { email: 'alice@example.com' }).firestore() as unknown as Firestore;
const admin = () =>
  env.authenticatedContext('admin', { email: 'admin@achar.test' }).firestore() as unknown as Firestore;
/** Signed in, with a role record that names a role other than admin. */
const editor = () => env.authenticatedContext('editor').firestore() as unknown as Firestore;

beforeAll(async () => {
  setLogLevel('silent');
  emulators = await startAcharEmulators();
  env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { ...emulators.firestore, rules: readFileSync(`${REPO_ROOT}/firestore.rules`, 'utf8') },
  });
});

afterAll(async () => {
  await env?.cleanup();
  await emulators?.stop();
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    await setDoc(doc(db, 'roles/admin'), { user_id: 'admin', role: 'admin' });
    await setDoc(doc(db, 'roles/editor'), { user_id: 'editor', role: 'editor' });
    await setDoc(doc(db, 'order_stats/total-3'), total);
    await setDoc(doc(db, 'order_stats/month-2026-11-3'), month);
  });
});

describe('order_stats (the statistics roll-ups)', () => {
  it("an admin reads them with the stats tab's two queries", async () => {
    const totals = await assertSucceeds(
      getDocs(query(collection(admin(), 'order_stats'), where('kind', '==', 'total'))),
    );
    expect(totals.docs.map((snapshot) => snapshot.data())).toEqual([total]);
    const months = await assertSucceeds(
      getDocs(query(collection(admin(), 'order_stats'), where('month', 'in', ['2026-10', '2026-11']))),
    );
    expect(months.docs.map((snapshot) => snapshot.id)).toEqual(['month-2026-11-3']);
  });

  it('a customer, a visitor or another role reads none of them', async () => {
    for (const db of [alice(), anonymous(), editor()]) {
      await assertFails(getDoc(doc(db, 'order_stats/total-3')));
      await assertFails(getDocs(query(collection(db, 'order_stats'), where('kind', '==', 'total'))));
    }
  });

  it('nobody writes them from a browser, not even an admin: only the functions and stats:rebuild do', async () => {
    for (const db of [admin(), alice()]) {
      await assertFails(setDoc(doc(db, 'order_stats/total-0'), total));
      await assertFails(updateDoc(doc(db, 'order_stats/total-3'), { 'count.pending': 1000 }));
      await assertFails(deleteDoc(doc(db, 'order_stats/month-2026-11-3')));
    }
  });
});
