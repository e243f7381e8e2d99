/**
 * Short messages to the customer at the order's steps (confirmed, on the way, delivered, cancelled): one
 * document, `settings/sms`, that the seller keeps and the `smsCustomerOnStatus` Cloud Function reads. The texts
 * have placeholders and follow the shop's name; a filled text stays within two Unicode SMS segments. Pure (no Yup), so the functions
 * bundle it.
 */

import { shop } from '../../../config/shop';
import { formatTaka } from '../../../lib/numbers';
import { orderMoneyTexts } from '../../ordering/model/money-texts';
import { MAX_JARS_PER_ORDER } from '../../ordering/model/order-limits';
import { MAX_PRODUCT_PRICE } from '../../ordering/model/product-limits';

export const SMS_SETTINGS_PATH = { collection: 'settings', id: 'sms' } as const;
/** The outbox of Firebase's Twilio "Send Message" extension: { to, body }, delivery recorded by it. */
export const SMS_OUTBOX = 'messages';

export const SMS_STATUSES = ['confirmed', 'delivering', 'delivered', 'cancelled'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

export function isSmsStatus(value: unknown): value is SmsStatus {
  return (SMS_STATUSES as readonly unknown[]).includes(value);
}

export interface SmsSettings {
  enabled: boolean;
  /** The number the customer can call, in the texts' {shop_phone}; '' when none. */
  shop_phone: string;
  texts: Record<SmsStatus, string>;
}

const SMS_PLACEHOLDERS = {
  order: '{order}',
  total: '{total}',
  collect: '{collect}',
  shopPhone: '{shop_phone}',
} as const;

/**
 * Every SMS starts with the shop's name, so the customer knows who writes before the number is saved; the
 * seller's texts follow it. Its Bengali letters make every message Unicode (UCS-2), never the 160-character GSM
 * alphabet.
 */
export const SMS_SENDER_PREFIX = `${shop.name}: `;

/** Each fits one SMS (70 characters) with the shop's name and the longest values (sms-settings.test.ts). */
export const DEFAULT_SMS_TEXTS: Record<SmsStatus, string> = {
  confirmed: 'অর্ডার {order} নিশ্চিত হয়েছে। ফোন: {shop_phone}',
  delivering: 'অর্ডার {order} পথে, {collect}',
  delivered: 'অর্ডার {order} সরবরাহ হয়েছে। ধন্যবাদ!',
  cancelled: 'অর্ডার {order} বাতিল হয়েছে। ফোন: {shop_phone}',
};

/** Unicode (UCS-2) SMS: 70 UTF-16 units in one message, 67 in each part of a longer one (6 go to the header). */
const SMS_SINGLE_LIMIT = 70;
const SMS_PART_LIMIT = 67;
export const MAX_SMS_SEGMENTS = 2;

const isHighSurrogate = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;

/**
 * How many SMS a text is sent as, counted as the network does: UTF-16 units (a Bengali letter is one, an emoji
 * two), 70 in a single message; a longer one is cut into parts of 67, and a part never ends between the two
 * halves of an emoji (that half moves to the next part).
 */
export function smsSegments(text: string): number {
  if (text.length === 0) return 0;
  if (text.length <= SMS_SINGLE_LIMIT) return 1;
  let parts = 0;
  for (let start = 0; start < text.length; parts += 1) {
    let end = Math.min(start + SMS_PART_LIMIT, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    start = end;
  }
  return parts;
}

export interface SmsValues {
  order: string;
  total: string;
  /** What the courier collects, in words: "ডেলিভারিতে দেবেন ৳…" or "টাকা পরিশোধিত" (smsCollectText). */
  collect: string;
  /** Latin digits, as bKash's own SMS write numbers: a phone offers to call or copy them. '' when none. */
  shopPhone: string;
}

/** The {collect} placeholder: what the customer hands the courier by the order ledger, or that it is paid. */
export function smsCollectText(toCollect: string | null): string {
  return toCollect === null ? orderMoneyTexts.paid : orderMoneyTexts.payAtDoor(toCollect);
}

/**
 * The SMS as the customer reads it: the shop's name, then the text with its placeholders filled. Without a shop
 * phone, the sentence that would show it is left out whole, so no "ফোন:" is left hanging.
 */
export function fillSmsText(template: string, values: SmsValues): string {
  const sentences = template.split(/(?<=[।!?])\s+/u);
  const kept =
    values.shopPhone === ''
      ? sentences.filter((sentence) => !sentence.includes(SMS_PLACEHOLDERS.shopPhone))
      : sentences;
  const text = kept
    .join(' ')
    .replaceAll(SMS_PLACEHOLDERS.order, values.order)
    .replaceAll(SMS_PLACEHOLDERS.total, values.total)
    .replaceAll(SMS_PLACEHOLDERS.collect, values.collect)
    .replaceAll(SMS_PLACEHOLDERS.shopPhone, values.shopPhone)
    .trim();
  return text === '' ? '' : SMS_SENDER_PREFIX + text;
}

/**
 * The longest values a text can be filled with: an 8-character order number, the largest total an order can
 * have (MAX_JARS_PER_ORDER jars at MAX_PRODUCT_PRICE, less a paisa: ৳৯,৯৯,৯৯৯.৯৯), an 11-digit phone.
 */
const LONGEST_TAKA = formatTaka(MAX_JARS_PER_ORDER * MAX_PRODUCT_PRICE - 0.01);
export const LONGEST_SMS_VALUES: SmsValues = {
  order: 'ABCD1234',
  total: LONGEST_TAKA,
  collect: smsCollectText(LONGEST_TAKA),
  shopPhone: '01712345678',
};

/** Whether a text, filled with the longest values, fits in two segments. */
export function fitsSmsLimit(template: string): boolean {
  if (template.trim() === '') return false;
  return smsSegments(fillSmsText(template, LONGEST_SMS_VALUES)) <= MAX_SMS_SEGMENTS;
}

/** The stored document as settings; a text that is missing, not a string or too long reads as the default. */
export function readSmsSettings(data: Record<string, unknown> | undefined): SmsSettings {
  const texts = (typeof data?.texts === 'object' && data.texts !== null ? data.texts : {}) as Record<
    string,
    unknown
  >;
  const phone = data?.shop_phone;
  return {
    enabled: data?.enabled === true,
    shop_phone: typeof phone === 'string' ? phone : '',
    texts: Object.fromEntries(
      SMS_STATUSES.map((status) => {
        const text = texts[status];
        return [status, typeof text === 'string' && fitsSmsLimit(text) ? text : DEFAULT_SMS_TEXTS[status]];
      }),
    ) as Record<SmsStatus, string>,
  };
}
