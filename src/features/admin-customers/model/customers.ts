import { sumTaka, toLatinDigits } from '@/features/ordering/model';

/** The order fields a customer summary is built from; any order shape that has them will do. */
export interface CustomerOrder {
  user_id: string | null;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  total_amount: number;
  status: string;
  created_at: Date | null;
}

export interface Customer {
  /** The signed-in account when the order carried one, otherwise the phone number. */
  key: string;
  name: string;
  phone: string;
  email: string | null;
  orderCount: number;
  /** Taka spent over orders that were not cancelled. */
  totalSpent: number;
  lastOrderAt: Date | null;
}

function customerKey(order: CustomerOrder): string {
  const userId = order.user_id?.trim();
  return userId ? `user:${userId}` : `phone:${toLatinDigits(order.customer_phone.trim())}`;
}

function isNewer(candidate: Date | null, current: Date | null): boolean {
  if (candidate === null) return false;
  return current === null || candidate.getTime() > current.getTime();
}

/**
 * One row per customer, derived from the orders: the name, phone and e-mail of their latest order, how many
 * orders they placed, what they spent (cancelled orders do not count) and when they last ordered.
 * Most recent customers first.
 */
export function deriveCustomers(orders: readonly CustomerOrder[]): Customer[] {
  const groups = new Map<string, { latest: CustomerOrder; orders: CustomerOrder[] }>();
  for (const order of orders) {
    const key = customerKey(order);
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { latest: order, orders: [order] });
      continue;
    }
    group.orders.push(order);
    if (isNewer(order.created_at, group.latest.created_at)) group.latest = order;
  }

  const customers = [...groups].map(([key, { latest, orders: own }]): Customer => ({
    key,
    name: latest.customer_name,
    phone: latest.customer_phone,
    email: latest.customer_email || (own.find((order) => order.customer_email)?.customer_email ?? null),
    orderCount: own.length,
    totalSpent: sumTaka(
      own.filter((order) => order.status !== 'cancelled').map((order) => order.total_amount),
    ),
    lastOrderAt: latest.created_at,
  }));

  return customers.sort(
    (a, b) => (b.lastOrderAt?.getTime() ?? -Infinity) - (a.lastOrderAt?.getTime() ?? -Infinity),
  );
}

function fold(text: string): string {
  return toLatinDigits(text.normalize('NFC')).toLocaleLowerCase();
}

/** Customers whose name, phone or e-mail contains the query: case-insensitive, Bengali or Latin digits. */
export function searchCustomers(customers: readonly Customer[], query: string): Customer[] {
  const needle = fold(query.trim());
  if (needle === '') return [...customers];
  const digitsOnly = /^[0-9\s-]+$/.test(needle) ? needle.replace(/[\s-]/g, '') : null;
  return customers.filter(
    (customer) =>
      (digitsOnly !== null && customer.phone.includes(digitsOnly)) ||
      [customer.name, customer.phone, customer.email ?? ''].some((field) => fold(field).includes(needle)),
  );
}
