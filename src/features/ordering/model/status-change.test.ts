import { ORDER_STATUSES } from './order-status';
import {
  customerMayCancel,
  parseSetOrderStatusInput,
  sellerStatusRefusal,
  stockChangeForStatus,
} from './status-change';

describe('the stock an order holds as its status changes', () => {
  it('gives the jars back when an order is cancelled or returned, from any status holding them', () => {
    for (const from of ORDER_STATUSES.filter((status) => status !== 'cancelled' && status !== 'returned')) {
      expect(stockChangeForStatus(from, 'cancelled', 3)).toBe(3);
      expect(stockChangeForStatus(from, 'returned', 3)).toBe(3);
    }
    expect(stockChangeForStatus('returned', 'cancelled', 3)).toBe(0);
  });

  it('takes the jars again when a returned parcel is sent out again', () => {
    expect(stockChangeForStatus('returned', 'delivering', 2)).toBe(-2);
  });
});

describe('the moves the seller may not make', () => {
  it('refuses cancelling a delivered order, and says to mark a returned parcel instead', () => {
    expect(sellerStatusRefusal('delivered', 'cancelled')).toBe('deliveredCannotBeCancelled');
  });

  it('returns a parcel only from the road, and sends a returned one only out again', () => {
    expect(sellerStatusRefusal('delivering', 'returned')).toBeNull();
    for (const from of ['pending', 'confirmed', 'preparing', 'delivered', 'cancelled'] as const)
      expect(sellerStatusRefusal(from, 'returned')).toBe('returnOnlyWhileDelivering');
    expect(sellerStatusRefusal('returned', 'delivering')).toBeNull();
    expect(sellerStatusRefusal('returned', 'pending')).toBe('returnedOnlyResent');
  });

  it('allows every other move, as the dashboard always has', () => {
    expect(sellerStatusRefusal('cancelled', 'pending')).toBeNull();
    expect(sellerStatusRefusal('delivered', 'delivering')).toBeNull();
    expect(sellerStatusRefusal('pending', 'delivered')).toBeNull();
  });

  it('takes the jars again when a cancelled order is brought back', () => {
    expect(stockChangeForStatus('cancelled', 'pending', 3)).toBe(-3);
    expect(stockChangeForStatus('cancelled', 'delivered', 2)).toBe(-2);
  });

  it('leaves the stock alone between statuses that both hold the jars, or both not', () => {
    expect(stockChangeForStatus('pending', 'delivered', 3)).toBe(0);
    expect(stockChangeForStatus('delivering', 'confirmed', 3)).toBe(0);
    expect(stockChangeForStatus('cancelled', 'cancelled', 3)).toBe(0);
  });
});

describe('a customer cancelling', () => {
  it('may cancel only while the order is pending', () => {
    expect(ORDER_STATUSES.filter(customerMayCancel)).toEqual(['pending']);
  });
});

describe('parseSetOrderStatusInput', () => {
  it('reads an order id and a known status', () => {
    expect(parseSetOrderStatusInput({ orderId: 'abc', status: 'cancelled', extra: 1 })).toEqual({
      orderId: 'abc',
      status: 'cancelled',
    });
  });

  it.each([
    null,
    'cancel',
    [],
    { orderId: 'abc' },
    { orderId: 'abc', status: 'shipped' },
    { orderId: 'orders/abc', status: 'cancelled' },
    { orderId: '__abc__', status: 'cancelled' },
    { orderId: 7, status: 'cancelled' },
  ])('refuses %j', (data) => expect(parseSetOrderStatusInput(data)).toBeNull());
});
