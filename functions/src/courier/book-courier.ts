// The bookCourier callable: the seller hands packed orders to the courier, one or all at once (the bulk call).
// Never booked twice: a booking record (courier_bookings/{orderId}) is written before the call and read by every
// retry, and the courier refuses a second parcel with the same invoice (the order id). Never half-booked: a
// timeout, a 5xx or a refusal leaves the order as it was, with a "বুকিং হয়নি: …" line the card shows and a retry.
import { FieldValue, Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import {
  COURIER_LIMITS,
  courierParcelOf,
  courierTexts,
  isOrderStatus,
  ORDER_NOTES,
  orderMessages,
  type CourierParcel,
  type OrderStatus,
} from '../../../src/features/ordering/model';
import { isAdmin } from '../admin-role';
import { signedInCaller } from '../caller';
import { moveOrderByCourier } from '../move-order';
import { inTransaction } from '../callable';
import { refusal } from '../refusal';
import { CourierFailure, type BookedParcel, type Courier, type CourierFailureKind } from './courier';
import { recordCredentials } from './courier-health';

export const COURIER_BOOKINGS = 'courier_bookings';
const COURIER_NAME = 'steadfast';
/** A booking whose call began this recently is still under way: a second tap waits for it. */
const CALL_IN_FLIGHT_MS = 60_000;

const t = courierTexts;

export interface BookCourierResult {
  booked: { orderId: string; trackingCode: string }[];
  failed: { orderId: string; error: string }[];
}

function parseInput(data: unknown): { orderIds: string[] } | { allPacked: true } | null {
  const input = data as { orderIds?: unknown; allPacked?: unknown } | null;
  if (input?.allPacked === true) return { allPacked: true };
  const ids = input?.orderIds;
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > COURIER_LIMITS.bulk) return null;
  if (!ids.every((id) => typeof id === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(id))) return null;
  return { orderIds: [...new Set(ids as string[])] };
}

const failureWords = (kind: CourierFailureKind, message: string): string =>
  kind === 'refused' ? t.failures.refused(message) : t.failures[kind];

/**
 * Books the orders: each becomes a parcel from the ledger (courierParcelOf), is recorded as being booked, goes to
 * the courier (one call, or the bulk call for several), and on success moves to delivering through the ledger
 * with the courier as actor, carrying the consignment id, the tracking code and the courier's state.
 */
export async function bookCourier(
  db: Firestore,
  auth: unknown,
  data: unknown,
  courier: Courier | null,
  clock: () => Date = () => new Date(),
): Promise<BookCourierResult> {
  const caller = signedInCaller(auth);
  if (!caller) throw refusal('unauthenticated', orderMessages.statusChange.signInRequired);
  const input = parseInput(data);
  if (!input) throw refusal('invalid-argument', orderMessages.statusChange.invalidRequest);
  if (!(await isAdmin(db, caller))) throw refusal('permission-denied', orderMessages.ledger.notAllowed);
  if (!courier) throw refusal('failed-precondition', t.bookingFailed(t.failures.notConfigured));

  const orderIds =
    'allPacked' in input
      ? (
          await db.collection('orders').where('status', '==', 'preparing').limit(COURIER_LIMITS.bulk).get()
        ).docs.map((doc) => doc.id)
      : input.orderIds;

  const result: BookCourierResult = { booked: [], failed: [] };
  const toCall: { orderId: string; parcel: CourierParcel }[] = [];
  for (const orderId of orderIds) {
    try {
      const start = await startBooking(db, orderId, clock());
      if ('booked' in start) await finishBooking(db, orderId, start.booked, result);
      else toCall.push({ orderId, parcel: start.parcel });
    } catch (error) {
      if (!(error instanceof HttpsError)) throw error;
      result.failed.push({ orderId, error: error.message });
    }
  }
  if (toCall.length === 0) return result;

  try {
    const answers =
      toCall.length === 1
        ? [{ ok: true as const, parcel: await courier.book(toCall[0].parcel) }]
        : await courier.bookMany(toCall.map((call) => call.parcel));
    await recordCredentials(db, 'ok');
    for (const [index, answer] of answers.entries()) {
      const { orderId } = toCall[index];
      if (answer.ok) await finishBooking(db, orderId, answer.parcel, result);
      else await failBooking(db, orderId, t.failures.refused(answer.reason), result);
    }
  } catch (error) {
    if (!(error instanceof CourierFailure)) throw error;
    // A refusal is an answer to the shop's keys too: only a 401 says they are wrong.
    if (error.kind === 'badCredentials') await recordCredentials(db, 'bad');
    if (error.kind === 'refused' || error.kind === 'alreadyAtCourier') await recordCredentials(db, 'ok');
    for (const { orderId } of toCall)
      await failBooking(db, orderId, failureWords(error.kind, error.message), result);
  }
  return result;
}

/**
 * The booking record of an order, written before the courier is called: the parcel to send, or the parcel the
 * courier already booked (a retry after a lost answer reuses it and calls nobody). Refuses an order that is not
 * packed, a parcel that breaks the courier's limits, and a booking whose call is still under way.
 */
async function startBooking(
  db: Firestore,
  orderId: string,
  now: Date,
): Promise<{ parcel: CourierParcel } | { booked: BookedParcel }> {
  const orderRef = db.collection('orders').doc(orderId);
  const bookingRef = db.collection(COURIER_BOOKINGS).doc(orderId);
  const notes = await orderRef.collection(ORDER_NOTES).where('for_slip', '==', true).get();
  const slipNotes = notes.docs.map((note) => String(note.get('text') ?? ''));
  return db.runTransaction(async (transaction) => {
    const [order, booking] = await Promise.all([transaction.get(orderRef), transaction.get(bookingRef)]);
    if (!order.exists) throw refusal('not-found', orderMessages.statusChange.orderNotFound);
    const booked = bookedOf(booking);
    if (booked) return { booked };
    const made = courierParcelOf(orderId, order.data() ?? {}, slipNotes);
    if (!made.ok) throw refusal('failed-precondition', t.bookingFailed(made.error));
    const began = booking.get('called_at') as unknown;
    if (
      booking.get('state') === 'calling' &&
      began instanceof Timestamp &&
      now.getTime() - began.toMillis() < CALL_IN_FLIGHT_MS
    ) {
      throw refusal('aborted', t.bookingFailed(t.failures.inFlight));
    }
    transaction.set(bookingRef, {
      courier: COURIER_NAME,
      state: 'calling',
      parcel: made.parcel,
      called_at: Timestamp.fromDate(now),
      attempts: FieldValue.increment(1),
    });
    return { parcel: made.parcel };
  });
}

function bookedOf(booking: DocumentSnapshot): BookedParcel | null {
  if (booking.get('state') !== 'booked') return null;
  const consignmentId: unknown = booking.get('consignment_id');
  const trackingCode: unknown = booking.get('tracking_code');
  if (typeof consignmentId !== 'string' || typeof trackingCode !== 'string') return null;
  return { invoice: booking.id, consignmentId, trackingCode, state: 'in_review' };
}

/** The courier took the parcel: the record says so, and the order moves to delivering through the ledger. */
async function finishBooking(
  db: Firestore,
  orderId: string,
  booked: BookedParcel,
  result: BookCourierResult,
): Promise<void> {
  const orderRef = db.collection('orders').doc(orderId);
  const bookingRef = db.collection(COURIER_BOOKINGS).doc(orderId);
  try {
    await inTransaction(db, async (transaction) => {
      const order = await transaction.get(orderRef);
      transaction.set(
        bookingRef,
        {
          state: 'booked',
          consignment_id: booked.consignmentId,
          tracking_code: booked.trackingCode,
          booked_at: FieldValue.serverTimestamp(),
        },
        { merge: true },
      );
      if (!order.exists) return;
      const fields = {
        courier_name: COURIER_NAME,
        courier_consignment_id: booked.consignmentId,
        courier_tracking_code: booked.trackingCode,
        courier_state: booked.state,
        courier_error: null,
      };
      // A packed order goes to delivering; one the seller moved meanwhile keeps its status and gets the codes.
      const stored: unknown = order.get('status');
      const to: OrderStatus = stored === 'preparing' || !isOrderStatus(stored) ? 'delivering' : stored;
      await moveOrderByCourier(transaction, db, order, to, fields);
    });
  } catch (error) {
    // A refusal, or a transaction lost to other writers ('aborted', "try again in a moment"): this order fails.
    if (error instanceof HttpsError) {
      result.failed.push({ orderId, error: error.message });
      return;
    }
    throw error;
  }
  result.booked.push({ orderId, trackingCode: booked.trackingCode });
}

/** The call did not book: the record and the order's card say why; nothing else about the order changes. */
async function failBooking(
  db: Firestore,
  orderId: string,
  why: string,
  result: BookCourierResult,
): Promise<void> {
  const error = t.bookingFailed(why);
  const batch = db.batch();
  batch.set(
    db.collection(COURIER_BOOKINGS).doc(orderId),
    { state: 'failed', error, failed_at: FieldValue.serverTimestamp() },
    { merge: true },
  );
  batch.update(db.collection('orders').doc(orderId), { courier_error: error });
  await batch.commit();
  result.failed.push({ orderId, error });
}
