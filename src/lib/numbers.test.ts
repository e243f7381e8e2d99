// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatNumberBn, formatTaka } from './numbers';

// What the hand-written formatter must equal: Bengali (Bangladesh) numbers as ICU writes them.
const intl = new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 2 });

describe('Bengali numbers without Intl', () => {
  it('write what Intl writes for bn-BD: digits, lakh grouping, at most two decimals', () => {
    const samples = [
      0, 1, 9, 10, 99.5, 100, 999, 1000, 1250, 12345.678, 99999, 100000, 125000.5, 1234567, 12345678.9,
      987654321.99, 0.001, 0.005, 0.015, 1.005, 2.675, 4.5, 50, -3, -1250.25, -0.001, -0, 1e15, 1e-7,
    ];
    for (const n of samples) expect(formatNumberBn(n), String(n)).toBe(intl.format(n));
  });

  it('write what Intl writes for many prices and totals', () => {
    for (let n = 0; n < 3_000_000; n += 7919.37) {
      expect(formatNumberBn(n), String(n)).toBe(intl.format(n));
      expect(formatNumberBn(Math.round(n)), String(n)).toBe(intl.format(Math.round(n)));
    }
  });

  it('write taka with its sign first', () => {
    expect(formatTaka(1250)).toBe('৳১,২৫০');
    expect(formatTaka(125000.5)).toBe('৳১,২৫,০০০.৫০');
    expect(formatTaka(99.5)).toBe('৳৯৯.৫০');
    expect(formatTaka(160.25)).toBe('৳১৬০.২৫');
    expect(formatTaka(1250.004)).toBe('৳১,২৫০');
  });
});
