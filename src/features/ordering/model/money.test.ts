import { fromPoisha, orderTotal, runningTotal, sumTaka, toPoisha } from './money';

describe('orderTotal', () => {
  it('multiplies price by quantity exactly to the poisha', () => {
    expect(orderTotal(250, 3)).toBe(750);
    expect(orderTotal(0.1, 3)).toBe(0.3); // 0.1 * 3 is 0.30000000000000004 in floating point
    expect(orderTotal(19.99, 3)).toBe(59.97);
    expect(orderTotal(1.15, 7)).toBe(8.05);
    expect(orderTotal(349.5, 2)).toBe(699);
  });

  it('is zero for zero jars', () => {
    expect(orderTotal(250, 0)).toBe(0);
  });

  it('refuses fractional or negative quantities', () => {
    expect(() => orderTotal(250, 1.5)).toThrow(RangeError);
    expect(() => orderTotal(250, -1)).toThrow(RangeError);
    expect(() => orderTotal(250, Number.NaN)).toThrow(RangeError);
  });

  it('refuses prices that are negative, not finite, or finer than a poisha', () => {
    expect(() => orderTotal(-1, 1)).toThrow(RangeError);
    expect(() => orderTotal(Number.POSITIVE_INFINITY, 1)).toThrow(RangeError);
    expect(() => orderTotal(12.345, 1)).toThrow(/two decimals/);
  });
});

describe('runningTotal', () => {
  it('is price × quantity for a whole number of jars from 1 up', () => {
    expect(runningTotal(350, 2)).toBe(700);
    expect(runningTotal(12.5, 3)).toBe(37.5);
  });

  it('is null while the quantity is not one yet (empty, a fraction, zero, text)', () => {
    for (const quantity of [Number.NaN, 2.5, 0, -1, '3', undefined])
      expect(runningTotal(350, quantity)).toBeNull();
  });

  it('is null for a price no order can have', () => {
    expect(runningTotal(1.234, 2)).toBeNull();
  });
});

describe('poisha conversion', () => {
  it('round-trips taka through whole poisha', () => {
    expect(toPoisha(12.5)).toBe(1250);
    expect(toPoisha(19.99)).toBe(1999);
    expect(fromPoisha(1999)).toBe(19.99);
  });
});

describe('sumTaka', () => {
  it('adds amounts without floating-point drift', () => {
    expect(sumTaka([0.1, 0.2])).toBe(0.3);
    expect(sumTaka([])).toBe(0);
    expect(sumTaka([199.99, 0.01, 50])).toBe(250);
  });

  it('refuses amounts that are not numbers', () => {
    expect(() => sumTaka([1, Number.NaN])).toThrow(RangeError);
  });
});
