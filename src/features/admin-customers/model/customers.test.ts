import { deriveCustomers, searchCustomers, type CustomerOrder } from './customers';

function order(overrides: Partial<CustomerOrder>): CustomerOrder {
  return {
    user_id: 'u1',
    customer_name: 'রহিম',
    customer_phone: '01712345678',
    customer_email: 'rahim@example.com',
    total_amount: 100,
    status: 'pending',
    created_at: new Date('2026-11-01T10:00:00Z'),
    ...overrides,
  };
}

describe('deriveCustomers', () => {
  it('groups orders of one account into one customer with their count and spending', () => {
    const customers = deriveCustomers([
      order({ total_amount: 250.5 }),
      order({ total_amount: 100.25, created_at: new Date('2026-11-03T10:00:00Z') }),
      order({ user_id: 'u2', customer_name: 'করিম', customer_phone: '01812345678', total_amount: 80 }),
    ]);
    expect(customers).toHaveLength(2);
    const rahim = customers.find((c) => c.key === 'user:u1');
    expect(rahim).toMatchObject({ orderCount: 2, totalSpent: 350.75, name: 'রহিম' });
    expect(rahim?.lastOrderAt).toEqual(new Date('2026-11-03T10:00:00Z'));
  });

  it('does not count cancelled orders in what a customer spent, but still counts the order', () => {
    const [customer] = deriveCustomers([
      order({ total_amount: 300 }),
      order({ total_amount: 500, status: 'cancelled' }),
    ]);
    expect(customer.orderCount).toBe(2);
    expect(customer.totalSpent).toBe(300);
  });

  it('falls back to the phone number when an order has no account, treating Bengali digits as Latin', () => {
    const customers = deriveCustomers([
      order({ user_id: null, customer_phone: '01912345678' }),
      order({ user_id: '', customer_phone: '০১৯১২৩৪৫৬৭৮' }),
    ]);
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({ key: 'phone:01912345678', orderCount: 2 });
  });

  it("shows the name and phone of the customer's latest order and lists recent customers first", () => {
    const customers = deriveCustomers([
      order({ customer_name: 'পুরনো নাম', created_at: new Date('2026-10-01T00:00:00Z') }),
      order({
        customer_name: 'নতুন নাম',
        customer_phone: '01700000000',
        created_at: new Date('2026-11-05T00:00:00Z'),
      }),
      order({ user_id: 'u3', customer_name: 'সালমা', created_at: new Date('2026-11-10T00:00:00Z') }),
      order({ user_id: 'u4', customer_name: 'সময় অজানা', created_at: null }),
    ]);
    expect(customers.map((c) => c.name)).toEqual(['সালমা', 'নতুন নাম', 'সময় অজানা']);
    expect(customers[1].phone).toBe('01700000000');
  });

  it('keeps an e-mail from an earlier order when the latest one has none', () => {
    const [customer] = deriveCustomers([
      order({ customer_email: 'old@example.com', created_at: new Date('2026-10-01T00:00:00Z') }),
      order({ customer_email: '', created_at: new Date('2026-11-01T00:00:00Z') }),
    ]);
    expect(customer.email).toBe('old@example.com');
  });

  it('returns no customers when there are no orders', () => {
    expect(deriveCustomers([])).toEqual([]);
  });
});

describe('searchCustomers', () => {
  const customers = deriveCustomers([
    order({
      user_id: 'a',
      customer_name: 'Rahim Uddin',
      customer_phone: '01712345678',
      customer_email: 'R@x.com',
    }),
    order({
      user_id: 'b',
      customer_name: 'সালমা বেগম',
      customer_phone: '01812345678',
      customer_email: 's@y.com',
    }),
  ]);

  it('finds customers by name, case-insensitively, in Latin or Bengali script', () => {
    expect(searchCustomers(customers, 'rahim').map((c) => c.key)).toEqual(['user:a']);
    expect(searchCustomers(customers, 'সালমা').map((c) => c.key)).toEqual(['user:b']);
  });

  it('finds customers by phone typed with Bengali digits or spaces, and by e-mail', () => {
    expect(searchCustomers(customers, '০১৮১২').map((c) => c.key)).toEqual(['user:b']);
    expect(searchCustomers(customers, '01712 345').map((c) => c.key)).toEqual(['user:a']);
    expect(searchCustomers(customers, 'r@X.COM').map((c) => c.key)).toEqual(['user:a']);
  });

  it('returns everyone for an empty query and no one for a query that matches nothing', () => {
    expect(searchCustomers(customers, '  ')).toHaveLength(2);
    expect(searchCustomers(customers, 'করিম')).toEqual([]);
  });
});
