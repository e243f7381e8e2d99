import { isFirestoreDocumentId } from './document-id';
import { toLatinDigits } from './digits';
import type { LedgerOrder } from './order-ledger';
import type { Parsed } from './payment-input';
import { formatTaka } from '../../../lib/numbers';

/**
 * The courier's cash (docs/courier-steadfast.md): a parcel the courier delivered carries the cash it collected at
 * the door (`courier_collected`, taka, written with the delivery by move-order.ts) and `courier_payout_id: null`
 * until a payout the seller records covers it. A payout settles whole orders whose cash adds up to its amount,
 * each order once.
 */
/** The courier's cash refusals, which recordCourierPayout sends and the dashboard's form shows. */
export const courierPayoutTexts = {
  amountInvalid: 'পেমেন্টের টাকার অঙ্ক ঠিক নেই (০-এর বেশি, পয়সা পর্যন্ত)।',
  dateInvalid: 'পেমেন্টের তারিখ ঠিক নেই।',
  referenceRequired: 'কুরিয়ারের পেমেন্টের রেফারেন্স দিন।',
  referenceTooLong: 'রেফারেন্স সর্বোচ্চ ১০০ অক্ষর।',
  invalidRequest: 'অনুরোধটি ঠিক নেই।',
  tooManyOrders: 'একবারে সর্বোচ্চ ৫০০টি অর্ডার মেলানো যায়।',
  notOwed: 'বেছে নেওয়া একটি অর্ডারের টাকা কুরিয়ারের কাছে পাওনা নেই (আগেই মেলানো, বা কুরিয়ার এখনো সরবরাহ করেনি)।',
  sumMismatch: (sum: string, amount: string) =>
    `বেছে নেওয়া অর্ডারগুলোর যোগফল ${sum}, পেমেন্ট ${amount} — দুটো মিলতে হবে।`,
  noMatch: (amount: string) =>
    `${amount} পুরোনো থেকে কোনো অর্ডারগুলোর যোগফলের সাথে মেলেনি — কোন অর্ডারগুলোর টাকা এল, হাতে বেছে নিন।`,
  duplicate: 'এই রেফারেন্সের পেমেন্ট আগেই লেখা হয়েছে।',
  notAllowed: 'শুধু দোকানের অ্যাডমিন কুরিয়ারের পেমেন্ট লিখতে পারেন।',
  signInRequired: 'কুরিয়ারের পেমেন্ট লিখতে আগে লগইন করুন।',
  settledNoUndo: 'এই অর্ডারের টাকা কুরিয়ারের পেমেন্টে মেলানো হয়ে গেছে — এখন আর ফেরানো যাবে না।',
} as const;

const t = courierPayoutTexts;

/** Orders one payout may settle (a courier's payout of a busy week). */
export const MAX_PAYOUT_ORDERS = 500;
const MAX_REFERENCE_LENGTH = 100;

/** What the recordCourierPayout callable accepts; without `orderIds` the orders are matched by their amounts. */
export interface CourierPayoutInput {
  /** Taka the courier paid out. */
  amount: number;
  /** The day it was paid, YYYY-MM-DD. */
  paidOn: string;
  /** The courier's reference of the payout (its payment id or the bank's). */
  reference: string;
  orderIds?: string[];
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export function parseCourierPayoutInput(data: unknown): Parsed<CourierPayoutInput> {
  if (typeof data !== 'object' || data === null) return { ok: false, error: t.invalidRequest };
  const { amount, paidOn, reference, orderIds } = data as Record<string, unknown>;
  if (
    typeof amount !== 'number' ||
    !Number.isFinite(amount) ||
    amount <= 0 ||
    amount > 100_000_000 ||
    Math.round(amount * 100) !== amount * 100
  )
    return { ok: false, error: t.amountInvalid };
  const day = typeof paidOn === 'string' ? toLatinDigits(paidOn).trim() : '';
  if (!isCalendarDate(day)) return { ok: false, error: t.dateInvalid };
  const ref = typeof reference === 'string' ? reference.trim().replace(/\s+/g, ' ') : '';
  if (ref === '') return { ok: false, error: t.referenceRequired };
  if ([...ref].length > MAX_REFERENCE_LENGTH) return { ok: false, error: t.referenceTooLong };
  if (orderIds === undefined) return { ok: true, input: { amount, paidOn: day, reference: ref } };
  if (!Array.isArray(orderIds) || orderIds.length === 0) return { ok: false, error: t.invalidRequest };
  if (orderIds.length > MAX_PAYOUT_ORDERS) return { ok: false, error: t.tooManyOrders };
  if (!orderIds.every((id): id is string => typeof id === 'string' && isFirestoreDocumentId(id)))
    return { ok: false, error: t.invalidRequest };
  return { ok: true, input: { amount, paidOn: day, reference: ref, orderIds: [...new Set(orderIds)] } };
}

/**
 * What a move does to the courier's cash of an order: a courier parcel delivered records what was collected at
 * the door (poisha; none when nothing was), a delivery taken back clears it, and one already settled by a payout
 * is refused (its payout would no longer add up). Null when the move leaves it alone.
 */
export function courierCashChange(
  stored: Record<string, unknown>,
  before: Pick<LedgerOrder, 'status' | 'paid'>,
  after: Pick<LedgerOrder, 'status' | 'paid'>,
): { collected: number } | 'cleared' | 'settled' | null {
  const parcel = typeof stored.courier_consignment_id === 'string' && stored.courier_consignment_id !== '';
  if (!parcel) return null;
  if (before.status !== 'delivered' && after.status === 'delivered') {
    const collected = after.paid - before.paid;
    return collected > 0 ? { collected } : null;
  }
  if (before.status === 'delivered' && after.status !== 'delivered') {
    if (typeof stored.courier_payout_id === 'string') return 'settled';
    return stored.courier_payout_id === null ? 'cleared' : null;
  }
  return null;
}

/** An order whose cash the courier still holds. */
export interface OwedOrder {
  orderId: string;
  /** Poisha collected at the door. */
  owed: number;
  /** When it was delivered (ms), for matching oldest first. */
  deliveredAt: number;
}

/** Poisha the courier holds of a stored order: its cash collected at the door, until a payout settles it. */
export function owedOf(data: Record<string, unknown>): number {
  const collected = data.courier_collected;
  if (data.status !== 'delivered' || data.courier_payout_id !== null) return 0;
  if (typeof collected !== 'number' || !Number.isFinite(collected) || collected <= 0) return 0;
  return Math.round(collected * 100);
}

/**
 * The orders an amount (poisha) pays for, matched automatically: the courier pays out oldest deliveries first, so
 * the oldest orders whose cash adds up to exactly the amount. Null when no such run adds up (the seller picks).
 */
export function matchPayout(amount: number, owed: readonly OwedOrder[]): string[] | null {
  const oldestFirst = [...owed].sort(
    (a, b) => a.deliveredAt - b.deliveredAt || a.orderId.localeCompare(b.orderId),
  );
  let sum = 0;
  const matched: string[] = [];
  for (const order of oldestFirst) {
    if (sum >= amount) break;
    sum += order.owed;
    matched.push(order.orderId);
  }
  return sum === amount && matched.length > 0 ? matched : null;
}

export type PayoutSettlement = { ok: true; orderIds: string[] } | { ok: false; error: string };

const taka = (poisha: number) => formatTaka(poisha / 100);

/**
 * The orders a payout of `amount` poisha settles: those the seller picked (each still owed, together exactly the
 * amount) or, with none picked, the automatic match. Every order at most once; the settled cash is the amount.
 */
export function settlePayout(
  amount: number,
  owed: readonly OwedOrder[],
  picked?: readonly string[],
): PayoutSettlement {
  if (picked === undefined) {
    const matched = matchPayout(amount, owed);
    return matched ? { ok: true, orderIds: matched } : { ok: false, error: t.noMatch(taka(amount)) };
  }
  const byId = new Map(owed.map((order) => [order.orderId, order.owed]));
  const orderIds = [...new Set(picked)];
  if (orderIds.length === 0 || orderIds.some((id) => !byId.has(id))) return { ok: false, error: t.notOwed };
  const sum = orderIds.reduce((total, id) => total + (byId.get(id) ?? 0), 0);
  if (sum !== amount) return { ok: false, error: t.sumMismatch(taka(sum), taka(amount)) };
  return { ok: true, orderIds };
}
