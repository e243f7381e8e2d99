/**
 * Short messages to the customer at the order's steps (confirmed, on the way, delivered, cancelled): one
 * document, `settings/sms`, that the seller keeps and the `smsCustomerOnStatus` Cloud Function reads. The texts
 * have placeholders, and a filled text stays within two Unicode SMS segments. Pure (no Yup), so the functions
 * bundle it.
 */

import { orderMoneyTexts } from '../../ordering/model/money-texts';

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

export const DEFAULT_SMS_TEXTS: Record<SmsStatus, string> = {
  confirmed: 'আপনার অর্ডার #{order} নিশ্চিত হয়েছে। {collect}। প্রশ্ন থাকলে ফোন করুন {shop_phone}',
  delivering: 'আপনার অর্ডার #{order} ডেলিভারিতে পাঠানো হয়েছে। {collect}। ফোন: {shop_phone}',
  delivered: 'অর্ডার #{order} পৌঁছে গেছে। আচার কেমন লাগল জানাবেন! ফোন: {shop_phone}',
  cancelled: 'আপনার অর্ডার #{order} বাতিল হয়েছে। জানতে ফোন করুন {shop_phone}',
};

/** Unicode (UCS-2) SMS: 70 characters in one message, 67 in each part of a longer one. */
const SMS_SINGLE_LIMIT = 70;
const SMS_PART_LIMIT = 67;
export const MAX_SMS_SEGMENTS = 2;

/** How many Unicode SMS segments a text takes (UTF-16 code units, as the network counts them). */
export function smsSegments(text: string): number {
  const units = text.length;
  if (units === 0) return 0;
  return units <= SMS_SINGLE_LIMIT ? 1 : Math.ceil(units / SMS_PART_LIMIT);
}

export interface SmsValues {
  order: string;
  total: string;
  /** What the courier collects, in words: "ডেলিভারিতে দেবেন ৳…" or "টাকা পরিশোধিত" (smsCollectText). */
  collect: string;
  shopPhone: string;
}

/** The {collect} placeholder: what the customer hands the courier by the order ledger, or that it is paid. */
export function smsCollectText(toCollect: string | null): string {
  return toCollect === null ? orderMoneyTexts.paid : orderMoneyTexts.payAtDoor(toCollect);
}

export function fillSmsText(template: string, values: SmsValues): string {
  return template
    .replaceAll(SMS_PLACEHOLDERS.order, values.order)
    .replaceAll(SMS_PLACEHOLDERS.total, values.total)
    .replaceAll(SMS_PLACEHOLDERS.collect, values.collect)
    .replaceAll(SMS_PLACEHOLDERS.shopPhone, values.shopPhone);
}

/** The longest values a text can be filled with: an 8-character order number, ৳১,০০,০০,০০০.৫০, an 11-digit phone. */
export const LONGEST_SMS_VALUES: SmsValues = {
  order: 'ABCD1234',
  total: '৳১,০০,০০,০০০.৫০',
  collect: smsCollectText('৳১,০০,০০,০০০.৫০'),
  shopPhone: '০১৭১২৩৪৫৬৭৮',
};

/** Whether a text, filled with the longest values, fits in two segments. */
export function fitsSmsLimit(template: string): boolean {
  const filled = fillSmsText(template, LONGEST_SMS_VALUES);
  return filled.trim() !== '' && smsSegments(filled) <= MAX_SMS_SEGMENTS;
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
