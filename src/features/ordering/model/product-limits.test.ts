import { isSellablePrice, isValidStock } from './product-limits';

describe('a sellable price', () => {
  it.each([0.01, 12.34, 249.5, 100_000])('accepts ৳%s', (price) => expect(isSellablePrice(price)).toBe(true));

  it.each([0, 0.000000001, 0.004, -5, 12.345, Infinity, -Infinity, Number.NaN, 100_000.01, '250', null])(
    'refuses %s',
    (price) => expect(isSellablePrice(price)).toBe(false),
  );
});

describe('a stock count', () => {
  it.each([0, 1, 100_000])('accepts %s jars', (stock) => expect(isValidStock(stock)).toBe(true));

  it.each([-1, 2.5, 100_001, Infinity, '5'])('refuses %s', (stock) =>
    expect(isValidStock(stock)).toBe(false),
  );
});
