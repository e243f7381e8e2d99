/** Times in the console read as the shop writes them: Bengali digits and months; the editor's text stays parseable. */
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatBn } from './dayjs';

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
