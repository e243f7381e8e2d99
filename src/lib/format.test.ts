import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDayMonth, formatNumberBn, formatRelativeTime, formatTaka } from './format';

describe('formatTaka', () => {
  it('writes taka with the sign first and Bengali digits', () => {
    expect(formatTaka(1250)).toBe('৳১,২৫০');
  });

  it('uses the Bengali lakh grouping and writes paisa with two digits', () => {
    expect(formatTaka(125000.5)).toBe('৳১,২৫,০০০.৫০');
    expect(formatTaka(99.5)).toBe('৳৯৯.৫০');
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
    expect(formatRelativeTime(twoHoursAgo)).toBe('২ ঘণ্টা আগে');
  });

  it('accepts a Firestore-style timestamp', () => {
    const threeDaysAgo = { toDate: () => new Date(Date.now() - 3 * 24 * 60 * 60 * 1000) };
    expect(formatRelativeTime(threeDaysAgo)).toBe('৩ দিন আগে');
  });
});

describe('formatDateTime', () => {
  it('writes the date and 24-hour time in Bengali, as a clock in Dhaka shows it', () => {
    expect(formatDateTime(new Date('2026-11-21T08:05:00Z'))).toBe('২১ নভেম্বর ২০২৬, ১৪:০৫');
    // 03:19 UTC is 09:19 in Dhaka, whatever this machine's time zone; Bangla Academy's January.
    expect(formatDateTime(new Date('2030-01-15T03:19:00Z'))).toBe('১৫ জানুয়ারি ২০৩০, ০৯:১৯');
    expect(formatDateTime(new Date('2030-02-28T20:00:00Z'))).toBe('১ মার্চ ২০৩০, ০২:০০');
  });
});

describe('formatDayMonth', () => {
  it('writes a Dhaka day as day and month', () => {
    expect(formatDayMonth('2027-01-05')).toBe('৫ জানুয়ারি');
  });
});
