// Cash orders from real people in firestore.rules: the seller's blocklist (admins only, shape checked), the
// numbers' summaries (admins read, nobody writes) and the guard's markers (no browser at all).
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  collection,
  serverTimestamp,
  setDoc,
  Timestamp,
  type Firestore,
} from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFirestoreRulesEnv } from '../support/firestore-rules-env';

const { env, anonymous, alice, admin } = useFirestoreRulesEnv();

const PHONE = '01712345678';
const BLOCKED = `blocked_phones/${PHONE}`;

beforeEach(async () => {
  await env().clearFirestore();
  await env().withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    await setDoc(doc(db, 'roles/admin'), { user_id: 'admin', role: 'admin' });
    await setDoc(doc(db, 'blocked_phones/01812345678'), {
      phone: '01812345678',
      blocked_at: Timestamp.now(),
    });
    await setDoc(doc(db, `phone_summaries/${PHONE}`), {
      orders: 3,
      delivered: 1,
      cancelled: 1,
      returned: 1,
      last_order_at: Timestamp.now(),
    });
    await setDoc(doc(db, 'order-limits/alice'), { last_order_ms: 1, days: {} });
    await setDoc(doc(db, `order-limits/phone:${PHONE}`), { last_order_ms: 1, days: {} });
  });
});

describe('blocked_phones', () => {
  it('an admin lists, adds (with a note), and removes a number', async () => {
    await assertSucceeds(getDocs(collection(admin(), 'blocked_phones')));
    await assertSucceeds(
      setDoc(doc(admin(), BLOCKED), { phone: PHONE, blocked_at: serverTimestamp(), note: 'তিনবার ফেরত' }),
    );
    await assertSucceeds(
      setDoc(doc(admin(), 'blocked_phones/01912345678'), {
        phone: '01912345678',
        blocked_at: serverTimestamp(),
      }),
    );
    expect((await getDoc(doc(admin(), BLOCKED))).data()?.note).toBe('তিনবার ফেরত');
    await assertSucceeds(deleteDoc(doc(admin(), BLOCKED)));
  });

  it('a shopper or a visitor neither reads nor writes it (nor learns a number is blocked)', async () => {
    for (const db of [alice(), anonymous()]) {
      await assertFails(getDoc(doc(db, 'blocked_phones/01812345678')));
      await assertFails(getDoc(doc(db, BLOCKED)));
      await assertFails(getDocs(collection(db, 'blocked_phones')));
      await assertFails(setDoc(doc(db, BLOCKED), { phone: PHONE, blocked_at: serverTimestamp() }));
      await assertFails(deleteDoc(doc(db, 'blocked_phones/01812345678')));
    }
  });

  it('refuses a malformed entry, even from an admin', async () => {
    const refused: [string, Record<string, unknown>][] = [
      ['blocked_phones/1712345678', { phone: '1712345678', blocked_at: serverTimestamp() }],
      ['blocked_phones/01212345678', { phone: '01212345678', blocked_at: serverTimestamp() }],
      [BLOCKED, { phone: '01912345678', blocked_at: serverTimestamp() }],
      [BLOCKED, { phone: PHONE }],
      [BLOCKED, { phone: PHONE, blocked_at: Timestamp.fromMillis(0) }],
      [BLOCKED, { phone: PHONE, blocked_at: serverTimestamp(), note: 'x'.repeat(201) }],
      [BLOCKED, { phone: PHONE, blocked_at: serverTimestamp(), note: 5 }],
      [BLOCKED, { phone: PHONE, blocked_at: serverTimestamp(), reason: 'fake' }],
    ];
    for (const [path, data] of refused) await assertFails(setDoc(doc(admin(), path), data));
  });
});

describe('phone_summaries', () => {
  it('an admin reads them; nobody writes them from a browser', async () => {
    await assertSucceeds(getDoc(doc(admin(), `phone_summaries/${PHONE}`)));
    await assertFails(setDoc(doc(admin(), `phone_summaries/${PHONE}`), { orders: 0 }));
    await assertFails(deleteDoc(doc(admin(), `phone_summaries/${PHONE}`)));
    for (const db of [alice(), anonymous()]) {
      await assertFails(getDoc(doc(db, `phone_summaries/${PHONE}`)));
      await assertFails(setDoc(doc(db, `phone_summaries/${PHONE}`), { orders: 0 }));
    }
  });
});

describe('order-limits', () => {
  it('no browser reads or writes a marker, not even its own or an admin', async () => {
    for (const db of [alice(), admin(), anonymous()]) {
      await assertFails(getDoc(doc(db, 'order-limits/alice')));
      await assertFails(getDoc(doc(db, `order-limits/phone:${PHONE}`)));
      await assertFails(setDoc(doc(db, 'order-limits/alice'), { days: {} }));
      await assertFails(deleteDoc(doc(db, `order-limits/phone:${PHONE}`)));
    }
  });
});
