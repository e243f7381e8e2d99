import { FieldValue, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import {
  isOrderStatus,
  isOpenOrderStatus,
  OPEN_ORDER_STATUSES,
  UNPAID_PAYMENT_STATES,
} from '../../src/features/ordering/model';
import { applyStatusChange } from './set-order-status';

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

/** Whether an order, as read now, is still one to cancel: unpaid, still open, and past its payment limit. */
export function isPaymentOverdue(order: DocumentData | undefined, now: Date): boolean {
  if (!order) return false;
  const state: unknown = order.payment_state;
  const status: unknown = order.status;
  const due: unknown = order.payment_due_at;
  return (
    (UNPAID_PAYMENT_STATES as readonly unknown[]).includes(state) &&
    isOrderStatus(status) &&
    isOpenOrderStatus(status) &&
    due instanceof Timestamp &&
    due.toMillis() <= now.getTime()
  );
}

/**
 * The scheduled expireUnpaidOrders: cancels each order whose bKash/Nagad payment is still awaited (or was
 * rejected) past its `payment_due_at`, as the seller's cancel would (its jars back on the shelf, the customer's
 * summary and the statistics roll-ups moved: applyStatusChange), marked `cancel_reason: 'payment_expired'`.
 * The payment itself stays as it was. Found with an indexed query per unpaid state and open status (pages of
 * 100 by `payment_due_at`); each order is cancelled in its own transaction that reads it again and checks
 * again, so two runs at once cancel each order once, and a TrxID sent at the last moment wins.
 */
export async function expireUnpaidOrders(db: Firestore, now = new Date()): Promise<ExpiryReport> {
  const report: ExpiryReport = { cancelled: 0, passed: 0, failed: [] };
  const cutoff = Timestamp.fromDate(now);
  for (const state of UNPAID_PAYMENT_STATES) {
    for (const status of OPEN_ORDER_STATUSES) {
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
            if (await cancelIfOverdue(db, found.ref.id, now)) report.cancelled++;
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

/** Cancels one order if, read again inside the transaction, it is still overdue; true when it did. */
async function cancelIfOverdue(db: Firestore, orderId: string, now: Date): Promise<boolean> {
  const orderRef = db.collection('orders').doc(orderId);
  return db.runTransaction(
    async (transaction) => {
      const order = await transaction.get(orderRef);
      if (!isPaymentOverdue(order.data(), now)) return false;
      await applyStatusChange(transaction, db, order, 'cancelled', {
        cancel_reason: PAYMENT_EXPIRED,
        cancelled_at: FieldValue.serverTimestamp(),
      });
      return true;
    },
    { maxAttempts: MAX_TRANSACTION_ATTEMPTS },
  );
}
