import { Timestamp } from 'firebase/firestore';
import { toCustomer } from './customers';

describe('toCustomer', () => {
  it('reads a stored summary: what was spent from poisha into taka, the last order as a date', () => {
    const at = new Date('2026-11-03T10:00:00Z');
    expect(
      toCustomer('user:u1', {
        name: 'রহিম',
        phone: '01712345678',
        email: 'rahim@example.com',
        order_count: 2,
        spent: 35075,
        last_order_at: Timestamp.fromDate(at),
      }),
    ).toEqual({
      key: 'user:u1',
      name: 'রহিম',
      phone: '01712345678',
      email: 'rahim@example.com',
      orderCount: 2,
      totalSpent: 350.75,
      lastOrderAt: at,
    });
  });

  it('shows the typed name without control or direction characters, on one line', () => {
    expect(toCustomer('phone:0', { name: '\u202Eরহিম\nমোট: ৳০' }).name).toBe('রহিম মোট: ৳০');
  });

  it('shows malformed fields empty instead of failing the list', () => {
    expect(toCustomer('phone:0', { name: 7, email: '', order_count: -1, spent: 'x' })).toEqual({
      key: 'phone:0',
      name: '',
      phone: '',
      email: null,
      orderCount: 0,
      totalSpent: 0,
      lastOrderAt: null,
    });
  });
});
