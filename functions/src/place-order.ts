import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { HttpsError } from 'firebase-functions/v2/https';
import { orderMessages } from '../../src/features/ordering/model';
import {
  INITIAL_ORDER_STATUS,
  InvalidOrderInputError,
  MAX_OPEN_ORDERS_PER_CUSTOMER,
  OPEN_ORDER_STATUSES,
  isSellablePrice,
  isValidStock,
  orderTotal,
  parsePlaceOrderInput,
  toBengaliDigits,
  type OrderFields,
  type PlaceOrderInput,
  type PlaceOrderResult,
} from '../../src/features/ordering/model';
import { signedInCaller, type Caller } from './caller';
import { countNewOrder, orderSearchFields } from './customer-summary';
import { guardOrder, type OrderGuardOptions } from './order-guard';
import { orderStatsFields, recordNewOrder } from './order-stats';
import { orderIdForRequest, requestExpired } from './order-request';
import { isAborted, refusal } from './refusal';

// Many customers ordering the last jars at once make transactions collide; each retry re-reads the stock,
// so more attempts only mean more late-comers hear "not enough stock" instead of a vague failure.
const MAX_TRANSACTION_ATTEMPTS = 30;

/** The order document's fields except its timestamps, which the server stamps. */
export type NewOrder = OrderFields & { status: typeof INITIAL_ORDER_STATUS };

const errors = orderMessages.errors;

/**
 * Decides, from the product as stored right now, whether the order can be taken and what it costs.
 * Name, price and total come from the product, never from the caller.
 */
export function orderForProduct(
  product: DocumentData | undefined,
  input: PlaceOrderInput,
  caller: Caller,
): NewOrder {
  if (!product) throw refusal('not-found', errors.productNotFound);
  if (product.is_active !== true) throw refusal('failed-precondition', errors.productInactive);
  const { price, name, stock_quantity: stock } = product as Record<string, unknown>;
  if (!isSellablePrice(price) || !isValidStock(stock) || typeof name !== 'string') {
    // A product the admin form and the rules would refuse today (e.g. stored before they checked it):
    // refuse rather than guess a price, and tell the seller which product needs fixing.
    logger.error('placeOrder: product document cannot be sold', {
      productId: input.productId,
      price: String(price),
      stock: String(stock),
    });
    throw refusal('failed-precondition', errors.productUnsellable);
  }
  if (stock < input.quantity) throw refusal('failed-precondition', errors.notEnoughStock);
  return {
    product_id: input.productId,
    product_name: name,
    product_price: price,
    quantity: input.quantity,
    total_amount: orderTotal(price, input.quantity),
    customer_name: input.customerName,
    customer_phone: input.customerPhone,
    customer_email: caller.token.email ?? null,
    customer_address: input.customerAddress,
    payment_method: input.paymentMethod,
    user_id: caller.uid,
    status: INITIAL_ORDER_STATUS,
  };
}

/** Reads the caller's payload into a PlaceOrderInput or refuses it with the first Bengali reason. */
export function readPlaceOrderInput(data: unknown): PlaceOrderInput {
  try {
    return parsePlaceOrderInput(data);
  } catch (error) {
    if (error instanceof InvalidOrderInputError) throw refusal('invalid-argument', error.message);
    throw error;
  }
}

/**
 * The placeOrder callable: checks the caller and the payload, then in one transaction re-reads the product and
 * the caller's open orders, takes the jars out of stock and writes the order. Any refusal leaves the database
 * untouched. A request the dialog sends again with the same request id is answered with the same order.
 */
export async function placeOrder(
  db: Firestore,
  auth: unknown,
  data: unknown,
  clock: () => Date = () => new Date(),
  guardOptions: OrderGuardOptions = {},
): Promise<PlaceOrderResult> {
  const caller = signedInCaller(auth);
  if (!caller) throw refusal('unauthenticated', errors.signInRequired);
  const input = readPlaceOrderInput(data);

  const productRef = db.collection('products').doc(input.productId);
  // A request id names its order (order-request.ts): a repeated request finds the order it already placed.
  const orderRef = input.requestId
    ? db.collection('orders').doc(orderIdForRequest(caller.uid, input.requestId))
    : db.collection('orders').doc();
  const openOrders = db
    .collection('orders')
    .where('user_id', '==', caller.uid)
    .where('status', 'in', [...OPEN_ORDER_STATUSES])
    .limit(MAX_OPEN_ORDERS_PER_CUSTOMER);
  // A query does not stop another transaction from adding a matching order, so two orders of one customer at
  // once could both see two open orders and both be taken. Both also write this customer's marker document
  // (`order-limits/{uid}`, server-only, read and written by order-guard.ts), so they conflict and the later one
  // retries and sees the other's order.
  try {
    await db.runTransaction(
      async (transaction) => {
        if (input.requestId) {
          // Served already (its answer was lost, or the shopper tapped twice): the same order, nothing new, no
          // more jars taken. Two copies arriving at once both read "not there"; the first to commit wins and
          // the other's transaction is retried, when it finds the order.
          const placed = await transaction.get(orderRef);
          if (placed.exists) {
            if (requestExpired(placed.createTime?.toDate() ?? null, clock())) {
              throw refusal('failed-precondition', errors.requestExpired);
            }
            return;
          }
        }
        const product = await transaction.get(productRef);
        const order = orderForProduct(product.data(), input, caller);
        // Blocklist, verified phone, limits per account and per number (order-guard.ts); reads the marker.
        const guard = await guardOrder(transaction, db, { caller, order, now: clock() }, guardOptions);
        const open = await transaction.get(openOrders);
        if (open.size >= MAX_OPEN_ORDERS_PER_CUSTOMER) {
          throw refusal(
            'resource-exhausted',
            errors.tooManyOpenOrders(toBengaliDigits(MAX_OPEN_ORDERS_PER_CUSTOMER)),
          );
        }
        transaction.update(productRef, {
          // The transaction fails and retries if the stock changed since this read, so this is exact.
          stock_quantity: (product.get('stock_quantity') as number) - input.quantity,
          updated_at: FieldValue.serverTimestamp(),
        });
        guard.record(); // writes the customer's marker, the number's marker and its summary
        // One instant for the day the roll-ups count the order under (order-stats.ts) and its search fields.
        const now = clock();
        const stats = orderStatsFields(now);
        const search = orderSearchFields(orderRef.id, order, now);
        countNewOrder(transaction, db, order, search.customer_key);
        transaction.create(orderRef, {
          ...order,
          ...search,
          ...stats,
          created_at: FieldValue.serverTimestamp(),
          updated_at: FieldValue.serverTimestamp(),
        });
        recordNewOrder(transaction, db, { ...order, ...stats }, now);
      },
      { maxAttempts: MAX_TRANSACTION_ATTEMPTS },
    );
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    if (isAborted(error)) throw refusal('aborted', errors.tooBusy);
    throw error;
  }
  return { orderId: orderRef.id };
}
