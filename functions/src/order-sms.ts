/**
 * A short Bengali SMS to the customer when the seller confirms, sends out, delivers or cancels an order: a
 * document of the `messages` outbox in the format of Firebase's Twilio "Send Message" extension (`to`, `body`),
 * which sends it and records the delivery on it. The id is made of the order and the status, and `create`
 * refuses one that exists: each step is announced once, however often the order comes back to it (a reopened
 * order cancelled again, a trigger run twice). The amount is what the courier collects (the order ledger).
 */
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import {
  fillSmsText,
  isSmsStatus,
  readSmsSettings,
  SMS_OUTBOX,
  SMS_SETTINGS_PATH,
  smsCollectText,
} from '../../src/features/admin-settings/model/sms-settings';
import {
  courierTrackingTexts,
  courierTrackingUrl,
  orderMoneyOf,
  phoneToE164,
  shortOrderId,
} from '../../src/features/ordering/model';

import { formatTaka } from '../../src/lib/numbers';

const ALREADY_EXISTS = 6;

/** The outbox id of one step of one order: the same for every change to that status, so it is sent once. */
function smsId(orderId: string, status: string): string {
  return `${orderId}-${status}`;
}

export type SmsOutcome = 'sent' | 'already-sent' | 'off' | 'not-a-step' | 'no-phone';

/** On an order's update: the customer's SMS if its status moved to a step the seller messages about. */
export async function smsCustomerOnStatus(
  db: Firestore,
  orderId: string,
  before: DocumentData | undefined,
  after: DocumentData | undefined,
): Promise<SmsOutcome> {
  const status: unknown = after?.status;
  if (!after || status === before?.status || !isSmsStatus(status)) return 'not-a-step';
  const phone: unknown = after.customer_phone;
  if (typeof phone !== 'string' || phone === '') return 'no-phone';
  const settings = readSmsSettings(
    (await db.collection(SMS_SETTINGS_PATH.collection).doc(SMS_SETTINGS_PATH.id).get()).data(),
  );
  if (!settings.enabled) return 'off';
  const total = typeof after.total_amount === 'number' ? after.total_amount : 0;
  const { toCollect } = orderMoneyOf(after);
  const filled = fillSmsText(settings.texts[status], {
    order: shortOrderId(orderId),
    total: formatTaka(total),
    collect: smsCollectText(toCollect > 0 ? formatTaka(toCollect) : null),
    shopPhone: settings.shop_phone,
  });
  // A parcel booked with the courier goes out with its tracking link (the booking writes both at once).
  const tracking: unknown = after.courier_tracking_code;
  const body =
    status === 'delivering' && typeof tracking === 'string' && tracking !== ''
      ? `${filled}\n${courierTrackingTexts.sms(courierTrackingUrl(tracking))}`
      : filled;
  try {
    await db
      .collection(SMS_OUTBOX)
      .doc(smsId(orderId, status))
      .create({ to: phoneToE164(phone), body, order_id: orderId, status });
    return 'sent';
  } catch (error) {
    if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error;
    return 'already-sent';
  }
}
