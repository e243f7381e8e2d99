// The order mail against the repo's Firestore emulator, in-process, through the real placeOrder: what the
// trigger's handler writes for a placed order, with the settings as the dashboard stores them.
import { describe, expect, it } from 'vitest';
import { MAIL_COLLECTION, notifySellerOfOrder, orderMailId } from './order-mail';
import { lemonOrder, placeOrder, useLemonShelf } from './testing/lemon-shelf';

const shelf = useLemonShelf('notify-seller-emulator-test');
const shopper = { uid: 'shopper', token: { email: 'shopper@example.com' } };
const SHOP_URL = 'http://127.0.0.1:5000';

async function placedOrder() {
  const { orderId } = await placeOrder(shelf.db, shopper, lemonOrder({ quantity: 2 }));
  const order = (await shelf.db.doc(`orders/${orderId}`).get()).data();
  if (!order) throw new Error('placeOrder wrote no order');
  return { orderId, order };
}

async function mails() {
  return (await shelf.db.collection(MAIL_COLLECTION).get()).docs;
}

async function setNotifications(fields: Record<string, unknown>) {
  await shelf.db.doc('settings/notifications').set(fields);
}

describe('notifySellerOfOrder', () => {
  it("writes one mail with the order's details to the seller's address", async () => {
    await Promise.all((await mails()).map((doc) => doc.ref.delete()));
    await setNotifications({ order_mail_enabled: true, order_mail_to: 'seller@example.com' });
    const { orderId, order } = await placedOrder();

    expect(await notifySellerOfOrder(shelf.db, orderId, order, SHOP_URL)).toBe('mailed');

    const written = await mails();
    expect(written.map((doc) => doc.id)).toEqual([orderMailId(orderId)]);
    const mail = written[0].data();
    expect(mail.to).toBe('seller@example.com');
    expect(mail.message.text).toContain('লেবুর আচার');
    expect(mail.message.text).toContain('৳৩২১');
    expect(mail.message.text).toContain('রহিমা বেগম');
    expect(mail.message.text).toContain('01712345678');
    expect(mail.message.text).toContain(`${SHOP_URL}/admin?q=${orderId.slice(-8)}`);
  });

  it('sends nothing again when the trigger runs twice for one order, even after the mail was delivered', async () => {
    await Promise.all((await mails()).map((doc) => doc.ref.delete()));
    await setNotifications({ order_mail_enabled: true, order_mail_to: 'seller@example.com' });
    const { orderId, order } = await placedOrder();

    const outcomes = await Promise.all([
      notifySellerOfOrder(shelf.db, orderId, order, SHOP_URL),
      notifySellerOfOrder(shelf.db, orderId, order, SHOP_URL),
    ]);
    expect(outcomes.sort()).toEqual(['already-mailed', 'mailed']);
    // The extension marks a sent mail with its delivery state; a late retry must not write it anew.
    await shelf.db.doc(`mail/${orderMailId(orderId)}`).update({ delivery: { state: 'SUCCESS' } });
    expect(await notifySellerOfOrder(shelf.db, orderId, order, SHOP_URL)).toBe('already-mailed');

    const written = await mails();
    expect(written).toHaveLength(1);
    expect(written[0].get('delivery.state')).toBe('SUCCESS');
  });

  it('writes no mail while the seller has the mail off, or has no settings yet', async () => {
    await Promise.all((await mails()).map((doc) => doc.ref.delete()));
    await setNotifications({ order_mail_enabled: false, order_mail_to: 'seller@example.com' });
    const first = await placedOrder();
    expect(await notifySellerOfOrder(shelf.db, first.orderId, first.order, SHOP_URL)).toBe('off');

    await shelf.db.doc('settings/notifications').delete();
    const second = await placedOrder();
    expect(await notifySellerOfOrder(shelf.db, second.orderId, second.order, SHOP_URL)).toBe('off');

    expect(await mails()).toHaveLength(0);
  });
});
