import { paymentBadge, type PaymentBadgeOrder } from './payment-badge';

const order = (changes: Partial<PaymentBadgeOrder>): PaymentBadgeOrder => ({
  status: 'confirmed',
  payment_state: 'verified',
  total_amount: 500,
  paid_amount: 500,
  refunded_amount: 0,
  ...changes,
});

describe('the payment badge', () => {
  it('says "paid" for a verified payment that covers the order', () => {
    expect(paymentBadge(order({}))).toEqual({ label: 'পরিশোধিত', palette: 'green' });
  });

  it('says partly paid when an edit after payment left a balance to collect', () => {
    expect(paymentBadge(order({ total_amount: 700 }))).toEqual({
      label: 'আংশিক পরিশোধিত',
      palette: 'orange',
    });
  });

  it('says a refund is due for a paid order cancelled or returned, or made smaller', () => {
    const owed = { label: 'টাকা ফেরত বাকি', palette: 'red' };
    expect(paymentBadge(order({ status: 'cancelled' }))).toEqual(owed);
    expect(paymentBadge(order({ status: 'returned' }))).toEqual(owed);
    expect(paymentBadge(order({ total_amount: 350 }))).toEqual(owed);
    // Part sent back, part still owed.
    expect(paymentBadge(order({ status: 'cancelled', refunded_amount: 200 }))).toEqual(owed);
  });

  it('says the money went back once the whole of it was refunded', () => {
    expect(paymentBadge(order({ status: 'cancelled', refunded_amount: 500 }))).toEqual({
      label: 'টাকা ফেরত দেওয়া হয়েছে',
      palette: 'purple',
    });
  });

  it("keeps the payment state's own label when no money moved", () => {
    const unpaid = { paid_amount: 0 };
    expect(paymentBadge(order({ ...unpaid, payment_state: 'claimed' }))).toEqual({
      label: 'পেমেন্ট যাচাই বাকি',
      palette: 'orange',
    });
    expect(paymentBadge(order({ ...unpaid, payment_state: 'collect_on_delivery' })).label).toBe(
      'ক্যাশ অন ডেলিভারি',
    );
    // A cancelled order that was never paid owes nothing back.
    expect(paymentBadge(order({ ...unpaid, status: 'cancelled', payment_state: 'rejected' })).label).toBe(
      'পেমেন্ট মেলেনি',
    );
    // Cash collected at the door pays a delivered order.
    expect(paymentBadge(order({ status: 'delivered', payment_state: 'collect_on_delivery' })).label).toBe(
      'ক্যাশ অন ডেলিভারি',
    );
  });

  it('counts in poisha, so fractions of a taka do not make a paid order look short', () => {
    expect(paymentBadge(order({ total_amount: 0.1 + 0.2, paid_amount: 0.3 })).label).toBe('পরিশোধিত');
  });
});
