// The courier's states coming back: from its webhook (Steadfast calls the shop) and, as a fallback, from a
// scheduled poll of the parcels not yet final. Either way one function applies a state to its order, through
// the order ledger with the courier as actor, and a state already on the order writes nothing (each state once
// in the history, whichever way it came first).
import { timingSafeEqual } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import {
  courierOutcome,
  courierStateOf,
  courierTexts,
  FINAL_COURIER_STATES,
  type CourierState,
  type OrderStatus,
} from '../../../src/features/ordering/model';
import { moveOrderByCourier } from '../move-order';
import type { Courier } from './courier';

export type CourierStateOutcome = 'moved' | 'recorded' | 'same' | 'unknownParcel';

/** Applies `state` to the order of the parcel `consignmentId`. */
export async function applyCourierState(
  db: Firestore,
  consignmentId: string,
  state: CourierState,
): Promise<CourierStateOutcome> {
  const parcels = db.collection('orders').where('courier_consignment_id', '==', consignmentId).limit(1);
  return db.runTransaction(async (transaction) => {
    const found = await transaction.get(parcels);
    const order = found.docs[0];
    if (!order) return 'unknownParcel';
    if (order.get('courier_state') === state) return 'same';
    const status = order.get('status') as OrderStatus;
    // Delivered moves the order (the courier collected the ledger's amount); every other state is recorded on
    // it, shown on the card: a parcel cancelled at the door waits for the seller to say it came home.
    const to: OrderStatus =
      courierOutcome(state) === 'delivered' && status === 'delivering' ? 'delivered' : status;
    await moveOrderByCourier(transaction, db, order, to, { courier_state: state });
    return to === status ? 'recorded' : 'moved';
  });
}

export interface WebhookCall {
  authorization: string | undefined;
  body: unknown;
}

export interface WebhookAnswer {
  status: number;
  body: { status: 'success' | 'error'; message: string };
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const w = courierTexts.webhook;

/**
 * Steadfast's webhook (docs/courier-steadfast.md): `Authorization: Bearer <token>` must be the shop's token, the
 * parcel must be one the shop booked; anything else is refused with Steadfast's error shape and changes nothing.
 */
export async function answerCourierWebhook(
  db: Firestore,
  call: WebhookCall,
  token: string,
): Promise<WebhookAnswer> {
  const given = /^Bearer\s+(.+)$/i.exec(call.authorization ?? '')?.[1]?.trim() ?? '';
  if (token === '' || !sameToken(given, token))
    return { status: 401, body: { status: 'error', message: w.badToken } };
  const body = (typeof call.body === 'object' && call.body !== null ? call.body : {}) as Record<
    string,
    unknown
  >;
  const id = body.consignment_id;
  const consignmentId = typeof id === 'number' || (typeof id === 'string' && id !== '') ? String(id) : null;
  if (!consignmentId) return { status: 400, body: { status: 'error', message: w.badPayload } };
  if (body.notification_type === 'delivery_status') {
    const state = courierStateOf(body.status);
    if (!state) return { status: 400, body: { status: 'error', message: w.badPayload } };
    const outcome = await applyCourierState(db, consignmentId, state);
    if (outcome === 'unknownParcel')
      return { status: 404, body: { status: 'error', message: w.unknownParcel } };
    return { status: 200, body: { status: 'success', message: w.received } };
  }
  if (body.notification_type === 'tracking_update') {
    const known = await db
      .collection('orders')
      .where('courier_consignment_id', '==', consignmentId)
      .limit(1)
      .get();
    if (known.empty) return { status: 404, body: { status: 'error', message: w.unknownParcel } };
    return { status: 200, body: { status: 'success', message: w.received } };
  }
  return { status: 400, body: { status: 'error', message: w.badPayload } };
}

export interface PollReport {
  asked: number;
  changed: number;
  failed: number;
}

/** Asks the courier about every parcel still on its way (delivering, not final) and applies what changed. */
export async function pollCourierParcels(db: Firestore, courier: Courier, limit = 500): Promise<PollReport> {
  const report: PollReport = { asked: 0, changed: 0, failed: 0 };
  const delivering = await db.collection('orders').where('status', '==', 'delivering').limit(limit).get();
  for (const order of delivering.docs) {
    const consignmentId: unknown = order.get('courier_consignment_id');
    const stored = courierStateOf(order.get('courier_state'));
    if (typeof consignmentId !== 'string' || (stored && FINAL_COURIER_STATES.includes(stored))) continue;
    report.asked++;
    try {
      const state = await courier.stateOf(consignmentId);
      if (!state || state === stored) continue;
      const outcome = await applyCourierState(db, consignmentId, state);
      if (outcome === 'moved' || outcome === 'recorded') report.changed++;
    } catch {
      report.failed++;
    }
  }
  return report;
}
