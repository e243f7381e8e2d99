import { describe, expect, it } from 'vitest';
import { dhakaDateKey, dhakaDateTime, dhakaDayEnd, dhakaDayStart, isDateKey } from './shop-time';

describe('the shop clock (Dhaka, UTC+6)', () => {
  it('names the Dhaka day of an instant, also when it is still the day before in UTC', () => {
    expect(dhakaDateKey(new Date('2026-11-20T18:00:00Z'))).toBe('2026-11-21');
    expect(dhakaDateKey(new Date('2026-11-20T17:59:59Z'))).toBe('2026-11-20');
  });

  it('writes date and time as a Dhaka clock shows them', () => {
    expect(dhakaDateTime(new Date('2026-11-21T08:30:00Z'))).toBe('2026-11-21 14:30');
    expect(dhakaDateTime(new Date('2026-11-20T18:05:00Z'))).toBe('2026-11-21 00:05');
  });

  it('gives the bounds of a Dhaka day as instants', () => {
    expect(dhakaDayStart('2026-11-21').toISOString()).toBe('2026-11-20T18:00:00.000Z');
    expect(dhakaDayEnd('2026-11-21').toISOString()).toBe('2026-11-21T18:00:00.000Z');
  });

  it('accepts only real calendar dates', () => {
    expect(isDateKey('2024-02-29')).toBe(true);
    expect(isDateKey('2026-02-29')).toBe(false);
    expect(isDateKey('2026-13-01')).toBe(false);
    expect(isDateKey('21/11/2026')).toBe(false);
    expect(() => dhakaDayStart('yesterday')).toThrow(RangeError);
  });
});
