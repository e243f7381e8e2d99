import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  checkPaymentClaim,
  isMobilePaymentMethod,
  orderMessages,
  parseSubmitPaymentInput,
  readPaymentState,
  type SubmitPaymentResult,
} from '../../src/features/ordering/model';
import { signedInCaller } from './caller';
import { moveOrder } from './move-order';
import { isAborted, refusal } from './refusal';

const m = orderMessages.payment;

/**
 * The submitPayment callable: the customer of a bKash/Nagad order gives the TrxID of the money sent and the
 * number it came from, first or after the seller rejected an earlier one, while the order is still open. In one
 * transaction the TrxID is claimed for this order (refused when another order has it) and the payment becomes
 * `claimed` for the amount the order then asked for, waiting for the seller (the order ledger's claim). The same
 * TrxID sent again for the same claimed order (a double tap, a lost answer) is answered as done, writing nothing.
 * Another customer's order reads as a missing one.
 */
export async function submitPayment(
  db: Firestore,
  auth: unknown,
  data: unknown,
): Promise<SubmitPaymentResult> {
  const caller = signedInCaller(auth);
  if (!caller) throw refusal('unauthenticated', m.signInRequired);
  const parsed = parseSubmitPaymentInput(data);
  if (!parsed.ok) throw refusal('invalid-argument', parsed.error);
  const { orderId } = parsed.input;
  const orderRef = db.collection('orders').doc(orderId);
  try {
    await db.runTransaction(async (transaction) => {
      const order = await transaction.get(orderRef);
      if (!order.exists || order.get('user_id') !== caller.uid) throw refusal('not-found', m.orderNotFound);
      const method: unknown = order.get('payment_method');
      if (!isMobilePaymentMethod(method)) throw refusal('failed-precondition', m.notForCash);
      const claim = checkPaymentClaim(method, parsed.input.trxId, parsed.input.payer);
      if (!claim.ok) throw refusal('invalid-argument', claim.error);
      const state = readPaymentState(order.data() ?? {});
      if (state === 'claimed' && order.get('payment_trxid') === claim.trxId) return; // given again: done

      await moveOrder(
        transaction,
        db,
        order,
        'customer',
        { kind: 'claim' },
        {
          changedBy: { by: 'customer', uid: caller.uid },
          trxId: claim.trxId,
          fields: {
            payment_trxid: claim.trxId,
            payment_payer: claim.payer,
            payment_updated_at: FieldValue.serverTimestamp(),
          },
        },
      );
    });
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    if (isAborted(error)) throw refusal('aborted', orderMessages.errors.tooBusy);
    throw error;
  }
  return { payment_state: 'claimed' };
}
