import type { OrderStatus } from './order-status';

/**
 * A phone number's history with the shop, `phone_summaries/{01XXXXXXXXX}`: how many orders were placed for it
 * and how many of them ended delivered, cancelled or returned (refused at the door). placeOrder and
 * setOrderStatus keep it in their transactions; `npm run stats:rebuild` recomputes it from the orders. The
 * seller reads it on each order card before shipping.
 */
export const PHONE_SUMMARIES = 'phone_summaries';

/** The outcomes a summary counts; an order in any other status is still on its way. */
export const PHONE_SUMMARY_OUTCOMES = [
  'delivered',
  'cancelled',
  'returned',
] as const satisfies readonly OrderStatus[];
export type PhoneSummaryOutcome = (typeof PHONE_SUMMARY_OUTCOMES)[number];

export interface PhoneSummary {
  orders: number;
  delivered: number;
  cancelled: number;
  returned: number;
  /** Milliseconds, or null for none. */
  lastOrderAtMs: number | null;
}

export const EMPTY_PHONE_SUMMARY: PhoneSummary = {
  orders: 0,
  delivered: 0,
  cancelled: 0,
  returned: 0,
  lastOrderAtMs: null,
};

function isOutcome(status: OrderStatus): status is PhoneSummaryOutcome {
  return (PHONE_SUMMARY_OUTCOMES as readonly OrderStatus[]).includes(status);
}

/**
 * What a status change does to the summary's counts: the outcome left is taken off, the one reached is added,
 * so an un-cancelled order (cancelled → pending) is no longer counted cancelled, and a delivered order later
 * returned moves from delivered to returned. Empty when neither status is an outcome.
 */
export function phoneSummaryChange(
  from: OrderStatus,
  to: OrderStatus,
): Partial<Record<PhoneSummaryOutcome, number>> {
  const change: Partial<Record<PhoneSummaryOutcome, number>> = {};
  if (from === to) return change;
  if (isOutcome(from)) change[from] = -1;
  if (isOutcome(to)) change[to] = (change[to] ?? 0) + 1;
  return change;
}

function whole(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 0;
}

/** A stored summary (or none) as counts; `last_order_at` is anything with toMillis() (a Timestamp). */
export function readPhoneSummary(data: Record<string, unknown> | undefined): PhoneSummary {
  if (!data) return EMPTY_PHONE_SUMMARY;
  const last = data.last_order_at as { toMillis?: () => number } | null | undefined;
  return {
    orders: whole(data.orders),
    delivered: whole(data.delivered),
    cancelled: whole(data.cancelled),
    returned: whole(data.returned),
    lastOrderAtMs: typeof last?.toMillis === 'function' ? last.toMillis() : null,
  };
}

/** A blocked number, `blocked_phones/{01XXXXXXXXX}` = { phone, blocked_at, note? }: admins only. */
export const BLOCKED_PHONES = 'blocked_phones';
export const MAX_BLOCK_NOTE_LENGTH = 200;
