import { openOrdersByCustomer } from './open-orders';

describe('open orders by customer', () => {
  it('counts each customer’s orders that are not yet delivered or cancelled', () => {
    const counts = openOrdersByCustomer([
      { user_id: 'rahima', status: 'pending' },
      { user_id: 'rahima', status: 'confirmed' },
      { user_id: 'rahima', status: 'delivering' },
      { user_id: 'rahima', status: 'delivered' },
      { user_id: 'rahima', status: 'cancelled' },
      { user_id: 'karim', status: 'preparing' },
      { user_id: 'selim', status: 'cancelled' },
      { user_id: '', status: 'pending' },
    ]);
    expect(counts.get('rahima')).toBe(3);
    expect(counts.get('karim')).toBe(1);
    expect(counts.has('selim')).toBe(false);
    expect(counts.has('')).toBe(false);
  });
});
