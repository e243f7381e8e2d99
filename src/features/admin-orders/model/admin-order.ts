import {
  courierStateOf,
  displayLine,
  displayMultiline,
  isOrderStatus,
  isPaymentMethod,
  orderMoneyOf,
  readPaymentState,
  type OrderFields,
  type OrderPaymentFields,
  type CourierState,
  type OrderStatus,
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
  /** When the payment last moved (a TrxID given, checked): a claim's age for the dashboard's overdue flag. */
  payment_updated_at: Date | null;
  /** Taka that came in: a verified wallet payment and the cash collected at the door (order-ledger.ts). */
  paid_amount: number;
  /** Taka the seller recorded as sent back. */
  refunded_amount: number;
  /** Taka the courier collects at the door now: the total, or the balance an edit after payment left. */
  to_collect: number;
  /** Taka the shop owes the customer back (a paid order cancelled or returned, or an edit that lowered it). */
  refund_due: number;
  /** The taka the customer's TrxID was given for (what to look for in the wallet app); null when not stored. */
  payment_claimed_amount: number | null;
  /** The TrxID of the last refund sent; null until one is recorded. */
  refund_trxid: string | null;
  /** The seller's last status change, undoable for UNDO_MINUTES after `at`; null when there is none. */
  status_undo: { from: OrderStatus; at: Date | null } | null;
  /** The courier's parcel (functions/src/courier): its tracking code and state once booked, else null. */
  courier_tracking_code: string | null;
  courier_state: CourierState | null;
  /** Why the last booking failed ("বুকিং হয়নি: …"), until a booking succeeds; else null. */
  courier_error: string | null;
  /** Taka the courier collected at the door for a delivered parcel (courier-payout.ts); else null. */
  courier_collected: number | null;
  /** The courier's payout that settled it: its reference and day (YYYY-MM-DD); null until paid out. */
  courier_payout_reference: string | null;
  courier_paid_on: string | null;
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

function statusUndo(value: unknown): AdminOrder['status_undo'] {
  if (typeof value !== 'object' || value === null) return null;
  const { from, at } = value as Record<string, unknown>;
  return isOrderStatus(from) ? { from, at: storedDate(at) } : null;
}

/**
 * Reads one stored order. Orders are written only by the placeOrder function, so the shape is trusted, but a
 * malformed field must not crash the whole list: it is shown empty instead. An unknown status reads as pending,
 * the state an order is in until the seller acts on it.
 */
export function toAdminOrder(id: string, data: Record<string, unknown>): AdminOrder {
  // The ledger's reading of the money, legacy orders (without the money fields) included.
  const money = orderMoneyOf(data);
  const claimed = data.payment_claimed_amount;
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
    payment_updated_at: storedDate(data.payment_updated_at),
    paid_amount: money.paid,
    refunded_amount: money.refunded,
    to_collect: money.toCollect,
    refund_due: money.refundDue,
    payment_claimed_amount:
      typeof claimed === 'number' && Number.isFinite(claimed) && claimed > 0 ? claimed : null,
    refund_trxid: textOrNull(data.refund_trxid),
    status_undo: statusUndo(data.status_undo),
    courier_tracking_code: textOrNull(data.courier_tracking_code),
    courier_state: courierStateOf(data.courier_state),
    courier_error: textOrNull(data.courier_error),
    courier_collected:
      typeof data.courier_collected === 'number' && Number.isFinite(data.courier_collected)
        ? data.courier_collected
        : null,
    courier_payout_reference: textOrNull(data.courier_payout_reference),
    courier_paid_on: textOrNull(data.courier_paid_on),
  };
}
