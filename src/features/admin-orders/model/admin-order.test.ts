import { toAdminOrder } from './admin-order';
import { newlyArrivedOrderIds } from './new-orders';

const stored = {
  product_id: 'p1',
  product_name: 'আমের আচার',
  product_price: 250,
  quantity: 2,
  total_amount: 500,
  customer_name: 'রহিম',
  customer_phone: '01712345678',
  customer_email: 'r@example.com',
  customer_address: 'জিনজিরা, কেরানীগঞ্জ',
  payment_method: 'bkash',
  user_id: 'u1',
  status: 'confirmed',
  created_at: { toDate: () => new Date('2026-11-20T08:00:00Z') },
  updated_at: null,
};

describe('toAdminOrder', () => {
  it('reads a stored order, turning timestamps into dates', () => {
    const order = toAdminOrder('abc', stored);
    expect(order).toMatchObject({
      id: 'abc',
      payment_method: 'bkash',
      status: 'confirmed',
      total_amount: 500,
    });
    expect(order.created_at).toEqual(new Date('2026-11-20T08:00:00Z'));
    expect(order.updated_at).toBeNull();
    expect(order.payment_updated_at).toBeNull();
  });

  it('reads when the payment last moved (the age of a claim)', () => {
    const order = toAdminOrder('abc', {
      ...stored,
      payment_state: 'claimed',
      payment_updated_at: { toDate: () => new Date('2026-11-20T09:30:00Z') },
    });
    expect(order.payment_updated_at).toEqual(new Date('2026-11-20T09:30:00Z'));
  });

  it('reads the money as the order ledger does, with the undo of the last status change', () => {
    const order = toAdminOrder('abc', {
      ...stored,
      status: 'cancelled',
      payment_state: 'verified',
      paid_amount: 500,
      refunded_amount: 200,
      payment_claimed_amount: 500,
      refund_trxid: 'RF7Q2M9XA4',
      status_undo: {
        from: 'confirmed',
        collected: 0,
        at: { toDate: () => new Date('2026-11-20T09:00:00Z') },
      },
    });
    expect(order).toMatchObject({
      paid_amount: 500,
      refunded_amount: 200,
      refund_due: 300,
      to_collect: 0,
      payment_claimed_amount: 500,
      refund_trxid: 'RF7Q2M9XA4',
      status_undo: { from: 'confirmed', at: new Date('2026-11-20T09:00:00Z') },
    });
  });

  it('reads an order stored before the money fields: a verified one paid its total, an open one owes it', () => {
    expect(toAdminOrder('a', { ...stored, payment_state: 'verified' })).toMatchObject({
      paid_amount: 500,
      to_collect: 0,
      refund_due: 0,
      payment_claimed_amount: null,
      refund_trxid: null,
      status_undo: null,
    });
    expect(toAdminOrder('b', stored)).toMatchObject({ paid_amount: 0, to_collect: 500 });
    // A malformed undo is none (the button never shows for it).
    expect(toAdminOrder('c', { ...stored, status_undo: { from: 'lost' } }).status_undo).toBeNull();
  });

  it('never guesses a payment method it does not know and reads an unknown status as pending', () => {
    const order = toAdminOrder('abc', { ...stored, payment_method: 'card', status: 'lost', quantity: 'two' });
    expect(order.payment_method).toBeNull();
    expect(order.status).toBe('pending');
    expect(order.quantity).toBe(0);
  });

  it('reads typed text for display: no control or direction character, a name on one line, address lines apart', () => {
    const order = toAdminOrder('abc', {
      ...stored,
      customer_name: 'রহিম\nমোট: ৳০',
      customer_phone: '\u202E87654321710',
      customer_address: '\u202Eজিনজিরা\u202C\r\n\u2067কেরানীগঞ্জ\u2069\t',
      product_name: 'আমের\u200F আচার\u0007',
      customer_email: 'r@example.com\u202E',
    });
    expect(order).toMatchObject({
      customer_name: 'রহিম মোট: ৳০',
      customer_phone: '87654321710',
      customer_address: 'জিনজিরা\nকেরানীগঞ্জ',
      product_name: 'আমের আচার',
      customer_email: 'r@example.com',
    });
  });
});

describe('newlyArrivedOrderIds', () => {
  it('treats nothing in the first snapshot as new', () => {
    expect(newlyArrivedOrderIds(null, [{ id: 'a' }, { id: 'b' }])).toEqual([]);
  });

  it('finds the orders that were not in the previous snapshot', () => {
    expect(newlyArrivedOrderIds(new Set(['a']), [{ id: 'c' }, { id: 'a' }, { id: 'b' }])).toEqual(['c', 'b']);
    expect(newlyArrivedOrderIds(new Set(['a', 'b']), [{ id: 'a' }])).toEqual([]);
  });
});
