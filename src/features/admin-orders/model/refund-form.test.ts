import { checkRefund } from './refund-form';

const order = { id: 'order-0000AB12', refund_due: 500 };

describe('the refund form', () => {
  it('takes an amount in Bengali or Latin digits, up to the refund due, and a bKash or Nagad TrxID', () => {
    expect(checkRefund(order, '৫০০', ' rf7q2m9xa4 ')).toEqual({
      ok: true,
      input: { orderId: 'order-0000AB12', amount: 500, trxId: 'RF7Q2M9XA4' },
    });
    expect(checkRefund(order, '250.50', '71B4XK9Q')).toMatchObject({ ok: true, input: { amount: 250.5 } });
  });

  it('refuses, in the server’s Bengali words, an amount that is not one or is more than is owed back', () => {
    for (const amount of ['', 'পাঁচশো', '0', '-5', '10.001']) {
      expect(checkRefund(order, amount, 'RF7Q2M9XA4'), amount).toEqual({
        ok: false,
        errors: { amount: 'ফেরতের পরিমাণ টাকায় লিখুন (যেমন ২৫০ বা ২৫০.৫০)।' },
      });
    }
    expect(checkRefund(order, '500.01', 'RF7Q2M9XA4')).toEqual({
      ok: false,
      errors: { amount: 'ফেরতের পরিমাণ ১ টাকা থেকে বাকি ফেরতের মধ্যে হতে হবে।' },
    });
  });

  it('refuses a missing or malformed TrxID on its own field', () => {
    expect(checkRefund(order, '500', '  ')).toMatchObject({
      ok: false,
      errors: { trxId: expect.any(String) },
    });
    expect(checkRefund(order, '500', 'RF7Q')).toEqual({
      ok: false,
      errors: {
        trxId:
          'ট্রানজেকশন আইডি বিকাশে ১০ অক্ষরের, নগদ (Nagad)-এ ৮ অক্ষরের — শুধু ইংরেজি অক্ষর ও অঙ্ক। মেসেজ থেকে আবার দেখে লিখুন।',
      },
    });
  });
});
