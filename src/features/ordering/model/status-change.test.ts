import { parseSetOrderStatusInput } from './status-change';

describe('parseSetOrderStatusInput', () => {
  it('reads an order id and a known status', () => {
    expect(parseSetOrderStatusInput({ orderId: 'abc', status: 'cancelled', extra: 1 })).toEqual({
      orderId: 'abc',
      status: 'cancelled',
    });
  });

  it('reads an undo of the last change', () => {
    expect(parseSetOrderStatusInput({ orderId: 'abc', undo: true })).toEqual({ orderId: 'abc', undo: true });
  });

  it.each([
    { orderId: 'abc', undo: 'yes' },
    { orderId: 'abc', undo: true, status: 'pending' },
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
