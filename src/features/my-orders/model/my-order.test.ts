import { describe, expect, it } from 'vitest';
import { countInProgress, isInProgress, myOrderFromDocument } from './my-order';

describe('orders in progress', () => {
  it('counts every order not yet delivered or cancelled', () => {
    expect(isInProgress({ status: 'pending' })).toBe(true);
    expect(isInProgress({ status: 'delivering' })).toBe(true);
    expect(isInProgress({ status: 'delivered' })).toBe(false);
    expect(isInProgress({ status: 'cancelled' })).toBe(false);
    expect(
      countInProgress([
        { status: 'pending' },
        { status: 'confirmed' },
        { status: 'preparing' },
        { status: 'delivered' },
      ]),
    ).toBe(3);
    expect(countInProgress([])).toBe(0);
  });
});

describe('myOrderFromDocument', () => {
  const stored = {
    product_name: 'আমের আচার',
    product_price: 350,
    quantity: 2,
    total_amount: 700,
    status: 'pending',
    user_id: 'u1',
    created_at: { toDate: () => new Date('2026-11-21T06:00:00Z') },
  };

  it('reads a stored order', () => {
    expect(myOrderFromDocument('o1', stored)).toEqual({
      id: 'o1',
      product_name: 'আমের আচার',
      product_price: 350,
      quantity: 2,
      total_amount: 700,
      status: 'pending',
      created_at: new Date('2026-11-21T06:00:00Z'),
    });
  });

  it("shows the product's name without direction or control characters", () => {
    expect(
      myOrderFromDocument('o1', { ...stored, product_name: '\u202Eআমের\nআচার\u2069' })?.product_name,
    ).toBe('আমের আচার');
  });

  it('accepts an order whose server time has not arrived yet', () => {
    expect(myOrderFromDocument('o1', { ...stored, created_at: null })?.created_at).toBeNull();
  });

  it('skips a record with an unknown status or a missing total', () => {
    expect(myOrderFromDocument('o1', { ...stored, status: 'shipped' })).toBeNull();
    expect(myOrderFromDocument('o1', { ...stored, total_amount: undefined })).toBeNull();
  });
});
