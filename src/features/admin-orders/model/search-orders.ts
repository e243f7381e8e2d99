import { toLatinDigits, type OrderStatus } from '@/features/ordering/model';

export type OrderStatusFilter = OrderStatus | 'all';

/** The fields the admin's search box looks at; any order shape that has them can be searched. */
export interface SearchableOrder {
  id: string;
  customer_name: string;
  customer_phone: string;
  product_name: string;
  status: string;
}

function fold(text: string): string {
  return toLatinDigits(text.normalize('NFC')).toLocaleLowerCase();
}

/**
 * The admin orders tab's filter: keeps orders whose status matches (or every status for 'all') and whose
 * customer name, phone, product name or order id contains the query — case-insensitive, Bengali or Latin,
 * and with Bengali digits and phone spacing ("০১৭১২ ৩৪৫") forgiven. Keeps the given order.
 */
export function searchOrders<T extends SearchableOrder>(
  orders: readonly T[],
  query: string,
  status: OrderStatusFilter,
): T[] {
  const needle = fold(query.trim());
  // "+880 1712-345" and "01712345" both find the phone stored as 01712345678.
  const phoneNeedle =
    /^[0-9+\s-]+$/.test(needle) && /[0-9]/.test(needle)
      ? needle.replace(/[\s+-]/g, '').replace(/^88(?=0)/, '')
      : null;

  return orders.filter((order) => {
    if (status !== 'all' && order.status !== status) return false;
    if (needle === '') return true;
    if (phoneNeedle && toLatinDigits(order.customer_phone).includes(phoneNeedle)) return true;
    return [order.customer_name, order.customer_phone, order.product_name, order.id].some((field) =>
      fold(field ?? '').includes(needle),
    );
  });
}
