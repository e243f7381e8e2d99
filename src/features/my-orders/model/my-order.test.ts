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
    customer_phone: '01712345678',
    customer_address: 'কেরানীগঞ্জ, ঢাকা',
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
      customer_phone: '01712345678',
      customer_address: 'কেরানীগঞ্জ, ঢাকা',
      // An order from before payments: no method stored, read as cash collected at the door.
      payment_method: null,
      payment_state: 'collect_on_delivery',
      payment_trxid: null,
      payment_reject_reason: null,
      created_at: new Date('2026-11-21T06:00:00Z'),
      courier_tracking_code: null,
      paid_amount: 0,
      refunded_amount: 0,
      refund_due: 0,
      to_collect: 700,
      refund_trxid: null,
    });
  });

  it('reads what the shop owes back on a paid order cancelled, and what it has sent back', () => {
    const cancelled = {
      ...stored,
      payment_method: 'bkash',
      payment_state: 'verified',
      status: 'cancelled',
      paid_amount: 700,
    };
    expect(myOrderFromDocument('o1', cancelled)).toMatchObject({ refund_due: 700, to_collect: 0 });
    expect(
      myOrderFromDocument('o1', { ...cancelled, refunded_amount: 700, refund_trxid: 'RF7Q2M9XA4' }),
    ).toMatchObject({ refund_due: 0, refunded_amount: 700, refund_trxid: 'RF7Q2M9XA4' });
    // Made bigger after it was paid: the rest is paid at the door.
    expect(
      myOrderFromDocument('o2', {
        ...stored,
        payment_method: 'bkash',
        payment_state: 'verified',
        paid_amount: 350,
      }),
    ).toMatchObject({ paid_amount: 350, to_collect: 350, refund_due: 0 });
  });

  it("reads a wallet order's payment: its state, TrxID and the seller's reason", () => {
    expect(
      myOrderFromDocument('o1', {
        ...stored,
        payment_method: 'nagad',
        payment_state: 'rejected',
        payment_trxid: '71B4XK9Q',
        payment_reject_reason: 'টাকা আসেনি',
      }),
    ).toMatchObject({
      payment_method: 'nagad',
      payment_state: 'rejected',
      payment_trxid: '71B4XK9Q',
      payment_reject_reason: 'টাকা আসেনি',
    });
    // A bKash order from before payments were tracked: nobody recorded the money.
    expect(myOrderFromDocument('o2', { ...stored, payment_method: 'bkash' })?.payment_state).toBe(
      'awaiting_payment',
    );
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
