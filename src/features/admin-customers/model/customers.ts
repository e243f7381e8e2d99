import { displayLine, fromPoisha } from '@/features/ordering/model';
import { storedDate } from '@/lib/stored-date';

/** One customer as the customers tab shows it, read from their summary document customers/{customer_key}. */
export interface Customer {
  /** The signed-in account when the orders carried one (`user:<uid>`), otherwise the phone (`phone:01…`). */
  key: string;
  name: string;
  phone: string;
  email: string | null;
  orderCount: number;
  /** Taka spent over orders that were not cancelled. */
  totalSpent: number;
  lastOrderAt: Date | null;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
}

/**
 * Reads one stored summary (written only by the functions, so trusted; a malformed field shows empty rather
 * than crash the list). `spent` is stored in whole poisha.
 */
export function toCustomer(id: string, data: Record<string, unknown>): Customer {
  return {
    key: id,
    // The name the customer typed, as it may be shown: no control or direction character, one line.
    name: displayLine(data.name),
    phone: typeof data.phone === 'string' ? data.phone : '',
    email: typeof data.email === 'string' && data.email !== '' ? data.email : null,
    orderCount: count(data.order_count),
    totalSpent: fromPoisha(Math.round(count(data.spent))),
    lastOrderAt: storedDate(data.last_order_at),
  };
}
