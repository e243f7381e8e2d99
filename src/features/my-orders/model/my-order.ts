import { displayLine, displayMultiline } from '@/features/ordering/model/customer-text';
import { orderMoneyOf } from '@/features/ordering/model/order-ledger';
import { isOrderStatus, type OrderStatus } from '@/features/ordering/model/order-status';
import type { OrderFields } from '@/features/ordering/model/order-record';
import { readPaymentState, type OrderPaymentFields } from '@/features/ordering/model/payment';
import { isPaymentMethod, type PaymentMethod } from '@/features/ordering/model/payment-method';
import { storedDate } from '@/lib/stored-date';

/** One of the shopper's own orders, as the /orders page shows it. */
export interface MyOrder
  extends
    Pick<
      OrderFields,
      | 'product_name'
      | 'product_price'
      | 'quantity'
      | 'total_amount'
      | 'status'
      | 'customer_phone'
      | 'customer_address'
    >,
    Pick<OrderPaymentFields, 'payment_state' | 'payment_trxid' | 'payment_reject_reason'> {
  id: string;
  /** null when the stored value is none of the shop's methods. */
  payment_method: PaymentMethod | null;
  created_at: Date | null;
  /** Taka that came in: a verified payment, the cash collected at the door (order-ledger.ts). */
  paid_amount: number;
  /** Taka the shop has sent back. */
  refunded_amount: number;
  /** Taka the shop still owes back (a paid order cancelled or returned, or made smaller). */
  refund_due: number;
  /** Taka the courier collects at the door now. */
  to_collect: number;
  /** The TrxID of the money the shop sent back; null until it has. */
  refund_trxid: string | null;
  /** The courier's tracking code once the parcel is booked; null before. */
  courier_tracking_code: string | null;
}

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

// Orders still on their way to the customer; the header's cart badge counts these.
const FINISHED: ReadonlySet<OrderStatus> = new Set(['delivered', 'cancelled']);

export function isInProgress(order: Pick<MyOrder, 'status'>): boolean {
  return !FINISHED.has(order.status);
}

export function countInProgress(orders: readonly Pick<MyOrder, 'status'>[]): number {
  return orders.filter(isInProgress).length;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The order's money as the ledger reads it (orders stored before it included). */
function moneyOf(data: Record<string, unknown>) {
  const money = orderMoneyOf(data);
  return {
    paid_amount: money.paid,
    refunded_amount: money.refunded,
    refund_due: money.refundDue,
    to_collect: money.toCollect,
    refund_trxid: textOrNull(data.refund_trxid),
  };
}

/**
 * Reads a stored order; null when it is not one (missing fields, unknown status). `created_at` is null for
 * an instant after placing, until the server timestamp arrives.
 */
export function myOrderFromDocument(id: string, data: Record<string, unknown>): MyOrder | null {
  const { product_name, product_price, quantity, total_amount, status, created_at } = data;
  if (typeof product_name !== 'string' || !isNumber(product_price) || !isNumber(quantity)) return null;
  if (!isNumber(total_amount) || !isOrderStatus(status)) return null;
  return {
    id,
    // The product's name as it may be shown: a direction or control character in it reverses and breaks nothing.
    product_name: displayLine(product_name),
    product_price,
    quantity,
    total_amount,
    status,
    customer_phone: typeof data.customer_phone === 'string' ? displayLine(data.customer_phone) : '',
    customer_address:
      typeof data.customer_address === 'string' ? displayMultiline(data.customer_address) : '',
    payment_method: isPaymentMethod(data.payment_method) ? data.payment_method : null,
    payment_state: readPaymentState(data),
    payment_trxid: textOrNull(data.payment_trxid),
    payment_reject_reason: textOrNull(data.payment_reject_reason),
    created_at: storedDate(created_at),
    courier_tracking_code: textOrNull(data.courier_tracking_code),
    ...moneyOf(data),
  };
}
