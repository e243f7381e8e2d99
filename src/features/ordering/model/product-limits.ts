import { toPoisha } from './money';

// What a product may cost and how many jars it may have: the admin form, the Firestore rules (firestore.rules,
// isValidProduct) and placeOrder agree on these. A price outside them could be stored but never sold.

/** The highest price of one jar, in taka. */
export const MAX_PRODUCT_PRICE = 100_000;

/** The lowest price of one jar, in taka: one poisha. A smaller positive price would be stored as 0 poisha. */
export const MIN_PRODUCT_PRICE = 0.01;

/** The most jars one product may have in stock. */
export const MAX_PRODUCT_STOCK = 100_000;

/** A price an order can be placed at: finite, whole poisha, from one poisha to MAX_PRODUCT_PRICE. */
export function isSellablePrice(price: unknown): price is number {
  if (typeof price !== 'number' || !Number.isFinite(price)) return false;
  if (price <= 0 || price > MAX_PRODUCT_PRICE) return false;
  try {
    // 0.000000001 passes the whole-poisha test (it is 0 poisha within rounding) but costs nothing.
    return toPoisha(price) >= 1;
  } catch {
    return false;
  }
}

/** A stock count as stored: a whole number of jars from 0 to MAX_PRODUCT_STOCK. */
export function isValidStock(stock: unknown): stock is number {
  return typeof stock === 'number' && Number.isInteger(stock) && stock >= 0 && stock <= MAX_PRODUCT_STOCK;
}
