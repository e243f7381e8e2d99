import { toLatinDigits } from './digits';
import type { PaymentMethod } from './payment-method';

/**
 * An order's payment, kept apart from its status (the parcel's journey). Cash is collected by the courier;
 * bKash and Nagad are sent by the customer before delivery and checked by the seller in the provider's app.
 * One model for the web app, the Cloud Functions and (mirrored by name) firestore.rules.
 */
export const PAYMENT_STATES = [
  'collect_on_delivery',
  'awaiting_payment',
  'claimed',
  'verified',
  'rejected',
] as const;

export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The methods the customer pays before delivery, from a mobile wallet. */
export const MOBILE_PAYMENT_METHODS = ['bkash', 'nagad'] as const satisfies readonly PaymentMethod[];
export type MobilePaymentMethod = (typeof MOBILE_PAYMENT_METHODS)[number];

export function isPaymentState(value: unknown): value is PaymentState {
  return typeof value === 'string' && (PAYMENT_STATES as readonly string[]).includes(value);
}

export function isMobilePaymentMethod(method: unknown): method is MobilePaymentMethod {
  return typeof method === 'string' && (MOBILE_PAYMENT_METHODS as readonly string[]).includes(method);
}

/** A new order's payment state: cash is collected at the door; a wallet payment is awaited. */
export function initialPaymentState(method: PaymentMethod): PaymentState {
  return isMobilePaymentMethod(method) ? 'awaiting_payment' : 'collect_on_delivery';
}

/**
 * The one reader of an order's payment state. Orders placed before payments were tracked have none: a cash one
 * reads as collected at the door, a bKash/Nagad one as still awaited (nobody ever recorded the money).
 */
export function readPaymentState(order: { payment_method?: unknown; payment_state?: unknown }): PaymentState {
  if (isPaymentState(order.payment_state)) return order.payment_state;
  return isMobilePaymentMethod(order.payment_method) ? 'awaiting_payment' : 'collect_on_delivery';
}

/**
 * Each state's Bengali label, beside the states rather than in i18n/texts.ts: the storefront's entry reads the
 * payment methods' labels there before the first paint, and needs none of these.
 */
const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  // The method, not a promise: true before and after the door; what is left to hand the courier is said beside it
  // from the ledger's money (money-texts.ts).
  collect_on_delivery: 'ক্যাশ অন ডেলিভারি',
  awaiting_payment: 'পেমেন্টের অপেক্ষায়',
  claimed: 'পেমেন্ট যাচাই বাকি',
  verified: 'পরিশোধিত',
  rejected: 'পেমেন্ট মেলেনি',
};

export function paymentStateLabel(state: PaymentState): string {
  return PAYMENT_STATE_LABELS[state];
}

/** A Chakra colour palette per state: warm while money is awaited or to be checked, green once checked. */
export const PAYMENT_STATE_PALETTE: Record<PaymentState, string> = {
  collect_on_delivery: 'gray',
  awaiting_payment: 'yellow',
  claimed: 'orange',
  verified: 'green',
  rejected: 'red',
};

/** The payment states whose order the scheduler cancels once `payment_due_at` has passed. */
export const UNPAID_PAYMENT_STATES = [
  'awaiting_payment',
  'rejected',
] as const satisfies readonly PaymentState[];

/** The states the seller's "to verify" filter shows. */
export const PAYMENT_STATES_TO_VERIFY = ['claimed'] as const satisfies readonly PaymentState[];

/**
 * The payment fields of an order document. Only the Cloud Functions write them (firestore.rules refuses every
 * client write to orders). Timestamps are Firestore Timestamps where stored, Dates where read by the model.
 */
export interface OrderPaymentFields {
  payment_state: PaymentState;
  /** The provider's transaction id, upper case, as the customer typed it (normalised); null until given. */
  payment_trxid: string | null;
  /** The wallet number the money came from (01XXXXXXXXX); null until given. */
  payment_payer: string | null;
  /** The seller's reason when rejected; null otherwise. */
  payment_reject_reason: string | null;
}

/** The names of those fields, for the rules tests and the readers. */
export const ORDER_PAYMENT_FIELD_NAMES = [
  'payment_state',
  'payment_trxid',
  'payment_payer',
  'payment_reject_reason',
  'payment_due_at',
  'payment_updated_at',
  'payment_verified_at',
] as const;

/**
 * A transaction id as the provider prints it in its confirmation SMS and app. The exact patterns, and where they
 * are documented, are in docs/payments.md. Case and Bengali digits are forgiven; spaces around it too.
 */
export const TRXID_PATTERNS: Record<MobilePaymentMethod, RegExp> = {
  bkash: /^[A-Z0-9]{10}$/,
  nagad: /^[A-Z0-9]{8}$/,
};

/** The TrxID in its stored form, or null when it does not have the provider's format. */
export function normalizeTrxId(method: MobilePaymentMethod, raw: string): string | null {
  const trxId = toLatinDigits(raw).trim().toUpperCase();
  return TRXID_PATTERNS[method].test(trxId) ? trxId : null;
}

/**
 * The id of the document that claims a TrxID for one order (`payment_claims/{id}`), created in the same
 * transaction as the claim: a TrxID already used by another order is refused.
 */
export function paymentClaimId(method: MobilePaymentMethod, trxId: string): string {
  return `${method}-${trxId}`;
}
