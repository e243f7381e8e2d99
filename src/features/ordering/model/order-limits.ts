import type { OrderStatus } from './order-status';

// An order holds its jars until it is paid (at the door for cash, checked by the seller for bKash/Nagad), so one
// free account could otherwise take the whole shelf with orders it never pays for. These two numbers are what the
// seller reasons about; the order dialog shows them and placeOrder enforces them.

/** At most this many jars in one order. */
export const MAX_JARS_PER_ORDER = 10;

/** At most this many orders of one customer still open (not yet delivered or cancelled) at a time. */
export const MAX_OPEN_ORDERS_PER_CUSTOMER = 3;

/** The statuses in which an order still holds jars that have not reached the customer. */
export const OPEN_ORDER_STATUSES = [
  'pending',
  'confirmed',
  'preparing',
  'delivering',
] as const satisfies readonly OrderStatus[];

export function isOpenOrderStatus(status: OrderStatus): boolean {
  return (OPEN_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

// Cash orders from real people (issue 35): how often one account and one phone number may order and cancel.
// These numbers are the only place the limits live; placeOrder enforces them in its transaction through
// functions/src/order-guard.ts (with marker documents `order-limits/{uid}` and `order-limits/phone:<01…>`), the
// order dialog shows them, and their Bengali refusals are in texts.ts (orderMessages.guard, read by
// limit-refusal.ts: kept apart so the storefront's entry, which reads the two numbers above, carries no texts).

/** At most this many orders a day (the shop's day, Dhaka time) from one account, and as many for one number. */
export const MAX_ORDERS_PER_DAY = 5;

/** At least this many minutes between two orders of one account, and between two orders for one number. */
export const MIN_MINUTES_BETWEEN_ORDERS = 1;

/** After this many cancellations in a day by one account (or of one number's orders), no new order that day. */
export const MAX_CANCELLATIONS_PER_DAY = 3;

/** The marker document of an account is `order-limits/{uid}`; that of a phone number has this prefix. */
export const PHONE_MARKER_PREFIX = 'phone:';

export function phoneMarkerId(phone: string): string {
  return `${PHONE_MARKER_PREFIX}${phone}`;
}

/** One day's counts in a marker document, under `days.<YYYY-MM-DD>` (the Dhaka day). */
export interface DayCounts {
  orders: number;
  cancellations: number;
}

/** What the guard reads of a marker: its last order's instant and today's counts. */
export interface LimitMarker {
  lastOrderAtMs: number | null;
  today: DayCounts;
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * A stored marker (or none) as the guard needs it for `day`. `last_order_ms` is the instant of the last order
 * taken (by the server's clock), a number so that the guard's tests can move the clock.
 */
export function readLimitMarker(data: Record<string, unknown> | undefined, day: string): LimitMarker {
  const days = (typeof data?.days === 'object' && data.days !== null ? data.days : {}) as Record<
    string,
    unknown
  >;
  const today = (typeof days[day] === 'object' && days[day] !== null ? days[day] : {}) as Record<
    string,
    unknown
  >;
  const last = data?.last_order_ms;
  return {
    lastOrderAtMs: typeof last === 'number' && Number.isFinite(last) ? last : null,
    today: { orders: count(today.orders), cancellations: count(today.cancellations) },
  };
}

/** Why an account's or a number's new order is refused now, or null when it may be taken. */
export type LimitRefusal = 'tooManyOrdersToday' | 'tooSoon' | 'tooManyCancellations';

export function limitRefusal(marker: LimitMarker, nowMs: number): LimitRefusal | null {
  if (marker.today.cancellations >= MAX_CANCELLATIONS_PER_DAY) return 'tooManyCancellations';
  if (marker.today.orders >= MAX_ORDERS_PER_DAY) return 'tooManyOrdersToday';
  if (marker.lastOrderAtMs !== null && nowMs - marker.lastOrderAtMs < MIN_MINUTES_BETWEEN_ORDERS * 60_000)
    return 'tooSoon';
  return null;
}

/**
 * The phone number an ID token's `phone_number` claim carries (E.164, "+8801712345678"), as the shop stores
 * numbers ("01712345678"); null for no claim or a number that is not a Bangladeshi mobile.
 */
export function phoneFromE164(claim: unknown): string | null {
  if (typeof claim !== 'string') return null;
  const match = /^\+880(1[3-9][0-9]{8})$/.exec(claim);
  return match ? `0${match[1]}` : null;
}

/** The shop's number as E.164, for Firebase Auth's phone provider: "01712345678" → "+8801712345678". */
export function phoneToE164(phone: string): string {
  return `+88${phone}`;
}

/**
 * Whether an order must come from an account whose verified number is the order's: when the shop asks for it,
 * for every method alike. A bKash/Nagad order holds jars until its payment is checked, as a cash order does
 * until the door, so a throw-away account's unpaid wallet orders would empty a shelf as easily.
 */
export function needsVerifiedPhone(verificationRequired: boolean): boolean {
  return verificationRequired;
}
