import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  isMobilePaymentMethod,
  orderMessages,
  parseReviewPaymentInput,
  paymentClaimId,
  type ReviewPaymentResult,
} from '../../src/features/ordering/model';
import { isAdmin } from './admin-role';
import { inTransaction, readCall } from './callable';
import { prepareOrderMove } from './move-order';
import { PAYMENT_CLAIMS, paymentDueAt, readPaymentSettingsIn } from './order-payment';
import { refusal } from './refusal';

const m = orderMessages.payment;

/**
 * The reviewPayment callable: the seller, having looked the TrxID up in the bKash/Nagad app, verifies a claimed
 * payment (the amount the claim was for is paid: the slip collects only what is left), rejects it with a reason
 * the customer reads (the TrxID is free again, for the order it really paid; this order waits the shop's payment
 * time again), or moves it to the order it really paid (recorded on both). Admins only. Deciding again what was
 * just decided (a double click) writes nothing.
 */
export async function reviewPayment(
  db: Firestore,
  auth: unknown,
  data: unknown,
  clock: () => Date = () => new Date(),
): Promise<ReviewPaymentResult> {
  const { caller, input } = readCall(auth, data, m.reviewSignInRequired, parseReviewPaymentInput);
  if (!(await isAdmin(db, caller))) throw refusal('permission-denied', m.reviewNotAllowed);
  const to =
    input.decision === 'verify' ? 'verified' : input.decision === 'reject' ? 'rejected' : 'awaiting_payment';
  const bySeller = { changedBy: { by: 'seller' as const, uid: caller.uid }, now: clock() };
  const orderRef = db.collection('orders').doc(input.orderId);
  await inTransaction(db, async (transaction) => {
    const order = await transaction.get(orderRef);
    if (!order.exists) throw refusal('not-found', m.orderNotFound);
    if (input.decision !== 'move' && order.get('payment_state') === to) return;
    const now = FieldValue.serverTimestamp();
    if (input.decision === 'verify') {
      const move = await prepareOrderMove(
        transaction,
        db,
        order,
        'seller',
        { kind: 'verify' },
        {
          ...bySeller,
          fields: { payment_verified_at: now, payment_reject_reason: null, payment_updated_at: now },
        },
      );
      move.write();
      return;
    }
    if (input.decision === 'reject') {
      const settings = await readPaymentSettingsIn(transaction, db);
      const move = await prepareOrderMove(
        transaction,
        db,
        order,
        'seller',
        { kind: 'reject' },
        {
          ...bySeller,
          fields: {
            payment_reject_reason: input.reason,
            payment_due_at: paymentDueAt(settings, clock()),
            payment_updated_at: now,
          },
        },
      );
      move.write();
      return;
    }
    // The claim moves: off this order, onto the order it paid (claimed there again), its document with it.
    const target = await transaction.get(db.collection('orders').doc(input.toOrderId));
    if (!target.exists) throw refusal('not-found', m.moveTargetNotFound);
    const method: unknown = order.get('payment_method');
    const trxId: unknown = order.get('payment_trxid');
    if (target.get('payment_method') !== method)
      throw refusal('failed-precondition', m.moveTargetOtherMethod);
    const off = await prepareOrderMove(
      transaction,
      db,
      order,
      'seller',
      { kind: 'unclaim' },
      {
        ...bySeller,
        keepClaim: true,
        fields: {
          payment_trxid: null,
          payment_payer: null,
          payment_updated_at: now,
          payment_moved_to: target.id,
        },
      },
    );
    const onto = await prepareOrderMove(
      transaction,
      db,
      target,
      'seller',
      { kind: 'claim' },
      {
        ...bySeller,
        fields: {
          payment_trxid: trxId,
          payment_payer: order.get('payment_payer') as unknown,
          payment_updated_at: now,
          payment_moved_from: order.id,
        },
      },
    );
    off.write();
    onto.write();
    if (isMobilePaymentMethod(method) && typeof trxId === 'string') {
      transaction.set(db.collection(PAYMENT_CLAIMS).doc(paymentClaimId(method, trxId)), {
        order_id: target.id,
        method,
        trxid: trxId,
        created_at: now,
        moved_from: order.id,
      });
    }
  });
  return { payment_state: to };
}
