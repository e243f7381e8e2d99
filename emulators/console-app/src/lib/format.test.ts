/**
 * The console's one formatter: times and numbers in the page's language (Bengali digits and months, or
 * English); the editor's text stays parseable.
 */
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../i18n/language';
import { formatCount, formatMoment } from './format';

beforeEach(() => setLanguage('bn'));

describe('times in the console', () => {
  const moment = new Date(2026, 10, 22, 18, 30, 5, 120);

  it('are written with Bengali digits and month names in Bengali', () => {
    expect(formatMoment(moment, 'HH:mm:ss.SSS')).toBe('১৮:৩০:০৫.১২০');
    expect(formatMoment(moment, 'D MMMM YYYY')).toBe('২২ নভেম্বর ২০২৬');
  });

  it('are written with Latin digits and English month names in English', () => {
    setLanguage('en');
    expect(formatMoment(moment, 'HH:mm:ss.SSS')).toBe('18:30:05.120');
    expect(formatMoment(moment, 'D MMMM YYYY')).toBe('22 November 2026');
  });

  it('leave the global locale alone, so text typed in the field editor is still read back', () => {
    formatMoment(Date.now(), 'HH:mm');
    expect(dayjs(new Date(2026, 10, 22, 18, 30)).format('YYYY-MM-DD HH:mm')).toBe('2026-11-22 18:30');
  });
});

describe('numbers in the console', () => {
  it('are written with Bengali digits and Bengali grouping in Bengali, at most one decimal', () => {
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

  it('are written with Latin digits and thousands in English', () => {
    setLanguage('en');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(125000)).toBe('125,000');
    expect(formatCount(12345678)).toBe('12,345,678');
    expect(formatCount(1.25)).toBe('1.3');
    expect(formatCount(-3.5)).toBe('-3.5');
  });
});
