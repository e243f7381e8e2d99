import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  isOrderStatus,
  EXPIRING_STATUSES,
  readPaymentState,
  UNPAID_PAYMENT_STATES,
  type OrderStatus,
  type PaymentState,
} from '../../src/features/ordering/model';
import { moveOrder } from './move-order';

/** Orders read per query page: a run's memory and each read's size stay small whatever the backlog. */
export const EXPIRY_PAGE_SIZE = 100;

/** Why the shop cancelled an order by itself: its bKash/Nagad payment did not come in time. */
export const PAYMENT_EXPIRED = 'payment_expired';

// An expiry races the customer's TrxID and the seller's changes to the same order; each retry re-reads it.
const MAX_TRANSACTION_ATTEMPTS = 10;

export interface ExpiryReport {
  /** Orders this run cancelled. */
  cancelled: number;
  /** Orders the queries found but a re-read showed were no longer due (paid meanwhile, or already cancelled). */
  passed: number;
  /** Order ids whose cancellation failed (each one's error is logged by the caller). */
  failed: { orderId: string; error: string }[];
}

/** What the expiry found of one order: cancelled now, or left as it was (and why). */
export type UnpaidOrderOutcome = 'cancelled' | 'not-found' | 'paid-or-claimed' | 'closed' | 'not-due';

/**
 * The expiry's one step, in its own transaction: re-reads the order and cancels it only if its bKash/Nagad
 * payment is still unpaid (UNPAID_PAYMENT_STATES), its status one of EXPIRING_STATUSES and its payment_due_at at
 * or before `now`; through the order ledger (moveOrder), so its jars go back on the shelf and the roll-ups and the
 * customer's summary move as for any cancel. The payment state is left as it was. Two runs overlapping on one
 * order: the second re-reads it cancelled and answers 'closed'; a TrxID sent at the last moment wins.
 */
export async function cancelUnpaidOrder(
  db: Firestore,
  orderId: string,
  now: Date,
): Promise<UnpaidOrderOutcome> {
  const orderRef = db.collection('orders').doc(orderId);
  return db.runTransaction(
    async (transaction) => {
      const order = await transaction.get(orderRef);
      if (!order.exists) return 'not-found';
      const state = readPaymentState(order.data() ?? {});
      if (!(UNPAID_PAYMENT_STATES as readonly PaymentState[]).includes(state)) return 'paid-or-claimed';
      const status: unknown = order.get('status');
      if (!isOrderStatus(status) || !(EXPIRING_STATUSES as readonly OrderStatus[]).includes(status))
        return 'closed';
      const due: unknown = order.get('payment_due_at');
      if (!(due instanceof Timestamp) || due.toMillis() > now.getTime()) return 'not-due';
      await moveOrder(
        transaction,
        db,
        order,
        'scheduler',
        { kind: 'expire' },
        { fields: { cancel_reason: PAYMENT_EXPIRED, cancelled_at: FieldValue.serverTimestamp() }, now },
      );
      return 'cancelled';
    },
    { maxAttempts: MAX_TRANSACTION_ATTEMPTS },
  );
}

/**
 * The scheduled expireUnpaidOrders: cancels each order whose bKash/Nagad payment is still awaited (or was
 * rejected) past its `payment_due_at` and not yet with the courier, as the seller's cancel would (its jars back on the shelf, the customer's
 * summary and the statistics roll-ups moved: moveOrder), marked `cancel_reason: 'payment_expired'`.
 * The payment itself stays as it was. Found with an indexed query per unpaid state and status (pages of
 * 100 by `payment_due_at`); each order through cancelUnpaidOrder.
 */
export async function expireUnpaidOrders(db: Firestore, now = new Date()): Promise<ExpiryReport> {
  const report: ExpiryReport = { cancelled: 0, passed: 0, failed: [] };
  const cutoff = Timestamp.fromDate(now);
  for (const state of UNPAID_PAYMENT_STATES) {
    for (const status of EXPIRING_STATUSES) {
      const query = db
        .collection('orders')
        .where('payment_state', '==', state)
        .where('status', '==', status)
        .where('payment_due_at', '<=', cutoff)
        .orderBy('payment_due_at')
        .limit(EXPIRY_PAGE_SIZE);
      let page = await query.get();
      while (!page.empty) {
        for (const found of page.docs) {
          try {
            if ((await cancelUnpaidOrder(db, found.ref.id, now)) === 'cancelled') report.cancelled++;
            else report.passed++;
          } catch (error) {
            report.failed.push({
              orderId: found.ref.id,
              error: error instanceof Error ? error.message : String(error),
            });
          }
        }
        if (page.size < EXPIRY_PAGE_SIZE) break;
        page = await query.startAfter(page.docs[page.docs.length - 1]).get();
      }
    }
  }
  return report;
}
