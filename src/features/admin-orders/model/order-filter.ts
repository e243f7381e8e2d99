import type { OrderStatus } from '@/features/ordering/model';

/** A status filter of the paperwork (slips, export): one status, or every status. */
export type OrderStatusFilter = OrderStatus | 'all';

/** The orders list's filter: a status, every status, or the payments the seller has still to check. */
export type OrderListFilter = OrderStatusFilter | typeof TO_VERIFY;

/** The "যাচাই বাকি" filter: orders whose bKash/Nagad payment was claimed and not yet checked. */
export const TO_VERIFY = 'to_verify';

/** The status a list filter prints slips of and exports by default: its own, or every status. */
export function paperworkStatus(filter: OrderListFilter): OrderStatusFilter {
  return filter === TO_VERIFY ? 'all' : filter;
}
