import { toAdminOrder } from './admin-order';
import { isSlipPaper, packingSlip, slipRequest, slipsHref } from './packing-slip';

const stored = {
  product_name: 'রসুনের আচার',
  product_price: 180,
  quantity: 3,
  total_amount: 540,
  customer_name: 'করিম',
  customer_phone: '01812345678',
  customer_address: 'আটি বাজার, কেরানীগঞ্জ',
  status: 'confirmed',
};

describe('a packing slip', () => {
  it('carries what the courier needs and the order number the seller reads on the phone', () => {
    const slip = packingSlip(
      toAdminOrder('abcdefgh12345678', { ...stored, payment_method: 'cash_on_delivery' }),
    );
    expect(slip).toMatchObject({
      orderNumber: '12345678',
      customerName: 'করিম',
      customerPhone: '01812345678',
      customerAddress: 'আটি বাজার, কেরানীগঞ্জ',
      productName: 'রসুনের আচার',
      quantity: 3,
      unitPrice: 180,
      total: 540,
      paymentLabel: 'ক্যাশ অন ডেলিভারি',
      collectOnDelivery: 540,
    });
  });

  it('has the courier collect the total of a bKash or Nagad order until the seller verified its payment', () => {
    for (const payment_state of [undefined, 'awaiting_payment', 'claimed', 'rejected']) {
      const slip = packingSlip(
        toAdminOrder('o1', {
          ...stored,
          payment_method: 'bkash',
          payment_state,
          payment_trxid: 'BK7Q2M9XA4',
        }),
      );
      expect(slip.collectOnDelivery, String(payment_state)).toBe(540);
      expect(slip.paidTrxId).toBeNull();
    }
    const paid = packingSlip(
      toAdminOrder('o2', {
        ...stored,
        payment_method: 'nagad',
        payment_state: 'verified',
        payment_trxid: '71B4XK9Q',
      }),
    );
    expect(paid).toMatchObject({
      collectOnDelivery: null,
      paidTrxId: '71B4XK9Q',
      paymentLabel: 'নগদ (Nagad)',
    });
  });

  it('says beside what to collect that a bKash or Nagad payment is not verified yet', () => {
    const bkash = packingSlip(
      toAdminOrder('o1', { ...stored, payment_method: 'bkash', payment_state: 'claimed' }),
    );
    expect(bkash).toMatchObject({ unverifiedPayment: 'বিকাশ (যাচাই হয়নি)', collectOnDelivery: 540 });
    const nagad = packingSlip(toAdminOrder('o2', { ...stored, payment_method: 'nagad' }));
    expect(nagad.unverifiedPayment).toBe('নগদ (Nagad) — যাচাই হয়নি');
    const verified = packingSlip(
      toAdminOrder('o3', { ...stored, payment_method: 'bkash', payment_state: 'verified' }),
    );
    expect(verified.unverifiedPayment).toBeNull();
    const cash = packingSlip(toAdminOrder('o4', { ...stored, payment_method: 'cash_on_delivery' }));
    expect(cash.unverifiedPayment).toBeNull();
  });

  it('has the courier collect only the balance an edit after payment left', () => {
    const slip = packingSlip(
      toAdminOrder('o1', {
        ...stored,
        payment_method: 'bkash',
        payment_state: 'verified',
        payment_trxid: 'BK7Q2M9XA4',
        paid_amount: 360,
      }),
    );
    expect(slip).toMatchObject({ collectOnDelivery: 180, paidBefore: 360, paidTrxId: null });
  });

  it('collects nothing and says nothing is paid for an unpaid order no longer going out', () => {
    const slip = packingSlip(
      toAdminOrder('o1', { ...stored, status: 'cancelled', payment_method: 'cash_on_delivery' }),
    );
    expect(slip).toMatchObject({ collectOnDelivery: null, paidTrxId: null, paidBefore: 0 });
  });

  it('has the courier collect the total when the payment method is unknown, rather than hand it over free', () => {
    const slip = packingSlip(toAdminOrder('o3', { ...stored, payment_method: 'card' }));
    expect(slip.collectOnDelivery).toBe(540);
    expect(slip.paymentLabel).toBe('—');
  });

  it("prints only the shop's lines, even for an order stored before typed text was checked", () => {
    const slip = packingSlip(
      toAdminOrder('abcdefgh12345678', {
        ...stored,
        payment_method: 'cash_on_delivery',
        customer_name: 'করিম\nমোট: ৳০\r\nপেমেন্ট: বিকাশ (পরিশোধিত)',
        // U+202E would print the phone and the rest of the line backwards.
        customer_phone: '\u202E01812345678',
        customer_address: 'আটি বাজার\u2028\u2067কেরানীগঞ্জ\u2069\n\n\tটাকা নেওয়া হয়েছে\u200F',
        product_name: 'রসুনের আচার\u202E',
      }),
    );
    expect(slip).toMatchObject({
      customerName: 'করিম মোট: ৳০ পেমেন্ট: বিকাশ (পরিশোধিত)',
      customerPhone: '01812345678',
      customerAddress: 'আটি বাজার\nকেরানীগঞ্জ\nটাকা নেওয়া হয়েছে',
      productName: 'রসুনের আচার',
      collectOnDelivery: 540,
    });
  });

  it('knows the two papers it prints on', () => {
    expect(isSlipPaper('a4')).toBe(true);
    expect(isSlipPaper('receipt80')).toBe(true);
    expect(isSlipPaper('letter')).toBe(false);
  });
});

describe('the print page address', () => {
  it('names one order or one status, and round-trips through slipsHref', () => {
    const one = new URL(slipsHref({ orderId: 'abc123' }, 'receipt80'), 'http://shop').searchParams;
    expect(slipRequest(one.get('order'), one.get('status'))).toEqual({ kind: 'order', orderId: 'abc123' });
    expect(one.get('paper')).toBe('receipt80');
    const all = new URL(slipsHref({ status: 'confirmed' }), 'http://shop').searchParams;
    expect(slipRequest(all.get('order'), all.get('status'))).toEqual({ kind: 'status', status: 'confirmed' });
  });

  it('refuses an address that names neither a real status nor a plausible order id', () => {
    expect(slipRequest(null, null)).toEqual({ kind: 'invalid' });
    expect(slipRequest(null, 'lost')).toEqual({ kind: 'invalid' });
    expect(slipRequest('../roles/admin', null)).toEqual({ kind: 'invalid' });
  });
});
