import { displayLine, displayLines } from './customer-text';
import { toBengaliDigits } from './digits';
import { orderMoneyOf } from './order-ledger';
import { isOrderStatus } from './order-status';
import { normalizeBangladeshPhone } from './phone';
import { courierTexts } from './courier-texts';

/**
 * A parcel for the courier, made from an order and nothing else (docs/courier-steadfast.md): the fields of
 * Steadfast's create_order, within its limits. The amount to collect is the order ledger's, never retyped.
 */
export interface CourierParcel {
  /** The order id: unique, letters, digits, hyphens and underscores. */
  invoice: string;
  recipient_name: string;
  recipient_phone: string;
  recipient_address: string;
  /** Taka the courier collects at the door: the ledger's `toCollect` (0 for a verified payment). */
  cod_amount: number;
  note?: string;
  item_description?: string;
}

/** Steadfast's limits (its v1 documentation). */
export const COURIER_LIMITS = {
  name: 100,
  address: 250,
  note: 500,
  itemDescription: 250,
  /** Parcels in one bulk booking. */
  bulk: 500,
} as const;

const INVOICE_PATTERN = /^[A-Za-z0-9_-]+$/;

export type CourierParcelResult = { ok: true; parcel: CourierParcel } | { ok: false; error: string };

const cut = (text: string, limit: number) =>
  [...text].length > limit ? [...text].slice(0, limit).join('') : text;

/**
 * The parcel of a packed order, or why it cannot be booked, in Bengali (a too-long address is an error, never
 * cut short: the rider must find the door). `slipNotes` are the seller's notes marked for the slip.
 */
export function courierParcelOf(
  orderId: string,
  data: Record<string, unknown>,
  slipNotes: readonly string[] = [],
): CourierParcelResult {
  const t = courierTexts.problems;
  if (!isOrderStatus(data.status) || data.status !== 'preparing') return { ok: false, error: t.notPacked };
  if (!INVOICE_PATTERN.test(orderId)) return { ok: false, error: t.badInvoice };
  const name = displayLine(data.customer_name);
  if (name === '') return { ok: false, error: t.noName };
  if ([...name].length > COURIER_LIMITS.name)
    return { ok: false, error: t.nameTooLong(toBengaliDigits(COURIER_LIMITS.name)) };
  const phone = normalizeBangladeshPhone(typeof data.customer_phone === 'string' ? data.customer_phone : '');
  if (!phone.ok) return { ok: false, error: phone.error };
  // One line: the courier's label prints the address as it gets it.
  const address = displayLines(data.customer_address).join(', ');
  if (address === '') return { ok: false, error: t.noAddress };
  const length = [...address].length;
  if (length > COURIER_LIMITS.address) {
    return {
      ok: false,
      error: t.addressTooLong(toBengaliDigits(length), toBengaliDigits(COURIER_LIMITS.address)),
    };
  }
  const quantity = typeof data.quantity === 'number' ? data.quantity : 0;
  const item = cut(`${displayLine(data.product_name)} × ${quantity}`, COURIER_LIMITS.itemDescription);
  const note = cut(slipNotes.map(displayLine).filter(Boolean).join(' / '), COURIER_LIMITS.note);
  return {
    ok: true,
    parcel: {
      invoice: orderId,
      recipient_name: name,
      recipient_phone: phone.phone,
      recipient_address: address,
      cod_amount: orderMoneyOf(data).toCollect,
      ...(note !== '' && { note }),
      item_description: item,
    },
  };
}

/** Steadfast's delivery statuses (status_by_* and the webhook, compared in lower case). */
export const COURIER_STATES = [
  'in_review',
  'pending',
  'hold',
  'delivered_approval_pending',
  'partial_delivered_approval_pending',
  'cancelled_approval_pending',
  'unknown_approval_pending',
  'delivered',
  'partial_delivered',
  'cancelled',
  'unknown',
] as const;
export type CourierState = (typeof COURIER_STATES)[number];

export function courierStateOf(value: unknown): CourierState | null {
  if (typeof value !== 'string') return null;
  const state = value.trim().toLowerCase().replace(/\s+/g, '_');
  return (COURIER_STATES as readonly string[]).includes(state) ? (state as CourierState) : null;
}

/** What the card says of a parcel in `state`. */
export function courierStateLabel(state: CourierState): string {
  return courierTexts.state[state];
}

/** A parcel in one of these states moves no more: the poll stops asking about it. */
export const FINAL_COURIER_STATES: readonly CourierState[] = ['delivered', 'partial_delivered', 'cancelled'];

/**
 * What a courier state does to the order: `delivered` delivers it through the ledger; `cancelled` marks the
 * parcel as coming back (the seller confirms it came home, returning the jars); every other state is shown.
 */
export function courierOutcome(state: CourierState): 'delivered' | 'comingBack' | 'shown' {
  if (state === 'delivered') return 'delivered';
  return state === 'cancelled' ? 'comingBack' : 'shown';
}
