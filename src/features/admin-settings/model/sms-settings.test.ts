import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shop } from '@/config/shop';
import {
  DEFAULT_SMS_TEXTS,
  fillSmsText,
  fitsSmsLimit,
  LONGEST_SMS_VALUES,
  readSmsSettings,
  SMS_STATUSES,
  smsCollectText,
  smsSegments,
} from './sms-settings';

const values = {
  order: 'AB12CD34',
  total: '৳৩২১',
  collect: smsCollectText('৳১৬০.৫০'),
  shopPhone: '01711000111',
};

describe('SMS texts', () => {
  it('counts SMS as the network does: 70 UTF-16 units in one, 67 per part, an emoji never split', () => {
    expect(smsSegments('')).toBe(0);
    expect(smsSegments('ক'.repeat(70))).toBe(1);
    expect(smsSegments('ক'.repeat(71))).toBe(2);
    expect(smsSegments('ক'.repeat(134))).toBe(2);
    expect(smsSegments('ক'.repeat(135))).toBe(3);
    expect(smsSegments('😀'.repeat(35))).toBe(1); // an emoji is two units
    // 134 units, but the emoji across the first part's end moves whole to the second: three parts.
    expect(smsSegments(`${'ক'.repeat(66)}😀${'ক'.repeat(66)}`)).toBe(3);
  });

  it("starts with the shop's name and fills the order number, total, what to hand the courier and phone", () => {
    expect(fillSmsText('#{order} মোট {total}, {collect}। ফোন: {shop_phone} ({order})', values)).toBe(
      `${shop.name}: #AB12CD34 মোট ৳৩২১, ডেলিভারিতে দেবেন ৳১৬০.৫০। ফোন: 01711000111 (AB12CD34)`,
    );
    expect(smsCollectText(null)).toBe('টাকা পরিশোধিত');
  });

  it('leaves out the sentence with the shop phone when there is none, so nothing hangs', () => {
    const noPhone = { ...values, shopPhone: '' };
    expect(fillSmsText(DEFAULT_SMS_TEXTS.confirmed, noPhone)).toBe(
      `${shop.name}: অর্ডার AB12CD34 নিশ্চিত হয়েছে।`,
    );
    expect(fillSmsText(DEFAULT_SMS_TEXTS.cancelled, noPhone)).toBe(
      `${shop.name}: অর্ডার AB12CD34 বাতিল হয়েছে।`,
    );
    expect(fillSmsText('ফোন: {shop_phone}', noPhone)).toBe('');
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('অর্ডার', '{order}', 'ফোন: {shop_phone}', '{shop_phone}', '।', '!', '?')),
        (words) => {
          const filled = fillSmsText(words.join(' '), noPhone);
          expect(filled).not.toMatch(/ফোন:|\{shop_phone\}/u);
          expect(filled === '' || filled.startsWith(`${shop.name}: `)).toBe(true);
        },
      ),
    );
  });

  it("fits every default text in one SMS with the shop's name and the longest values, in Latin digits", () => {
    for (const status of SMS_STATUSES) {
      const filled = fillSmsText(DEFAULT_SMS_TEXTS[status], LONGEST_SMS_VALUES);
      expect(filled.startsWith(`${shop.name}: `)).toBe(true);
      expect([status, filled.length, smsSegments(filled)]).toEqual([status, expect.any(Number), 1]);
      expect(filled).toContain('অর্ডার ABCD1234');
      expect(filled).not.toMatch(/[০-৯]{11}/u);
    }
    expect(fillSmsText(DEFAULT_SMS_TEXTS.confirmed, LONGEST_SMS_VALUES)).toContain('01712345678');
  });

  it("refuses a text over two SMS once the shop's name and the longest values are in", () => {
    const room = 134 - `${shop.name}: `.length;
    expect(fitsSmsLimit('ক'.repeat(room))).toBe(true);
    expect(fitsSmsLimit('ক'.repeat(room + 1))).toBe(false);
    expect(fitsSmsLimit('{total} '.repeat(9))).toBe(false);
    expect(fitsSmsLimit('  ')).toBe(false);
  });

  it('reads a stored text that is too long, or missing, as the default', () => {
    const settings = readSmsSettings({
      enabled: true,
      texts: { confirmed: 'ক'.repeat(200), delivered: 'ধন্যবাদ' },
    });
    expect(settings.enabled).toBe(true);
    expect(settings.texts.confirmed).toBe(DEFAULT_SMS_TEXTS.confirmed);
    expect(settings.texts.delivered).toBe('ধন্যবাদ');
    expect(readSmsSettings(undefined).enabled).toBe(false);
  });
});
