import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { orderMessages } from '../../src/features/ordering/model';
import {
  INITIAL_ORDER_STATUS,
  InvalidOrderInputError,
  MAX_OPEN_ORDERS_PER_CUSTOMER,
  OPEN_ORDER_STATUSES,
  isMobilePaymentMethod,
  isSellablePrice,
  isValidStock,
  offeredPaymentMethods,
  orderTotal,
  parsePlaceOrderInput,
  jarsIn,
  pickLots,
  toBengaliDigits,
  type OrderFields,
  type Parsed,
  type PlaceOrderInput,
  type PlaceOrderResult,
} from '../../src/features/ordering/model';
import type { Caller } from './caller';
import { inTransaction, readCall } from './callable';
import { countNewOrder, orderSearchFields } from './customer-summary';
import { lotsOf, NOT_FOUND, readProductAndLots } from './shelf-lots';
import { guardOrder, type OrderGuardOptions } from './order-guard';
import { orderStatsFields, recordNewOrder } from './order-stats';
import { newOrderPaymentFields, prepareTrxIdClaim, readPaymentSettingsOf } from './order-payment';
import { orderIdForRequest, requestExpired } from './order-request';
import { refusal } from './refusal';

// Many customers ordering the last jars at once make transactions collide; each retry re-reads the stock,
// so more attempts only mean more late-comers hear "not enough stock" instead of a vague failure.
const MAX_TRANSACTION_ATTEMPTS = 30;
// Orders that picked the same lot: the later one reads lots again and picks again, at once.
const MAX_LOT_ROUNDS = 30;

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

/** Reads the caller's payload into a PlaceOrderInput, or the first Bengali reason it is refused. */
function readPlaceOrderInput(data: unknown): Parsed<PlaceOrderInput> {
  try {
    return { ok: true, input: parsePlaceOrderInput(data) };
  } catch (error) {
    if (error instanceof InvalidOrderInputError) return { ok: false, error: error.message };
    throw error;
  }
}

/**
 * The placeOrder callable: checks the caller and the payload, reads the shop's payment settings, the product and
 * a few of its shelf's lots, then in one transaction reads the caller's open orders and markers, claims the
 * TrxID given with a bKash/Nagad order, deletes the lots that hold the jars (a lot of the rest created) and
 * writes the order. Any refusal leaves the
 * database untouched. A request the dialog sends again with the same request id is answered with the same order.
 */
export async function placeOrder(
  db: Firestore,
  auth: unknown,
  data: unknown,
  clock: () => Date = () => new Date(),
  guardOptions: OrderGuardOptions = {},
): Promise<PlaceOrderResult> {
  const { caller, input } = readCall(auth, data, errors.signInRequired, readPlaceOrderInput);

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
  // The product and some of its lots are read outside the transaction (orders never lock what other orders
  // write): a hint; deleting the lots taken, each of which must still exist, is what is exact.
  // The shop's payment settings too: the seller's configuration, which no order writes. Read in each order's
  // transaction it was the one document every order of a sale locked (docs/live-sale.md); an order placed a
  // moment before the seller switches a method off is the same order placed a moment earlier.
  const settings = await readPaymentSettingsOf(db);
  for (let round = 1; ; round++) {
    const seen = await readProductAndLots(db, productRef, input.quantity);
    // The product as read with its lots; its shelf is the jars in the lots read (all of them when fewer lots came
    // than were asked for; enough otherwise), and a broken stock is still refused. A refusal needs no
    // transaction (a sale's late orders: the jars are gone), unless this request's order was placed already:
    // the transaction then answers with it.
    const product = seen.product.data();
    const stored: unknown = product?.stock_quantity;
    let order: NewOrder | null = null;
    let refused: unknown = null;
    try {
      order = orderForProduct(
        product && { ...product, stock_quantity: isValidStock(stored) ? jarsIn(seen.lots) : stored },
        input,
        caller,
      );
    } catch (error) {
      if (!input.requestId || !(await orderRef.get()).exists) throw error;
      refused = error;
    }
    try {
      await inTransaction(
        db,
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
          if (!order) throw refused;
          const lots = pickLots(seen.lots, input.quantity);
          if (!lots) throw refusal('failed-precondition', errors.notEnoughStock);
          if (!offeredPaymentMethods(settings).includes(input.paymentMethod)) {
            throw refusal('failed-precondition', orderMessages.payment.methodNotOffered);
          }
          // Blocklist, verified phone, limits per account and per number (order-guard.ts); reads the markers.
          const guard = await guardOrder(
            transaction,
            db,
            { caller, order, now: clock(), settings },
            guardOptions,
          );
          const open = await transaction.get(openOrders);
          if (open.size >= MAX_OPEN_ORDERS_PER_CUSTOMER) {
            throw refusal(
              'resource-exhausted',
              errors.tooManyOpenOrders(toBengaliDigits(MAX_OPEN_ORDERS_PER_CUSTOMER)),
            );
          }
          // A TrxID given with the order: claimed for it in this transaction, or refused if another order has it.
          const claim =
            input.paymentTrxId && input.paymentPayer
              ? { trxId: input.paymentTrxId, payer: input.paymentPayer }
              : null;
          const claimTrxId =
            claim && isMobilePaymentMethod(input.paymentMethod)
              ? await prepareTrxIdClaim(transaction, db, input.paymentMethod, claim.trxId, orderRef.id)
              : () => {};

          // Every read is above this line, every write below (a Firestore transaction reads before it writes).
          // The jars: the lots taken, deleted, and what they held beyond the order a lot of its own (no order
          // writes a document another order writes unless both took one lot; the later then fails the commit with
          // NOT_FOUND: exact by itself).
          for (const lot of lots.taken) transaction.delete(lotsOf(productRef).doc(lot.id), { exists: true });
          if (lots.remainder > 0) transaction.create(lotsOf(productRef).doc(), { jars: lots.remainder });
          guard.record(); // writes the customer's marker, the number's marker and its summary
          // One instant for the day the roll-ups count the order under (order-stats.ts) and its search fields.
          const now = clock();
          const stats = orderStatsFields(now);
          const search = orderSearchFields(orderRef.id, order, now);
          const payment = newOrderPaymentFields(input.paymentMethod, settings, now, claim);
          countNewOrder(transaction, db, order, search.customer_key);
          claimTrxId();
          transaction.create(orderRef, {
            ...order,
            ...search,
            ...stats,
            ...payment,
            created_at: FieldValue.serverTimestamp(),
            updated_at: FieldValue.serverTimestamp(),
          });
          recordNewOrder(transaction, db, { ...order, ...stats, ...payment }, now);
        },
        { maxAttempts: MAX_TRANSACTION_ATTEMPTS },
      );
      break;
    } catch (error) {
      if ((error as { code?: unknown }).code !== NOT_FOUND || round >= MAX_LOT_ROUNDS) throw error;
    }
  }
  return { orderId: orderRef.id };
}
