// Payments in firestore.rules, through the SDKs against the emulators: the shop's payment accounts
// (settings/payments) anyone reads and only an admin writes, whole and valid; the TrxID claims (payment_claims)
// and every payment field of an order written by the Cloud Functions alone; nobody reads another's TrxID.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import {
  deleteDoc,
  doc,
  getDoc,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  type Firestore,
} from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { ORDER_PAYMENT_FIELD_NAMES } from '../../src/features/ordering/model';
import { useFirestoreRulesEnv } from '../support/firestore-rules-env';

const { env, anonymous, alice, admin, editor } = useFirestoreRulesEnv();

const SETTINGS = 'settings/payments';
const valid = () => ({
  methods: { cash_on_delivery: true, bkash: true, nagad: false },
  bkash: { number: '01711000111', account_type: 'personal' },
  nagad: { number: '', account_type: 'merchant' },
  payment_wait_hours: 24,
  phone_verification_required: true,
  updated_at: serverTimestamp(),
});

const aliceOrder = {
  user_id: 'alice',
  status: 'pending',
  total_amount: 500,
  payment_method: 'bkash',
  payment_state: 'claimed',
  payment_trxid: '8N7A6D5EE7',
  payment_payer: '01712345678',
  payment_reject_reason: null,
  payment_due_at: Timestamp.fromDate(new Date('2026-11-22T10:00:00Z')),
  payment_updated_at: Timestamp.fromDate(new Date('2026-11-21T10:00:00Z')),
  payment_verified_at: null,
};

beforeEach(async () => {
  await env().clearFirestore();
  await env().withSecurityRulesDisabled(async (context) => {
    const db = context.firestore() as unknown as Firestore;
    await setDoc(doc(db, 'roles/admin'), { user_id: 'admin', role: 'admin' });
    await setDoc(doc(db, 'roles/editor'), { user_id: 'editor', role: 'packer' });
    await setDoc(doc(db, SETTINGS), { ...valid(), updated_at: Timestamp.now() });
    await setDoc(doc(db, 'orders/alice-1'), aliceOrder);
    await setDoc(doc(db, 'orders/karim-1'), {
      ...aliceOrder,
      user_id: 'karim',
      payment_trxid: '9BH4K2L1XQ',
    });
    await setDoc(doc(db, 'payment_claims/bkash-8N7A6D5EE7'), {
      order_id: 'alice-1',
      method: 'bkash',
      trxid: '8N7A6D5EE7',
      created_at: Timestamp.now(),
    });
  });
});

describe('settings/payments', () => {
  it('anyone reads them, signed in or not: the order dialog shows the number to pay to', async () => {
    for (const db of [anonymous(), alice(), admin()]) {
      const settings = await assertSucceeds(getDoc(doc(db, SETTINGS)));
      expect(settings.get('bkash.number')).toBe('01711000111');
    }
  });

  it('an admin writes them whole, stamped with the time of the change', async () => {
    await assertSucceeds(
      setDoc(doc(admin(), SETTINGS), {
        ...valid(),
        methods: { cash_on_delivery: false, bkash: true, nagad: true },
        nagad: { number: '01911000222', account_type: 'agent' },
        payment_wait_hours: 168,
        phone_verification_required: false,
      }),
    );
    await assertSucceeds(setDoc(doc(admin(), SETTINGS), { ...valid(), payment_wait_hours: 1 }));
    expect((await getDoc(doc(admin(), SETTINGS))).get('payment_wait_hours')).toBe(1);
  });

  it('a shopper, a visitor or another role writes nothing, and nobody deletes them', async () => {
    for (const db of [alice(), anonymous(), editor()]) {
      await assertFails(setDoc(doc(db, SETTINGS), valid()));
      await assertFails(updateDoc(doc(db, SETTINGS), { 'bkash.number': '01811999888' }));
    }
    await assertFails(deleteDoc(doc(admin(), SETTINGS)));
  });

  it('refuses malformed settings, even from an admin', async () => {
    const { methods, bkash, ...rest } = valid();
    const refused: Record<string, unknown>[] = [
      { ...valid(), bkash: { number: '1711000111', account_type: 'personal' } },
      { ...valid(), bkash: { number: '01211000111', account_type: 'personal' } },
      { ...valid(), bkash: { number: '017110001112', account_type: 'personal' } },
      { ...valid(), bkash: { number: 1711000111, account_type: 'personal' } },
      { ...valid(), bkash: { number: '01711000111', account_type: 'shop' } },
      { ...valid(), bkash: { number: '01711000111' } },
      { ...valid(), bkash: { ...bkash, note: 'x' } },
      { ...valid(), bkash: '01711000111' },
      { ...valid(), methods: { ...methods, nagad: 'yes' } },
      { ...valid(), methods: { cash_on_delivery: true, bkash: true } },
      { ...valid(), methods: { ...methods, rocket: true } },
      { ...valid(), payment_wait_hours: 0 },
      { ...valid(), payment_wait_hours: 169 },
      { ...valid(), payment_wait_hours: 1.5 },
      { ...valid(), payment_wait_hours: '24' },
      { ...valid(), phone_verification_required: 'no' },
      { ...valid(), updated_at: Timestamp.fromDate(new Date('2026-01-01T00:00:00Z')) },
      { ...valid(), extra: true },
      rest,
    ];
    for (const settings of refused) await assertFails(setDoc(doc(admin(), SETTINGS), settings));
    await assertFails(updateDoc(doc(admin(), SETTINGS), { payment_wait_hours: 48 }));
  });
});

describe('payment_claims (one TrxID, one order)', () => {
  it('nobody reads or writes them from a browser, not even an admin', async () => {
    for (const db of [admin(), alice(), anonymous()]) {
      await assertFails(getDoc(doc(db, 'payment_claims/bkash-8N7A6D5EE7')));
      await assertFails(
        setDoc(doc(db, 'payment_claims/bkash-AAN20A8HOI'), {
          order_id: 'alice-1',
          method: 'bkash',
          trxid: 'AAN20A8HOI',
          created_at: serverTimestamp(),
        }),
      );
      await assertFails(deleteDoc(doc(db, 'payment_claims/bkash-8N7A6D5EE7')));
    }
  });
});

describe('the payment fields of an order', () => {
  it('no browser writes any of them, the order’s customer and the admin included', async () => {
    const values: Record<(typeof ORDER_PAYMENT_FIELD_NAMES)[number], unknown> = {
      payment_state: 'verified',
      payment_trxid: 'AAN20A8HOI',
      payment_payer: '01812345678',
      payment_reject_reason: 'x',
      payment_due_at: Timestamp.fromDate(new Date('2030-01-01T00:00:00Z')),
      payment_updated_at: serverTimestamp(),
      payment_verified_at: serverTimestamp(),
    };
    for (const db of [alice(), admin()]) {
      for (const field of ORDER_PAYMENT_FIELD_NAMES) {
        await assertFails(updateDoc(doc(db, 'orders/alice-1'), { [field]: values[field] }));
      }
      await assertFails(setDoc(doc(db, 'orders/alice-2'), { ...aliceOrder, payment_state: 'verified' }));
    }
    const stored = (await getDoc(doc(alice(), 'orders/alice-1'))).data();
    expect(stored).toMatchObject({ payment_state: 'claimed', payment_trxid: '8N7A6D5EE7' });
  });

  it('a customer reads their own TrxID, never another customer’s', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'orders/alice-1')));
    await assertFails(getDoc(doc(alice(), 'orders/karim-1')));
    await assertFails(getDoc(doc(anonymous(), 'orders/alice-1')));
    await assertSucceeds(getDoc(doc(admin(), 'orders/karim-1')));
  });
});
