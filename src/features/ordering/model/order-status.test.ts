import { ORDER_STATUSES, isOrderStatus, orderStatusLabel } from './order-status';
import { PAYMENT_METHODS, isPaymentMethod, paymentMethodLabel } from './payment-method';

describe('order statuses', () => {
  it('has the seven statuses of the shop with their Bengali labels', () => {
    expect(ORDER_STATUSES.map((status) => [status, orderStatusLabel(status)])).toEqual([
      ['pending', 'অমীমাংসিত'],
      ['confirmed', 'নিশ্চিত'],
      ['preparing', 'প্রস্তুত'],
      ['delivering', 'ডেলিভারি'],
      ['delivered', 'সরবরাহ'],
      ['cancelled', 'বাতিল'],
      ['returned', 'ফেরত'],
    ]);
  });

  it('recognises only those seven', () => {
    expect(isOrderStatus('delivering')).toBe(true);
    expect(isOrderStatus('shipped')).toBe(false);
    expect(isOrderStatus('PENDING')).toBe(false);
    expect(isOrderStatus(3)).toBe(false);
  });
});

describe('payment methods', () => {
  it('offers cash on delivery, bKash and Nagad with Bengali labels, Nagad never readable as cash', () => {
    expect(PAYMENT_METHODS.map((method) => [method, paymentMethodLabel(method)])).toEqual([
      ['cash_on_delivery', 'ক্যাশ অন ডেলিভারি'],
      ['bkash', 'বিকাশ'],
      ['nagad', 'নগদ (Nagad)'],
    ]);
    expect(isPaymentMethod('bkash')).toBe(true);
    expect(isPaymentMethod('rocket')).toBe(false);
  });
});
