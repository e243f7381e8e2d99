// The evening summary against the repo's Firestore emulator, in-process: orders placed (today and a week ago)
// and moved through the real callables, then the summary's figures from the roll-ups against a recount of the
// orders themselves.
import { beforeEach, describe, expect, it } from 'vitest';
import { dhakaDateKey, revenuePoishaOf } from '../../src/features/admin-stats/model';
import { formatDayMonth, formatTaka } from '../../src/lib/format';
import { eveningFigures, sendEveningSummary } from './evening-summary';
import { MAIL_COLLECTION } from './order-mail';
import { reviewPayment } from './review-payment';
import { setOrderStatus } from './set-order-status';
import { submitPayment } from './submit-payment';
import { lemonOrder, placeOrder, useLemonShelf } from './testing/lemon-shelf';

const shelf = useLemonShelf('evening-summary-emulator-test');
const seller = { uid: 'seller', token: { email: 'seller@example.com', email_verified: true } };
const DAY_MS = 24 * 60 * 60 * 1000;

beforeEach(async () => {
  const old = [
    ...(await shelf.db.collection('order_stats').get()).docs,
    ...(await shelf.db.collection(MAIL_COLLECTION).get()).docs,
  ];
  await Promise.all(old.map((doc) => doc.ref.delete()));
  await shelf.db.doc('roles/seller').set({ user_id: 'seller', role: 'admin' });
  await shelf.db.doc('products/lemon').update({ stock_quantity: 200 });
  await shelf.db
    .doc('products/garlic')
    .set({ name: 'রসুনের আচার', price: 200, stock_quantity: 3, is_active: true });
  await shelf.db
    .doc('settings/notifications')
    .set({ order_mail_enabled: true, order_mail_to: 'seller@example.com' });
});

async function recount(day: string) {
  const orders = (await shelf.db.collection('orders').get()).docs.map((doc) => doc.data());
  const ofDay = orders.filter((o) => o.stats_day === day);
  return {
    orders: ofDay.length,
    revenue: ofDay.reduce((total, o) => total + revenuePoishaOf(o), 0),
    pending: orders.filter((o) => o.status === 'pending').length,
    toVerify: orders.filter((o) => o.payment_state === 'claimed').length,
  };
}

describe('the evening summary', () => {
  it("equals a recount of today's and last week's orders, reads at most 50 documents, and mails once a day", async () => {
    const now = new Date();
    const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
    const buyers = Array.from({ length: 6 }, (_, i) => ({ uid: `buyer-${i}`, token: {} }));
    const today = [];
    for (const [i, buyer] of buyers.entries()) {
      today.push((await placeOrder(shelf.db, buyer, lemonOrder({ quantity: (i % 3) + 1 }))).orderId);
    }
    for (const buyer of buyers.slice(0, 3)) await placeOrder(shelf.db, buyer, lemonOrder(), () => weekAgo);
    await setOrderStatus(shelf.db, seller, { orderId: today[0], status: 'cancelled' });
    await setOrderStatus(shelf.db, seller, { orderId: today[1], status: 'delivered' });
    const { orderId: wallet } = await placeOrder(shelf.db, buyers[2], lemonOrder({ paymentMethod: 'bkash' }));
    await submitPayment(shelf.db, buyers[2], { orderId: wallet, trxId: '8N7A6D5EE7', payer: '01712345678' });
    const { orderId: paid } = await placeOrder(shelf.db, buyers[3], lemonOrder({ paymentMethod: 'nagad' }));
    await submitPayment(shelf.db, buyers[3], { orderId: paid, trxId: '71B4XK9Q', payer: '01712345678' });
    await reviewPayment(shelf.db, seller, { orderId: paid, decision: 'verify' });

    const figures = await eveningFigures(shelf.db, now);
    const counted = await recount(dhakaDateKey(now));
    const lastWeek = await recount(dhakaDateKey(weekAgo));
    expect(figures).toMatchObject({
      orders: counted.orders,
      revenue: counted.revenue,
      pending: counted.pending,
      toVerify: 1,
      lastWeekOrders: 3,
      lastWeekRevenue: lastWeek.revenue,
      lowStock: [{ name: 'রসুনের আচার', stock: 3 }],
    });
    expect(counted.orders).toBe(8);
    expect(figures.documentsRead).toBeLessThanOrEqual(50);

    expect(await sendEveningSummary(shelf.db, now)).toBe('mailed');
    expect(await sendEveningSummary(shelf.db, now)).toBe('already-mailed');
    const mails = (await shelf.db.collection(MAIL_COLLECTION).get()).docs.filter((d) =>
      d.id.startsWith('evening-'),
    );
    expect(mails).toHaveLength(1);
    const { subject, text } = mails[0].data().message as { subject: string; text: string };
    // Days as people write them ("২১ নভেম্বর"), never as a date key; and what the revenue leaves out.
    expect(text).toContain(
      `আজ (${formatDayMonth(dhakaDateKey(now))}) ৮টি অর্ডার, বিক্রি ${formatTaka(counted.revenue / 100)}।`,
    );
    expect(text).toContain(`গত সপ্তাহের এই দিনে (${formatDayMonth(dhakaDateKey(weekAgo))}): ৩টি অর্ডার`);
    expect(text).toContain('ক্যাশ অন ডেলিভারির যে টাকা এখনো আদায় হয়নি, তা এতে ধরা হয়নি।');
    expect(`${subject}\n${text}`).not.toMatch(/[০-৯0-9]{4}-[০-৯0-9]{2}/u);
    expect(mails[0].data().message.text).toContain('কম স্টক: রসুনের আচার (৩টি)');
    expect(mails[0].data().message.text).toContain('১টি পেমেন্ট যাচাই বাকি');
  }, 120_000);
});
