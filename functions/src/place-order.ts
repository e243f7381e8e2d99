import { FieldValue, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { HttpsError } from 'firebase-functions/v2/https';
import { bn } from '../../src/i18n/bn';
import {
  INITIAL_ORDER_STATUS,
  InvalidOrderInputError,
  orderTotal,
  parsePlaceOrderInput,
  type OrderFields,
  type PlaceOrderInput,
  type PlaceOrderResult,
} from '../../src/features/ordering/model';
import type { Caller } from './caller';
import { refusal } from './refusal';

// Many customers ordering the last jars at once make transactions collide; each retry re-reads the stock,
// so more attempts only mean more late-comers hear "not enough stock" instead of a vague failure.
const MAX_TRANSACTION_ATTEMPTS = 30;

/** The order document's fields except its timestamps, which the server stamps. */
export type NewOrder = OrderFields & { status: typeof INITIAL_ORDER_STATUS };

const errors = bn.ordering.errors;

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
  const stock: unknown = product.stock_quantity;
  if (typeof stock !== 'number' || !Number.isInteger(stock) || stock < input.quantity) {
    throw refusal('failed-precondition', errors.notEnoughStock);
  }
  const price: unknown = product.price;
  const name: unknown = product.name;
  let total: number;
  try {
    if (typeof price !== 'number' || typeof name !== 'string')
      throw new RangeError('product has no name or price');
    total = orderTotal(price, input.quantity);
  } catch (cause) {
    // A product document the admin form could not have written; refuse rather than guess a price.
    logger.error('placeOrder: product document cannot be priced', {
      productId: input.productId,
      cause: String(cause),
    });
    throw refusal('failed-precondition', errors.productNotFound);
  }
  return {
    product_id: input.productId,
    product_name: name as string,
    product_price: price as number,
    quantity: input.quantity,
    total_amount: total,
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
 * The placeOrder callable: checks the caller and the payload, then in one transaction re-reads the product,
 * takes the jars out of stock and writes the order. Any refusal leaves the database untouched.
 */
export async function placeOrder(
  db: Firestore,
  caller: Caller | undefined,
  data: unknown,
): Promise<PlaceOrderResult> {
  if (!caller) throw refusal('unauthenticated', errors.signInRequired);
  const input = readPlaceOrderInput(data);

  const productRef = db.collection('products').doc(input.productId);
  const orderRef = db.collection('orders').doc();
  try {
    await db.runTransaction(
      async (transaction) => {
        const product = await transaction.get(productRef);
        const order = orderForProduct(product.data(), input, caller);
        transaction.update(productRef, {
          // The transaction fails and retries if the stock changed since this read, so this is exact.
          stock_quantity: (product.get('stock_quantity') as number) - input.quantity,
          updated_at: FieldValue.serverTimestamp(),
        });
        transaction.create(orderRef, {
          ...order,
          created_at: FieldValue.serverTimestamp(),
          updated_at: FieldValue.serverTimestamp(),
        });
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

function isAborted(error: unknown): boolean {
  // gRPC status 10 is ABORTED: the transaction lost every retry to concurrent orders.
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 10;
}
