import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  checkPaymentClaim,
  isMobilePaymentMethod,
  orderMessages,
  parseSubmitPaymentInput,
  readPaymentState,
  type SubmitPaymentResult,
} from '../../src/features/ordering/model';
import { inTransaction, readCall } from './callable';
import { moveOrder } from './move-order';
import { refusal } from './refusal';

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
  const { caller, input } = readCall(auth, data, m.signInRequired, parseSubmitPaymentInput);
  const { orderId } = input;
  const orderRef = db.collection('orders').doc(orderId);
  await inTransaction(db, async (transaction) => {
    const order = await transaction.get(orderRef);
    if (!order.exists || order.get('user_id') !== caller.uid) throw refusal('not-found', m.orderNotFound);
    const method: unknown = order.get('payment_method');
    if (!isMobilePaymentMethod(method)) throw refusal('failed-precondition', m.notForCash);
    const claim = checkPaymentClaim(method, input.trxId, input.payer);
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
  return { payment_state: 'claimed' };
}
