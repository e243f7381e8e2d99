import type { OrderStatus } from './order-status';

// Every order is cash on delivery, so one free account could otherwise take the whole shelf with orders it
// never pays for. These two numbers are what the seller reasons about; the order dialog shows them and
// placeOrder enforces them.

/** At most this many jars in one order. */
export const MAX_JARS_PER_ORDER = 10;

/** At most this many orders of one customer still open (not yet delivered or cancelled) at a time. */
export const MAX_OPEN_ORDERS_PER_CUSTOMER = 3;

/** The statuses in which an order still holds jars that have not reached the customer. */
export const OPEN_ORDER_STATUSES = [
  'pending',
  'confirmed',
  'preparing',
  'delivering',
] as const satisfies readonly OrderStatus[];

export function isOpenOrderStatus(status: OrderStatus): boolean {
  return (OPEN_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}
