import { isOpenOrderStatus, type OrderFields } from '@/features/ordering/model';

/**
 * How many open orders (not yet delivered or cancelled) each customer has, by user id. The seller sees a
 * customer with several at once on each of their cards: cash on delivery makes a prankster's pile costly.
 */
export function openOrdersByCustomer(
  orders: readonly Pick<OrderFields, 'user_id' | 'status'>[],
): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  for (const order of orders) {
    if (order.user_id === '' || !isOpenOrderStatus(order.status)) continue;
    counts.set(order.user_id, (counts.get(order.user_id) ?? 0) + 1);
  }
  return counts;
}
