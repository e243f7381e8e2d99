// The recordCourierPayout callable: the courier paid out the cash it collected at the door, and the seller records
// the payout (amount, day, the courier's reference). The orders it covers are settled in the same transaction as
// the payout's record: matched by their amounts (oldest deliveries first) or picked by the seller, together
// exactly the amount, each order once (a settled order leaves the set of owed ones; a reference is recorded once).
import { createHash } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import {
  owedOf,
  parseCourierPayoutInput,
  settlePayout,
  toPoisha,
  courierPayoutTexts as t,
  type OwedOrder,
} from '../../../src/features/ordering/model';
import { storedMillis } from '../../../src/lib/stored-date';
import { isAdmin } from '../admin-role';
import { inTransaction, readCall } from '../callable';
import { refusal } from '../refusal';

export const COURIER_PAYOUTS = 'courier_payouts';

export interface RecordCourierPayoutResult {
  payoutId: string;
  orderIds: string[];
}

/** The payout's id: from its reference, so the same payout recorded twice (a retry, a second tap) is refused. */
export function courierPayoutId(reference: string): string {
  return `steadfast-${createHash('sha256').update(reference.toLowerCase()).digest('hex').slice(0, 24)}`;
}

export async function recordCourierPayout(
  db: Firestore,
  auth: unknown,
  data: unknown,
): Promise<RecordCourierPayoutResult> {
  const { caller, input } = readCall(auth, data, t.signInRequired, parseCourierPayoutInput);
  if (!(await isAdmin(db, caller))) throw refusal('permission-denied', t.notAllowed);
  const payoutId = courierPayoutId(input.reference);
  const payoutRef = db.collection(COURIER_PAYOUTS).doc(payoutId);
  // Only a delivered courier parcel has the field, null until settled: the owed set stays small.
  const owedQuery = db.collection('orders').where('courier_payout_id', '==', null);
  return inTransaction(db, async (transaction) => {
    const payout = await transaction.get(payoutRef);
    if (payout.exists) throw refusal('already-exists', t.duplicate);
    const found = await transaction.get(owedQuery);
    const owed: OwedOrder[] = found.docs
      .map((doc) => ({
        orderId: doc.id,
        owed: owedOf(doc.data()),
        deliveredAt: storedMillis(doc.get('courier_delivered_at')) ?? 0,
      }))
      .filter((order) => order.owed > 0);
    const settled = settlePayout(toPoisha(input.amount), owed, input.orderIds);
    if (!settled.ok) throw refusal('failed-precondition', settled.error);
    transaction.create(payoutRef, {
      courier: 'steadfast',
      amount: input.amount,
      paid_on: input.paidOn,
      reference: input.reference,
      order_ids: settled.orderIds,
      matched: input.orderIds === undefined ? 'automatic' : 'by_hand',
      recorded_by: caller.uid,
      recorded_at: FieldValue.serverTimestamp(),
    });
    for (const orderId of settled.orderIds) {
      transaction.update(db.collection('orders').doc(orderId), {
        courier_payout_id: payoutId,
        courier_payout_reference: input.reference,
        courier_paid_on: input.paidOn,
      });
    }
    return { payoutId, orderIds: settled.orderIds };
  });
}
