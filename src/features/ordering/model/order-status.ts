import { sharedTexts } from '../../../i18n/texts';

/** Every status an order can have, in the order the shop moves through them. New orders start as pending. */
export const ORDER_STATUSES = [
  'pending',
  'confirmed',
  'preparing',
  'delivering',
  'delivered',
  'cancelled',
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
};
