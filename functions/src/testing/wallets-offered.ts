// The payment settings the callables' tests run with: cash, bKash (a personal number) and Nagad (a merchant one)
// all offered, so an order of any method is taken, and a cash order's phone code on, as a new shop has it (the
// lemon shelf's placeOrder gives its caller a verified number). Without `settings/payments` the shop offers cash
// alone.
import type { Firestore } from 'firebase-admin/firestore';
import { PAYMENT_SETTINGS_PATH, type PaymentSettings } from '../../../src/features/ordering/model';

export const WALLETS_OFFERED: PaymentSettings = {
  methods: { cash_on_delivery: true, bkash: true, nagad: true },
  bkash: { number: '01711000111', account_type: 'personal' },
  nagad: { number: '01911000222', account_type: 'merchant' },
  payment_wait_hours: 24,
  phone_verification_required: true,
};

/** Writes `settings/payments` with every method offered (`changes` on top). */
export async function offerWallets(db: Firestore, changes: Partial<PaymentSettings> = {}): Promise<void> {
  await db
    .collection(PAYMENT_SETTINGS_PATH.collection)
    .doc(PAYMENT_SETTINGS_PATH.id)
    .set({ ...WALLETS_OFFERED, ...changes, updated_at: new Date() });
}
