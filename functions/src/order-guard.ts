// Orders from real people (issue 35): what placeOrder (and editOrder, for a new number) checks, in its own
// transaction, before it takes an order, and what it and every move of an order write so the next check knows. The numbers and the Bengali refusals are
// in src/features/ordering/model (order-limits.ts, texts.ts); this module only reads and writes documents.
//
// Documents (server-only, no rule lets a browser near the markers):
// - `order-limits/{uid}` and `order-limits/phone:<01…>`: { last_order_at, last_order_ms, days: { <Dhaka day>:
//   { orders, cancellations } } }. Both are read and written by every order of that account or number, so two
//   orders at once conflict and the later one is retried and sees the first.
// - `blocked_phones/{01…}`: the seller's blocklist (read here; written from the dashboard).
// - `phone_summaries/{01…}`: a number's history (phone-summary.ts), increments only.
// - `settings/payments` (read once by placeOrder, passed in): whether an order needs a verified phone.
import {
  FieldValue,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import { dhakaDateKey } from '../../src/features/admin-stats/model';
import {
  BLOCKED_PHONES,
  limitRefusal,
  limitRefusalMessage,
  needsVerifiedPhone,
  orderMessages,
  PHONE_SUMMARIES,
  phoneFromE164,
  phoneMarkerId,
  phoneSummaryChange,
  readLimitMarker,
  type OrderStatus,
  type PaymentSettings,
} from '../../src/features/ordering/model';
import type { Caller } from './caller';
import { readPaymentSettingsIn } from './order-payment';
import { refusal } from './refusal';

export const ORDER_LIMITS = 'order-limits';

const texts = orderMessages.guard;

export interface OrderGuardOptions {
  /**
   * Whether the per-day and between-orders limits apply: always in the deployed function; suites that test
   * something else place many orders of one customer in a second and switch them off (functions/src/testing).
   */
  enforceLimits?: boolean;
}

interface GuardedOrder {
  customer_phone: string;
  payment_method: string;
}

/** What the guard found, and the writes that count the order once it is taken (call after every read). */
export interface OrderGuard {
  record(): void;
}

/**
 * Reads what decides whether this order may be taken (blocklist, both markers; the settings placeOrder read) and refuses it with a
 * Bengali reason, or returns the writes that count it. Call inside placeOrder's transaction, before its writes.
 */
export async function guardOrder(
  transaction: Transaction,
  db: Firestore,
  {
    caller,
    order,
    now,
    settings,
  }: { caller: Caller; order: GuardedOrder; now: Date; settings: PaymentSettings },
  { enforceLimits = true }: OrderGuardOptions = {},
): Promise<OrderGuard> {
  const phone = order.customer_phone;
  const day = dhakaDateKey(now);
  const accountRef = db.collection(ORDER_LIMITS).doc(caller.uid);
  const phoneRef = db.collection(ORDER_LIMITS).doc(phoneMarkerId(phone));
  const [blocked, account, number] = await transaction.getAll(
    db.collection(BLOCKED_PHONES).doc(phone),
    accountRef,
    phoneRef,
  );
  // The same words as any other pause: a number's owner is not told the seller blocked it.
  if (blocked.exists) throw refusal('failed-precondition', texts.unavailable);
  const verificationRequired = settings.phone_verification_required;
  if (needsVerifiedPhone(verificationRequired) && phoneFromE164(caller.token.phone_number) !== phone) {
    throw refusal('failed-precondition', texts.phoneNotVerified);
  }
  if (enforceLimits) {
    for (const marker of [account.data(), number.data()]) {
      const why = limitRefusal(readLimitMarker(marker, day), now.getTime());
      if (why) throw refusal('resource-exhausted', limitRefusalMessage(why));
    }
  }
  return {
    record() {
      countOrder(transaction, accountRef, account.data(), day, now);
      countOrder(transaction, phoneRef, number.data(), day, now);
      transaction.set(
        db.collection(PHONE_SUMMARIES).doc(phone),
        { orders: FieldValue.increment(1), last_order_at: FieldValue.serverTimestamp() },
        { merge: true },
      );
    },
  };
}

/**
 * An open order moved to another number (editOrder): the new number meets the same door as a new order's — the
 * blocklist, the code when the shop asks for it (the customer's own edit; the seller's word is the seller's) and
 * the number's limits — and the order is counted on it for the day. Reads first; call `record` with the writes.
 */
export async function guardPhoneChange(
  transaction: Transaction,
  db: Firestore,
  { caller, phone, now, byCustomer }: { caller: Caller; phone: string; now: Date; byCustomer: boolean },
  { enforceLimits = true }: OrderGuardOptions = {},
): Promise<OrderGuard> {
  const day = dhakaDateKey(now);
  const phoneRef = db.collection(ORDER_LIMITS).doc(phoneMarkerId(phone));
  const [blocked, number] = await transaction.getAll(db.collection(BLOCKED_PHONES).doc(phone), phoneRef);
  if (blocked.exists) throw refusal('failed-precondition', texts.unavailable);
  if (byCustomer) {
    const settings = await readPaymentSettingsIn(transaction, db);
    if (
      needsVerifiedPhone(settings.phone_verification_required) &&
      phoneFromE164(caller.token.phone_number) !== phone
    ) {
      throw refusal('failed-precondition', texts.phoneNotVerified);
    }
  }
  if (enforceLimits && byCustomer) {
    const why = limitRefusal(readLimitMarker(number.data(), day), now.getTime());
    if (why) throw refusal('resource-exhausted', limitRefusalMessage(why));
  }
  return { record: () => countOrder(transaction, phoneRef, number.data(), day, now) };
}

/** Today's order counted in a marker; the counts of earlier days (kept for nothing) are dropped. */
function countOrder(
  transaction: Transaction,
  ref: DocumentReference,
  stored: DocumentData | undefined,
  day: string,
  now: Date,
) {
  const days: Record<string, unknown> = {};
  const before = stored?.days;
  if (typeof before === 'object' && before !== null) {
    for (const key of Object.keys(before)) if (key !== day) days[key] = FieldValue.delete();
  }
  days[day] = { orders: FieldValue.increment(1) };
  transaction.set(
    ref,
    { last_order_at: FieldValue.serverTimestamp(), last_order_ms: now.getTime(), days },
    { merge: true },
  );
}

/**
 * In setOrderStatus's transaction, with its writes (it reads nothing): the number's summary follows the order
 * from one outcome to another, and a customer's own cancellation counts against the account and the number for
 * the day it happens.
 */
export function recordStatusForGuard(
  transaction: Transaction,
  db: Firestore,
  order: DocumentData,
  from: OrderStatus,
  to: OrderStatus,
  { byCustomer, now = new Date() }: { byCustomer: boolean; now?: Date },
): void {
  const phone: unknown = order.customer_phone;
  if (typeof phone !== 'string' || phone === '') return;
  const change = phoneSummaryChange(from, to);
  if (Object.keys(change).length > 0) {
    const increments = Object.fromEntries(
      Object.entries(change).map(([outcome, by]) => [outcome, FieldValue.increment(by)]),
    );
    transaction.set(db.collection(PHONE_SUMMARIES).doc(phone), increments, { merge: true });
  }
  if (byCustomer && to === 'cancelled' && from !== 'cancelled') {
    const day = dhakaDateKey(now);
    const cancelled = { days: { [day]: { cancellations: FieldValue.increment(1) } } };
    const uid: unknown = order.user_id;
    if (typeof uid === 'string' && uid !== '')
      transaction.set(db.collection(ORDER_LIMITS).doc(uid), cancelled, { merge: true });
    transaction.set(db.collection(ORDER_LIMITS).doc(phoneMarkerId(phone)), cancelled, { merge: true });
  }
}
