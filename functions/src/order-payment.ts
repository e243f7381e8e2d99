// An order's payment as placeOrder, submitPayment and reviewPayment keep it inside their transactions: the shop's
// payment settings, the unique claim of a TrxID and the payment fields. The states, who moves them and the
// formats are the ordering model's (payment.ts, payment-input.ts); this module only reads and writes them.
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  initialPaymentState,
  isMobilePaymentMethod,
  orderMessages,
  paymentClaimId,
  PAYMENT_SETTINGS_PATH,
  readPaymentSettings,
  type MobilePaymentMethod,
  type PaymentMethod,
  type PaymentSettings,
  type PaymentState,
} from '../../src/features/ordering/model';
import { refusal } from './refusal';

/** `payment_claims/{method}-{TrxID}` = { order_id, method, trxid, created_at }: one order per TrxID, forever. */
export const PAYMENT_CLAIMS = 'payment_claims';

const HOUR_MS = 60 * 60 * 1000;

const paymentSettingsRef = (db: Firestore) =>
  db.collection(PAYMENT_SETTINGS_PATH.collection).doc(PAYMENT_SETTINGS_PATH.id);

/** The shop's payment settings, read outside a transaction (placeOrder: no order locks them for another). */
export async function readPaymentSettingsOf(db: Firestore): Promise<PaymentSettings> {
  return readPaymentSettings((await paymentSettingsRef(db).get()).data());
}

/** The shop's payment settings, read in the transaction (a change of them makes it retry with the new ones). */
export async function readPaymentSettingsIn(
  transaction: Transaction,
  db: Firestore,
): Promise<PaymentSettings> {
  return readPaymentSettings((await transaction.get(paymentSettingsRef(db))).data());
}

/**
 * When an unpaid bKash/Nagad order is cancelled by the scheduler: `now` plus the shop's wait. A Date, which any
 * copy of the admin SDK stores as a Timestamp (the seed hands in another copy's Firestore).
 */
export function paymentDueAt(settings: PaymentSettings, now: Date): Date {
  return new Date(now.getTime() + settings.payment_wait_hours * HOUR_MS);
}

/**
 * Reads the claim of a TrxID in the transaction and returns the write that claims it for `orderId`. A TrxID
 * another order holds is refused: the same money cannot pay two orders. Two orders racing for one TrxID both
 * read "free" and both create the claim; Firestore lets one commit and retries the other, which then reads
 * the winner's claim and is refused.
 */
export async function prepareTrxIdClaim(
  transaction: Transaction,
  db: Firestore,
  method: MobilePaymentMethod,
  trxId: string,
  orderId: string,
): Promise<() => void> {
  const ref = db.collection(PAYMENT_CLAIMS).doc(paymentClaimId(method, trxId));
  const claim = await transaction.get(ref);
  if (claim.exists) {
    if (claim.get('order_id') !== orderId) {
      throw refusal('already-exists', orderMessages.payment.trxIdUsedElsewhere);
    }
    return () => {}; // this order's own TrxID, given again
  }
  return () => {
    transaction.create(ref, {
      order_id: orderId,
      method,
      trxid: trxId,
      created_at: FieldValue.serverTimestamp(),
    });
  };
}

/** A claimed TrxID and the number the money came from, in their stored forms. */
export interface PaymentClaim {
  trxId: string;
  payer: string;
}

/** The payment fields of a new order: cash is collected at the door; a wallet's payment is awaited or claimed. */
export function newOrderPaymentFields(
  method: PaymentMethod,
  settings: PaymentSettings,
  now: Date,
  claim: PaymentClaim | null,
) {
  const state: PaymentState = claim ? 'claimed' : initialPaymentState(method);
  return {
    payment_state: state,
    payment_trxid: claim?.trxId ?? null,
    payment_payer: claim?.payer ?? null,
    payment_reject_reason: null,
    payment_due_at: isMobilePaymentMethod(method) ? paymentDueAt(settings, now) : null,
    payment_updated_at: FieldValue.serverTimestamp(),
    payment_verified_at: null,
  };
}
