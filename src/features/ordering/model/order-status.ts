import { sharedTexts } from '../../../i18n/texts';

/**
 * Every status an order can have, in the order the shop moves through them. New orders start as pending;
 * `returned` is a parcel refused at the door and brought back (its jars back in stock).
 */
export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'preparing',
  'delivering',
  'delivered',
  'cancelled',
  'returned',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const INITIAL_ORDER_STATUS: OrderStatus = 'pending';

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

export function orderStatusLabel(status: OrderStatus): string {
  return sharedTexts.orderStatus[status];
}

/**
 * The colour (a Chakra colour palette) of each status wherever one is shown, so the seller and the shopper
 * learn one code: warm while waiting, green when delivered, red when cancelled.
 */
export const ORDER_STATUS_PALETTE: Record<OrderStatus, string> = {
  pending: 'yellow',
  confirmed: 'blue',
  preparing: 'purple',
  delivering: 'cyan',
  delivered: 'green',
  cancelled: 'red',
  returned: 'orange',
};

/** The statuses whose order holds no jars: cancelled before it left, or refused at the door and brought back. */
export const STOCKLESS_ORDER_STATUSES = ['cancelled', 'returned'] as const satisfies readonly OrderStatus[];

export function holdsJars(status: OrderStatus): boolean {
  return !(STOCKLESS_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}
