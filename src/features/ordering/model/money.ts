// Taka amounts are kept as numbers with at most two decimals; sums are done in whole poisha so that
// 0.1 + 0.2 never turns into 0.30000000000000004 on an invoice.

const POISHA_PER_TAKA = 100;

/** 12.5 → 1250. Refuses amounts that are negative, not finite, or finer than a poisha. */
export function toPoisha(taka: number): number {
  if (!Number.isFinite(taka) || taka < 0)
    throw new RangeError(`Amount must be a finite, non-negative number of taka: ${taka}`);
  const poisha = Math.round(taka * POISHA_PER_TAKA);
  if (Math.abs(poisha - taka * POISHA_PER_TAKA) > 1e-6) {
    throw new RangeError(`Amount has more than two decimals: ${taka}`);
  }
  return poisha;
}

export function fromPoisha(poisha: number): number {
  return poisha / POISHA_PER_TAKA;
}

/** Price × quantity, exact to the poisha. The only way an order's total is computed. */
export function orderTotal(price: number, quantity: number): number {
  if (!Number.isInteger(quantity) || quantity < 0) {
    throw new RangeError(`Quantity must be a whole number of jars, 0 or more: ${quantity}`);
  }
  return fromPoisha(toPoisha(price) * quantity);
}

/**
 * The total an order form shows while the quantity is being typed: price × quantity, or null while the quantity
 * is not a whole number of jars from 1 up (empty, "2.5") or the amount cannot be an order's.
 */
export function runningTotal(price: number, quantity: unknown): number | null {
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) return null;
  try {
    return orderTotal(price, quantity);
  } catch {
    return null;
  }
}

/** Adds taka amounts without floating-point drift; each amount counts to the nearest poisha. */
export function sumTaka(amounts: Iterable<number>): number {
  let poisha = 0;
  for (const amount of amounts) {
    if (!Number.isFinite(amount)) throw new RangeError(`Amount must be a finite number of taka: ${amount}`);
    poisha += Math.round(amount * POISHA_PER_TAKA);
  }
  return fromPoisha(poisha);
}
