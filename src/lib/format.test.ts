import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNumberBn, formatRelativeTime, formatTaka } from './format';

describe('formatTaka', () => {
  it('writes taka with the sign first and Bengali digits', () => {
    expect(formatTaka(1250)).toBe('৳১,২৫০');
  });

  it('uses the Bengali lakh grouping and keeps poisha', () => {
    expect(formatTaka(125000.5)).toBe('৳১,২৫,০০০.৫');
    expect(formatTaka(0)).toBe('৳০');
  });
});

describe('formatNumberBn', () => {
  it('turns Latin digits into Bengali ones', () => {
    expect(formatNumberBn(4.5)).toBe('৪.৫');
    expect(formatNumberBn(50)).toBe('৫০');
  });
});

describe('formatRelativeTime', () => {
  it('says how long ago in Bengali with Bengali digits', () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    expect(formatRelativeTime(twoHoursAgo)).toBe('২ ঘন্টা আগে');
  });

  it('accepts a Firestore-style timestamp', () => {
    const threeDaysAgo = { toDate: () => new Date(Date.now() - 3 * 24 * 60 * 60 * 1000) };
    expect(formatRelativeTime(threeDaysAgo)).toBe('৩ দিন আগে');
  });
});

describe('formatDateTime', () => {
  it('writes the date and 24-hour time in Bengali', () => {
    expect(formatDateTime(new Date(2026, 10, 21, 14, 5))).toBe('২১ নভেম্বর ২০২৬, ১৪:০৫');
  });
});
