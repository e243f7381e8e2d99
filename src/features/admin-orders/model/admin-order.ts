import {
  displayLine,
  displayMultiline,
  isOrderStatus,
  isPaymentMethod,
  readPaymentState,
  type OrderFields,
  type OrderPaymentFields,
  type PaymentMethod,
} from '@/features/ordering/model';
import { storedDate } from '@/lib/stored-date';

/** An order as the seller's dashboard shows it: the stored fields, with Firestore timestamps turned into dates. */
export interface AdminOrder
  extends Omit<OrderFields, 'payment_method' | 'customer_email'>, OrderPaymentFields {
  id: string;
  customer_email: string;
  /** null when the stored value is none of the shop's payment methods (shown as unknown, never guessed). */
  payment_method: PaymentMethod | null;
  created_at: Date | null;
  updated_at: Date | null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

// Typed text (the customer's, the seller's product name) as the dashboard may show it, whatever is stored: no
// control or direction character (U+202E reversing an address), a name on one line, an address's lines LF-apart
// (customer-text.ts). Cards, slips and the CSV all read orders through here.
const line = (value: unknown) => displayLine(text(value));

function amount(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * Reads one stored order. Orders are written only by the placeOrder function, so the shape is trusted, but a
 * malformed field must not crash the whole list: it is shown empty instead. An unknown status reads as pending,
 * the state an order is in until the seller acts on it.
 */
export function toAdminOrder(id: string, data: Record<string, unknown>): AdminOrder {
  return {
    id,
    product_id: text(data.product_id),
    product_name: line(data.product_name),
    product_price: amount(data.product_price),
    quantity: amount(data.quantity),
    total_amount: amount(data.total_amount),
    customer_name: line(data.customer_name),
    customer_phone: line(data.customer_phone),
    customer_email: line(data.customer_email),
    customer_address: displayMultiline(text(data.customer_address)),
    payment_method: isPaymentMethod(data.payment_method) ? data.payment_method : null,
    payment_state: readPaymentState(data),
    payment_trxid: textOrNull(data.payment_trxid),
    payment_payer: textOrNull(data.payment_payer),
    payment_reject_reason: textOrNull(data.payment_reject_reason),
    user_id: text(data.user_id),
    status: isOrderStatus(data.status) ? data.status : 'pending',
    created_at: storedDate(data.created_at),
    updated_at: storedDate(data.updated_at),
  };
}
