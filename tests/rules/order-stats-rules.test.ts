// The statistics' roll-ups (order_stats) in firestore.rules: the seller reads them, nobody writes them from a
// browser. A file of its own beside firestore-rules.test.ts, so each engineer's collection has its own suite.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  setDoc,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFirestoreRulesEnv } from '../support/firestore-rules-env';

const total = { kind: 'total', shard: 3, count: { pending: 2 }, revenue: { pending: 50000 } };
const month = {
  kind: 'month',
  month: '2026-11',
  shard: 3,
  days: { d21: { count: { pending: 2 }, revenue: { pending: 50000 } } },
};

const { env, anonymous, alice, admin, editor } = useFirestoreRulesEnv();

beforeEach(async () => {
  await env().clearFirestore();
  await env().withSecurityRulesDisabled(async (context) => {
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
