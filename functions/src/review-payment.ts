import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  mayMovePayment,
  orderMessages,
  parseReviewPaymentInput,
  readPaymentState,
  type ReviewPaymentResult,
} from '../../src/features/ordering/model';
import { isAdmin } from './admin-role';
import { signedInCaller } from './caller';
import { changesOf, recordHistory } from './order-history';
import { paymentDueAt, readPaymentSettingsIn } from './order-payment';
import { recordPaymentChange } from './order-stats';
import { isAborted, refusal } from './refusal';

const m = orderMessages.payment;

/**
 * The reviewPayment callable: the seller, having looked the TrxID up in the bKash/Nagad app, verifies a claimed
 * payment (from then on the order is paid: its total is revenue, the slip collects nothing) or rejects it with a
 * reason the customer reads; a rejected order waits the shop's payment time again for another TrxID before the
 * scheduler cancels it. Admins only. Deciding again what was just decided (a double click) writes nothing.
 */
export async function reviewPayment(
  db: Firestore,
  auth: unknown,
  data: unknown,
  clock: () => Date = () => new Date(),
): Promise<ReviewPaymentResult> {
  const caller = signedInCaller(auth);
  if (!caller) throw refusal('unauthenticated', m.reviewSignInRequired);
  const parsed = parseReviewPaymentInput(data);
  if (!parsed.ok) throw refusal('invalid-argument', parsed.error);
  if (!(await isAdmin(db, caller))) throw refusal('permission-denied', m.reviewNotAllowed);
  const input = parsed.input;
  const to = input.decision === 'verify' ? 'verified' : 'rejected';
  const orderRef = db.collection('orders').doc(input.orderId);
  try {
    await db.runTransaction(async (transaction) => {
      const order = await transaction.get(orderRef);
      if (!order.exists) throw refusal('not-found', m.orderNotFound);
      const state = readPaymentState(order.data() ?? {});
      if (state === to) return;
      if (!mayMovePayment('seller', state, to)) throw refusal('failed-precondition', m.nothingToReview);
      const settings = input.decision === 'reject' ? await readPaymentSettingsIn(transaction, db) : null;

      const now = FieldValue.serverTimestamp();
      transaction.update(orderRef, {
        payment_state: to,
        payment_updated_at: now,
        updated_at: now,
        ...(input.decision === 'verify'
          ? { payment_verified_at: now, payment_reject_reason: null }
          : { payment_reject_reason: input.reason, payment_due_at: paymentDueAt(settings!, clock()) }),
      });
      const before = { ...order.data(), payment_state: state };
      const after =
        input.decision === 'verify'
          ? { payment_state: to }
          : { payment_state: to, payment_reject_reason: input.reason };
      recordHistory(transaction, orderRef, { by: 'seller', uid: caller.uid }, changesOf(before, after));
      recordPaymentChange(transaction, db, order.data()!, to);
    });
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    if (isAborted(error)) throw refusal('aborted', orderMessages.errors.tooBusy);
    throw error;
  }
  return { payment_state: to };
}
