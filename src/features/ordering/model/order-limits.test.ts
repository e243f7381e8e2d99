import { describe, expect, it } from 'vitest';
import {
  MAX_CANCELLATIONS_PER_DAY,
  MAX_ORDERS_PER_DAY,
  MIN_MINUTES_BETWEEN_ORDERS,
  limitRefusal,
  needsVerifiedPhone,
  phoneFromE164,
  phoneMarkerId,
  phoneToE164,
  readLimitMarker,
} from './order-limits';
import { limitRefusalMessage } from './limit-refusal';

const DAY = '2026-11-27';
const NOW = Date.parse('2026-11-27T06:00:00Z');
const GAP = MIN_MINUTES_BETWEEN_ORDERS * 60_000;

describe('readLimitMarker', () => {
  it("reads today's counts and the last order's instant", () => {
    const marker = readLimitMarker(
      {
        last_order_ms: NOW - 5,
        days: { [DAY]: { orders: 2, cancellations: 1 }, '2026-11-26': { orders: 9 } },
      },
      DAY,
    );
    expect(marker).toEqual({ lastOrderAtMs: NOW - 5, today: { orders: 2, cancellations: 1 } });
  });

  it('reads nothing, another day only, or a field of the wrong type as zero', () => {
    const empty = { lastOrderAtMs: null, today: { orders: 0, cancellations: 0 } };
    expect(readLimitMarker(undefined, DAY)).toEqual(empty);
    expect(readLimitMarker({ days: { '2026-11-26': { orders: 9, cancellations: 9 } } }, DAY)).toEqual(empty);
    expect(
      readLimitMarker({ last_order_ms: 'x', days: { [DAY]: { orders: '3', cancellations: -2 } } }, DAY),
    ).toEqual(empty);
  });
});

describe('limitRefusal', () => {
  const marker = (orders: number, cancellations: number, lastOrderAtMs: number | null = null) => ({
    lastOrderAtMs,
    today: { orders, cancellations },
  });

  it('takes an order below every limit', () => {
    expect(limitRefusal(marker(0, 0), NOW)).toBeNull();
    expect(
      limitRefusal(marker(MAX_ORDERS_PER_DAY - 1, MAX_CANCELLATIONS_PER_DAY - 1, NOW - GAP), NOW),
    ).toBeNull();
  });

  it('refuses the order after the day’s limit', () => {
    expect(limitRefusal(marker(MAX_ORDERS_PER_DAY, 0), NOW)).toBe('tooManyOrdersToday');
  });

  it('refuses an order before the minimum time since the last one', () => {
    expect(limitRefusal(marker(1, 0, NOW - GAP + 1), NOW)).toBe('tooSoon');
    expect(limitRefusal(marker(1, 0, NOW - GAP), NOW)).toBeNull();
  });

  it('refuses any order after too many cancellations, first of all', () => {
    expect(limitRefusal(marker(MAX_ORDERS_PER_DAY, MAX_CANCELLATIONS_PER_DAY, NOW), NOW)).toBe(
      'tooManyCancellations',
    );
  });
});

describe('the refusals', () => {
  it('say the numbers in Bengali digits', () => {
    expect(limitRefusalMessage('tooManyOrdersToday')).toContain('৫');
    expect(limitRefusalMessage('tooSoon')).toContain('১ মিনিট');
    expect(limitRefusalMessage('tooManyCancellations')).toContain('৩');
  });
});

describe('phone numbers for Firebase Auth', () => {
  it('reads an E.164 claim as the shop stores numbers, and writes it back', () => {
    expect(phoneFromE164('+8801712345678')).toBe('01712345678');
    expect(phoneToE164('01712345678')).toBe('+8801712345678');
    expect(phoneFromE164(phoneToE164('01998765432'))).toBe('01998765432');
  });

  it('reads no number from no claim, another country or a wrong operator digit', () => {
    for (const claim of [
      undefined,
      null,
      '',
      '01712345678',
      '+15555550100',
      '+8801212345678',
      '+88017123456789',
    ])
      expect(phoneFromE164(claim)).toBeNull();
  });

  it('names the number’s marker apart from any account id', () => {
    expect(phoneMarkerId('01712345678')).toBe('phone:01712345678');
  });
});

describe('needsVerifiedPhone', () => {
  it('asks for a verified number only for cash on delivery with verification on', () => {
    expect(needsVerifiedPhone(true)).toBe(true);
    expect(needsVerifiedPhone(false)).toBe(false);
  });
});
