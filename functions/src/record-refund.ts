import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  fromPoisha,
  orderMessages,
  parseRecordRefundInput,
  toPoisha,
} from '../../src/features/ordering/model';
import { isAdmin } from './admin-role';
import { inTransaction, readCall } from './callable';
import { moveOrder } from './move-order';
import { refusal } from './refusal';

const m = orderMessages.payment;

export interface RecordRefundResult {
  /** Taka refunded on the order in all, this refund included. */
  refunded_amount: number;
}

/**
 * The recordRefund callable: the seller has sent money back to the customer (a cancelled or returned paid order,
 * or an edit that lowered the total) and records the amount and the bKash/Nagad TrxID of the money sent. The
 * order ledger refuses more than is owed back; the history keeps the TrxID. Admins only.
 */
export async function recordRefund(db: Firestore, auth: unknown, data: unknown): Promise<RecordRefundResult> {
  const { caller, input } = readCall(auth, data, m.reviewSignInRequired, parseRecordRefundInput);
  if (!(await isAdmin(db, caller))) throw refusal('permission-denied', m.refundNotAllowed);
  const { orderId, amount, trxId } = input;
  const orderRef = db.collection('orders').doc(orderId);
  let refunded = 0;
  await inTransaction(db, async (transaction) => {
    const order = await transaction.get(orderRef);
    if (!order.exists) throw refusal('not-found', m.orderNotFound);
    const moved = await moveOrder(
      transaction,
      db,
      order,
      'seller',
      { kind: 'refund', amount: toPoisha(amount) },
      {
        changedBy: { by: 'seller', uid: caller.uid },
        fields: { refund_trxid: trxId, refunded_at: FieldValue.serverTimestamp() },
      },
    );
    refunded = fromPoisha(moved.after.refunded);
  });
  return { refunded_amount: refunded };
}
