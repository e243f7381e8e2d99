import { ORDER_STATUSES } from './order-status';
import { customerMayCancel, parseSetOrderStatusInput, stockChangeForStatus } from './status-change';

describe('the stock an order holds as its status changes', () => {
  it('gives the jars back when an order is cancelled, from any status', () => {
    for (const from of ORDER_STATUSES.filter((status) => status !== 'cancelled')) {
      expect(stockChangeForStatus(from, 'cancelled', 3)).toBe(3);
    }
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
