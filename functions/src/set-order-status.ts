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
  isOrderStatus,
  MAX_PRODUCT_STOCK,
  parseSetOrderStatusInput,
  sellerStatusRefusal,
  stockChangeForStatus,
  toBengaliDigits,
  type OrderStatus,
} from '../../src/features/ordering/model';
import { isAdmin } from './admin-role';
import { signedInCaller } from './caller';
import { prepareSpentChange } from './customer-summary';
import { recordStatusForGuard } from './order-guard';
import { BY_SYSTEM, changesOf, recordHistory, type ChangedBy } from './order-history';
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
 * The setOrderStatus callable, the only way a person changes an order's status (the rules refuse client
 * updates): an admin may set any status except the moves sellerStatusRefusal names (a delivered order is not
 * cancelled, only a parcel on the road is returned, a returned one is only sent out again); the customer who
 * placed an order may cancel it while it is pending. The change itself is applyStatusChange's.
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
        notice = await applyStatusChange(
          transaction,
          db,
          order,
          input.status,
          {},
          {
            byCustomer: !callerIsAdmin,
            changedBy: { by: callerIsAdmin ? 'seller' : 'customer', uid: caller.uid },
          },
        );
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

/**
 * Moves an order to status `to` inside the caller's transaction, as every status change does: the order's jars
 * back to the shelf or off it, the customer's summary and the statistics roll-ups, the order's status (with
 * `fields` written beside it) and its history line, by `changedBy` (the scheduler when not given). Reads first, then writes. Returns the seller's notice when returned jars did not
 * all fit under the stock limit. Used by setOrderStatus and by expireUnpaidOrders.
 */
export async function applyStatusChange(
  transaction: Transaction,
  db: Firestore,
  order: DocumentSnapshot,
  to: OrderStatus,
  fields: Record<string, unknown> = {},
  { byCustomer = false, changedBy = BY_SYSTEM }: { byCustomer?: boolean; changedBy?: ChangedBy } = {},
): Promise<string | undefined> {
  let notice: string | undefined;
  const current: unknown = order.get('status');
  const quantity: unknown = order.get('quantity');
  const productId: unknown = order.get('product_id');
  const from: OrderStatus = isOrderStatus(current) ? current : 'pending';
  const jars = typeof quantity === 'number' && Number.isInteger(quantity) ? quantity : 0;
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
  transaction.update(order.ref, { ...fields, status: to, updated_at: FieldValue.serverTimestamp() });
  recordHistory(transaction, order.ref, changedBy, changesOf(order.data() ?? {}, { status: to, ...fields }));
  writeSpent();
  recordStatusChange(transaction, db, order.data()!, to);
  // The number's history, and a customer's own cancellation counted against the day's limit.
  recordStatusForGuard(transaction, db, order.data()!, from, to, { byCustomer });
  return notice;
}
