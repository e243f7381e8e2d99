import { describe, expect, it } from 'vitest';
import { mailedOrder, orderDashboardUrl, orderMail, orderMailId } from './order-mail';

const order = mailedOrder({
  product_name: 'লেবুর আচার',
  quantity: 2,
  total_amount: 321,
  customer_name: 'রহিমা <b>বেগম</b>',
  customer_phone: '01712345678',
  customer_address: 'কেরানীগঞ্জ, ঢাকা & "বাজার"',
  payment_method: 'bkash',
});
const mail = orderMail('seller@example.com', 'abcdefghXYZ12345', order, 'https://shop.example');

describe('the new order mail', () => {
  it('goes to the seller with the order number and product in the subject', () => {
    expect(mail.to).toBe('seller@example.com');
    expect(mail.message.subject).toBe('নতুন অর্ডার #XYZ12345: লেবুর আচার');
  });

  it('tells product, quantity, total, customer, phone, address and payment in Bengali', () => {
    for (const part of [
      'পণ্য: লেবুর আচার',
      'পরিমাণ: ২টি বয়াম',
      'মোট: ৳৩২১',
      'পেমেন্ট: বিকাশ',
      'গ্রাহক: রহিমা <b>বেগম</b>',
      'ফোন: 01712345678',
      'ঠিকানা: কেরানীগঞ্জ, ঢাকা & "বাজার"',
    ])
      expect(mail.message.text).toContain(part);
  });

  it('links to the order on the dashboard, by its number', () => {
    expect(orderDashboardUrl('https://shop.example', 'abcdefghXYZ12345')).toBe(
      'https://shop.example/admin?q=XYZ12345',
    );
    expect(mail.message.text).toContain('https://shop.example/admin?q=XYZ12345');
    expect(mail.message.html).toContain('<a href="https://shop.example/admin?q=XYZ12345">');
  });

  it('shows what the customer typed as text in the HTML, never as markup', () => {
    expect(mail.message.html).toContain('রহিমা &lt;b&gt;বেগম&lt;/b&gt;');
    expect(mail.message.html).toContain('ঢাকা &amp; &quot;বাজার&quot;');
    expect(mail.message.html).not.toContain('<b>');
  });

  it('is named for its order, so one order has one mail', () => {
    expect(orderMailId('abc')).toBe('order-abc');
  });

  it('shows a malformed order field as empty rather than failing', () => {
    const odd = mailedOrder({ product_name: 5, quantity: '2' });
    expect(odd.product_name).toBe('');
    expect(odd.quantity).toBe(0);
  });
});
