import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SMS_TEXTS,
  fillSmsText,
  smsCollectText,
  fitsSmsLimit,
  readSmsSettings,
  SMS_STATUSES,
  smsSegments,
} from './sms-settings';

describe('SMS texts', () => {
  it('counts Unicode segments: 70 in one message, 67 per part beyond', () => {
    expect(smsSegments('')).toBe(0);
    expect(smsSegments('ক'.repeat(70))).toBe(1);
    expect(smsSegments('ক'.repeat(71))).toBe(2);
    expect(smsSegments('ক'.repeat(134))).toBe(2);
    expect(smsSegments('ক'.repeat(135))).toBe(3);
  });

  it('fills the order number, total, what to hand the courier and shop phone', () => {
    expect(
      fillSmsText('#{order} মোট {total}, {collect}, ফোন {shop_phone} ({order})', {
        order: 'AB12CD34',
        total: '৳৩২১',
        collect: smsCollectText('৳১৬০.৫০'),
        shopPhone: '০১৭১১০০০১১১',
      }),
    ).toBe('#AB12CD34 মোট ৳৩২১, ডেলিভারিতে দেবেন ৳১৬০.৫০, ফোন ০১৭১১০০০১১১ (AB12CD34)');
    expect(smsCollectText(null)).toBe('টাকা পরিশোধিত');
  });

  it('keeps every default text within two segments even with the longest values', () => {
    for (const status of SMS_STATUSES) expect(fitsSmsLimit(DEFAULT_SMS_TEXTS[status])).toBe(true);
    expect(fitsSmsLimit('ক'.repeat(134))).toBe(true);
    expect(fitsSmsLimit('ক'.repeat(135))).toBe(false);
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
