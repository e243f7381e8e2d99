import {
  FieldValue,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { orderMessages } from '../../src/features/ordering/model';
import {
  customerMayCancel,
  isOpenOrderStatus,
  isOrderStatus,
  MAX_PRODUCT_STOCK,
  parseSetOrderStatusInput,
  readPaymentState,
  sellerStatusRefusal,
  stockChangeForStatus,
  toBengaliDigits,
  UNPAID_PAYMENT_STATES,
  type OrderStatus,
  type PaymentState,
} from '../../src/features/ordering/model';
import { isAdmin } from './admin-role';
import { signedInCaller } from './caller';
import { prepareSpentChange } from './customer-summary';
import { recordStatusChange } from './order-stats';
import { isAborted, refusal } from './refusal';

const errors = orderMessages.statusChange;

// Status changes of popular products collide with orders for the same jars; each retry re-reads both.
const MAX_TRANSACTION_ATTEMPTS = 30;

export interface SetOrderStatusResult {
  status: OrderStatus;
  /** Bengali, for the seller: the change went through, but not every returned jar fit under the stock limit. */
  notice?: string;
}

/**
 * Moves the order, as read in `transaction`, to `to`, with everything that goes with it: its jars back on the
 * shelf or off it again (refused when the shelf no longer has them), the customer's spending, the statistics
 * roll-ups. The one code path of a status change: setOrderStatus and the unpaid-order expiry (cancelUnpaidOrder)
 * both come through here, so the roll-ups stay equal to a recount whoever moved the order. Returns the seller's
 * notice when not every returned jar fit under the stock limit.
 */
export async function changeOrderStatus(
  transaction: Transaction,
  db: Firestore,
  order: DocumentSnapshot,
  to: OrderStatus,
): Promise<{ notice?: string }> {
  const current: unknown = order.get('status');
  const quantity: unknown = order.get('quantity');
  const productId: unknown = order.get('product_id');
  const from: OrderStatus = isOrderStatus(current) ? current : 'pending';
  const jars = typeof quantity === 'number' && Number.isInteger(quantity) ? quantity : 0;
  let notice: string | undefined;
  const writeSpent = await prepareSpentChange(transaction, db, order.data() ?? {}, from, to);
  const change = stockChangeForStatus(from, to, jars);
  if (change !== 0 && typeof productId === 'string' && productId !== '') {
    const productRef = db.collection('products').doc(productId);
    const product = await transaction.get(productRef);
    const stock: unknown = product.get('stock_quantity');
    if (!product.exists || typeof stock !== 'number') {
      // Cancelling an order of a deleted product has no shelf to return jars to; un-cancelling cannot
      // take jars that do not exist.
      if (change < 0) throw refusal('failed-precondition', errors.productGone);
    } else {
      if (stock + change < 0) {
        throw refusal('failed-precondition', errors.notEnoughStock(toBengaliDigits(stock)));
      }
      // A stock above its limit could no longer be edited by the seller nor sold (product-limits.ts):
      // returned jars beyond it are not added, and the seller is told.
      const returned = stock + change;
      const next = returned > MAX_PRODUCT_STOCK ? Math.max(stock, MAX_PRODUCT_STOCK) : returned;
      if (next < returned) {
        notice = errors.stockCapped(toBengaliDigits(returned - next), toBengaliDigits(MAX_PRODUCT_STOCK));
      }
      transaction.update(productRef, {
        stock_quantity: next,
        updated_at: FieldValue.serverTimestamp(),
      });
    }
  }
  transaction.update(order.ref, { status: to, updated_at: FieldValue.serverTimestamp() });
  writeSpent();
  recordStatusChange(transaction, db, order.data()!, to);
  return notice === undefined ? {} : { notice };
}

/**
 * The setOrderStatus callable, the only way a person changes an order's status (the rules refuse client
 * updates): an admin may set any status except the moves sellerStatusRefusal names (a delivered order is not
 * cancelled, only a parcel on the road is returned, a returned one is only sent out again); the customer who
 * placed an order may cancel it while it is pending. The change itself is changeOrderStatus's.
 */
export async function setOrderStatus(
  db: Firestore,
  auth: unknown,
  data: unknown,
): Promise<SetOrderStatusResult> {
  const caller = signedInCaller(auth);
  if (!caller) throw refusal('unauthenticated', errors.signInRequired);
  const input = parseSetOrderStatusInput(data);
  if (!input) throw refusal('invalid-argument', errors.invalidRequest);
  const callerIsAdmin = await isAdmin(db, caller);

  const orderRef = db.collection('orders').doc(input.orderId);
  let notice: string | undefined;
  try {
    await db.runTransaction(
      async (transaction) => {
        notice = undefined; // each attempt decides afresh
        const order = await transaction.get(orderRef);
        if (!order.exists) throw refusal('not-found', errors.orderNotFound);
        const current: unknown = order.get('status');
        if (!callerIsAdmin) {
          // Someone else's order looks the same as a missing one: its existence is not the caller's business.
          if (order.get('user_id') !== caller.uid) throw refusal('not-found', errors.orderNotFound);
          if (input.status !== 'cancelled') throw refusal('permission-denied', errors.notAllowed);
          if (!isOrderStatus(current) || !customerMayCancel(current)) {
            throw refusal('failed-precondition', errors.customerCanOnlyCancelPending);
          }
        }
        if (current === input.status) return;
        const refused = isOrderStatus(current) ? sellerStatusRefusal(current, input.status) : null;
        if (refused) throw refusal('failed-precondition', errors[refused]);
        ({ notice } = await changeOrderStatus(transaction, db, order, input.status));
      },
      { maxAttempts: MAX_TRANSACTION_ATTEMPTS },
    );
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    if (isAborted(error)) throw refusal('aborted', orderMessages.errors.tooBusy);
    throw error;
  }
  return notice === undefined ? { status: input.status } : { status: input.status, notice };
}

/** What the expiry found of one order: cancelled now, or left as it was (and why). */
export type UnpaidOrderOutcome = 'cancelled' | 'not-found' | 'paid-or-claimed' | 'closed' | 'not-due';

/**
 * The unpaid-order expiry's one step, for the scheduled function (expireUnpaidOrders): in its own transaction,
 * re-reads the order and cancels it only if its bKash/Nagad payment is still unpaid (UNPAID_PAYMENT_STATES), its
 * status still open and its payment_due_at at or before `now`; through changeOrderStatus, so its jars go back
 * on the shelf and the roll-ups and the customer's summary move as for any cancel. The payment state is left as
 * it was. Two runs overlapping on one order: the second re-reads it cancelled and answers 'closed'.
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
      if (!isOrderStatus(status) || !isOpenOrderStatus(status)) return 'closed';
      const due = storedDate(order.get('payment_due_at'));
      if (!due || due.getTime() > now.getTime()) return 'not-due';
      await changeOrderStatus(transaction, db, order, 'cancelled');
      return 'cancelled';
    },
    { maxAttempts: MAX_TRANSACTION_ATTEMPTS },
  );
}

/** A stored Timestamp (any copy of the SDK) or Date as a Date; null for anything else. */
function storedDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  const moment = value as { toDate?: unknown } | null | undefined;
  return typeof moment?.toDate === 'function' ? (moment.toDate as () => Date).call(moment) : null;
}
