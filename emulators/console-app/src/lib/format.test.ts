/**
 * The console's one formatter: times and numbers in Bengali digits (and months); the editor's text stays
 * parseable.
 */
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatBn, formatCount } from './format';

describe('times in the console', () => {
  it('are written with Bengali digits and month names', () => {
    const moment = new Date(2026, 10, 22, 18, 30, 5, 120);
    expect(formatBn(moment, 'HH:mm:ss.SSS')).toBe('১৮:৩০:০৫.১২০');
    expect(formatBn(moment, 'D MMMM YYYY')).toBe('২২ নভেম্বর ২০২৬');
  });

  it('leave the global locale alone, so text typed in the field editor is still read back', () => {
    formatBn(Date.now(), 'HH:mm');
    expect(dayjs(new Date(2026, 10, 22, 18, 30)).format('YYYY-MM-DD HH:mm')).toBe('2026-11-22 18:30');
  });
});

describe('numbers in the console', () => {
  it('are written with Bengali digits and Bengali grouping, at most one decimal', () => {
    expect(formatCount(0)).toBe('০');
    expect(formatCount(7)).toBe('৭');
    expect(formatCount(1000)).toBe('১,০০০');
    expect(formatCount(125000)).toBe('১,২৫,০০০');
    expect(formatCount(12345678)).toBe('১,২৩,৪৫,৬৭৮');
    expect(formatCount(1.25)).toBe('১.৩');
    expect(formatCount(20.04)).toBe('২০');
    expect(formatCount(-3.5)).toBe('-৩.৫');
    expect(formatCount(-0.01)).toBe('০');
  });
});
