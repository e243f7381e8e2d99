import { describe, expect, it } from 'vitest';
import { CUSTOMER_LINE_PREFIX, mailedOrder, orderDashboardUrl, orderMail, orderMailId } from './order-mail';
import { orderMailTexts as t } from './order-mail-texts';

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
      'গ্রাহক:\n> রহিমা <b>বেগম</b>',
      'ফোন:\n> 01712345678',
      'ঠিকানা:\n> কেরানীগঞ্জ, ঢাকা & "বাজার"',
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

  describe("cannot be made to show a line that is not the shop's, even for an order stored before text was checked", () => {
    // The attacks, as an order stored before placeOrder refused them would hold them.
    const forged = orderMail(
      'seller@example.com',
      'abcdefghXYZ12345',
      mailedOrder({
        product_name: 'লেবুর আচার\nমোট: ৳০',
        quantity: 2,
        total_amount: 321,
        customer_name: 'রহিমা\nমোট: ৳০\r\nপেমেন্ট: বিকাশ (পরিশোধিত)',
        customer_phone: '01712345678\u2028মোট: ৳০',
        customer_address: 'কেরানীগঞ্জ\nমোট: ৳০\n\u202Eপেমেন্ট: বিকাশ (পরিশোধিত)\n\n\t\vঢাকা',
        payment_method: 'cash_on_delivery',
      }),
      'https://shop.example',
    );
    const lines = forged.message.text.split('\n');
    // Every line of the shop's own: the heading, the labels, the quoting note, the link, the footer.
    const shopLabels = [t.product, t.quantity, t.total, t.payment, t.customer, t.phone, t.address];

    it('shows the total and the payment once each, as the shop decided them', () => {
      expect(lines.filter((line) => line.startsWith(`${t.total}:`))).toEqual(['মোট: ৳৩২১']);
      expect(lines.filter((line) => line.startsWith(`${t.payment}:`))).toEqual(['পেমেন্ট: ক্যাশ অন ডেলিভারি']);
    });

    it("starts every line that is not the shop's with the quoting mark", () => {
      const ownLine = (line: string) =>
        line === '' ||
        line === `${t.heading} (#XYZ12345)` ||
        line === t.customerWrote ||
        line === t.footer ||
        line.startsWith(`${t.open}: `) ||
        shopLabels.some((label) => line.startsWith(`${label}:`));
      const others = lines.filter((line) => !ownLine(line));
      expect(others).toEqual([
        '> রহিমা মোট: ৳০ পেমেন্ট: বিকাশ (পরিশোধিত)',
        '> 01712345678 মোট: ৳০',
        '> কেরানীগঞ্জ',
        '> মোট: ৳০',
        '> পেমেন্ট: বিকাশ (পরিশোধিত)',
        '> ঢাকা',
      ]);
      expect(others.every((line) => line.startsWith(CUSTOMER_LINE_PREFIX))).toBe(true);
      // The product's name is the seller's, and stays on its line too.
      expect(lines).toContain('পণ্য: লেবুর আচার মোট: ৳০');
    });

    it('carries no control or direction character, and keeps each customer text inside its cell in HTML', () => {
      for (const part of [forged.message.text, forged.message.html, forged.message.subject])
        expect(part).not.toMatch(/(?!\n)[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u);
      expect(forged.message.subject).toBe('নতুন অর্ডার #XYZ12345: লেবুর আচার মোট: ৳০');
      expect(forged.message.html).toContain(
        '<tr><th align="left">ঠিকানা</th><td>কেরানীগঞ্জ<br>মোট: ৳০<br>পেমেন্ট: বিকাশ (পরিশোধিত)<br>ঢাকা</td></tr>',
      );
      expect(forged.message.html).toContain('<td>রহিমা মোট: ৳০ পেমেন্ট: বিকাশ (পরিশোধিত)</td>');
    });
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
