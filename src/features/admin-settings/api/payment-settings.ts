import { doc, getDoc, runTransaction, serverTimestamp } from 'firebase/firestore';
import { db } from '@/lib/firebase';
import {
  PAYMENT_SETTINGS_PATH,
  readPaymentSettings,
  type PaymentSettings,
} from '@/features/ordering/model/payment-settings';

/** The part of `settings/payments` the payment accounts section edits; the rest belongs to other sections. */
export type PaymentAccounts = Pick<PaymentSettings, 'methods' | 'bkash' | 'nagad' | 'payment_wait_hours'>;

const paymentsDoc = () => doc(db, PAYMENT_SETTINGS_PATH.collection, PAYMENT_SETTINGS_PATH.id);

/** The shop's payment settings as stored, or the defaults before the first save. */
export async function loadPaymentSettings(): Promise<PaymentSettings> {
  return readPaymentSettings((await getDoc(paymentsDoc())).data());
}

/**
 * Saves the payment accounts. The document is written whole (the rules check it whole), in a transaction
 * that reads it first: the fields other sections of the tab edit (the phone verification switch) are kept as
 * they are now, not as this section loaded them.
 */
export async function savePaymentAccounts(accounts: PaymentAccounts): Promise<void> {
  await runTransaction(db, async (transaction) => {
    const current = readPaymentSettings((await transaction.get(paymentsDoc())).data());
    transaction.set(paymentsDoc(), { ...current, ...accounts, updated_at: serverTimestamp() });
  });
}
