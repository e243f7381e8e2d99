import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './order-status';
import { EMPTY_PHONE_SUMMARY, phoneSummaryChange, readPhoneSummary } from './phone-summary';

describe('phoneSummaryChange', () => {
  it('moves one count from the outcome left to the outcome reached', () => {
    expect(phoneSummaryChange('delivering', 'delivered')).toEqual({ delivered: 1 });
    expect(phoneSummaryChange('pending', 'cancelled')).toEqual({ cancelled: 1 });
    expect(phoneSummaryChange('cancelled', 'pending')).toEqual({ cancelled: -1 });
    expect(phoneSummaryChange('delivering', 'returned')).toEqual({ returned: 1 });
    expect(phoneSummaryChange('returned', 'delivering')).toEqual({ returned: -1 });
    expect(phoneSummaryChange('delivered', 'returned')).toEqual({ delivered: -1, returned: 1 });
  });

  it('changes nothing between statuses still on the way, or for no change', () => {
    expect(phoneSummaryChange('pending', 'confirmed')).toEqual({});
    for (const status of ORDER_STATUSES) expect(phoneSummaryChange(status, status)).toEqual({});
  });

  it('sums to zero over any walk that comes back where it started', () => {
    const walk = [
      'pending',
      'cancelled',
      'pending',
      'delivering',
      'returned',
      'delivering',
      'delivered',
      'pending',
    ] as const;
    const total: Record<string, number> = {};
    for (let index = 1; index < walk.length; index += 1) {
      for (const [key, by] of Object.entries(phoneSummaryChange(walk[index - 1], walk[index])))
        total[key] = (total[key] ?? 0) + by;
    }
    expect(Object.values(total).every((value) => value === 0)).toBe(true);
  });
});

describe('readPhoneSummary', () => {
  it('reads counts and the last order, anything else as zero', () => {
    expect(readPhoneSummary(undefined)).toEqual(EMPTY_PHONE_SUMMARY);
    expect(
      readPhoneSummary({
        orders: 4,
        delivered: 2,
        cancelled: 1,
        returned: -1,
        last_order_at: { toMillis: () => 7 },
      }),
    ).toEqual({ orders: 4, delivered: 2, cancelled: 1, returned: 0, lastOrderAtMs: 7 });
  });
});
