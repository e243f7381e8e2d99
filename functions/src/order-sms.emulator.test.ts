// The customer's SMS against the repo's Firestore emulator, in-process, through the real placeOrder and
// setOrderStatus: the trigger's handler runs with the order before and after each change, twice where a trigger
// could run twice.
import { beforeEach, describe, expect, it } from 'vitest';
import { shop } from '../../src/config/shop';
import { SMS_OUTBOX } from '../../src/features/admin-settings/model/sms-settings';
import { smsCustomerOnStatus } from './order-sms';
import { reviewPayment } from './review-payment';
import { setOrderStatus } from './set-order-status';
import { submitPayment } from './submit-payment';
import { lemonOrder, placeOrder, useLemonShelf } from './testing/lemon-shelf';

const shelf = useLemonShelf('order-sms-emulator-test');
const seller = { uid: 'seller', token: { email: 'seller@example.com', email_verified: true } };
const rahima = { uid: 'rahima', token: {} };
const messages = async () => (await shelf.db.collection(SMS_OUTBOX).get()).docs.map((doc) => doc.data());

/** Changes the status and runs the trigger's handler twice on that one change, as a redelivery would. */
async function changeStatus(orderId: string, status: string) {
  const before = (await shelf.db.doc(`orders/${orderId}`).get()).data();
  await setOrderStatus(shelf.db, seller, { orderId, status });
  const after = (await shelf.db.doc(`orders/${orderId}`).get()).data();
  return [
    await smsCustomerOnStatus(shelf.db, orderId, before, after),
    await smsCustomerOnStatus(shelf.db, orderId, before, after),
  ];
}

beforeEach(async () => {
  await Promise.all((await shelf.db.collection(SMS_OUTBOX).get()).docs.map((doc) => doc.ref.delete()));
  await shelf.db.doc('roles/seller').set({ user_id: 'seller', role: 'admin' });
  await shelf.db.doc('settings/sms').set({
    enabled: true,
    shop_phone: '01711000111',
    texts: { confirmed: 'অর্ডার {order} নিশ্চিত, মোট {total}। ফোন: {shop_phone}' },
  });
});

describe("the customer's SMS", () => {
  it('writes one message per change, at confirmed, on the way, delivered, with the placeholders filled', async () => {
    const { orderId } = await placeOrder(shelf.db, rahima, lemonOrder({ quantity: 2 }));
    expect(await changeStatus(orderId, 'confirmed')).toEqual(['sent', 'already-sent']);
    expect(await changeStatus(orderId, 'preparing')).toEqual(['not-a-step', 'not-a-step']);
    expect(await changeStatus(orderId, 'delivering')).toEqual(['sent', 'already-sent']);
    expect(await changeStatus(orderId, 'delivered')).toEqual(['sent', 'already-sent']);

    const sent = await messages();
    expect(sent).toHaveLength(3);
    const confirmed = sent.find((message) => message.status === 'confirmed')!;
    expect(confirmed).toMatchObject({
      to: '+8801712345678',
      // The shop's name first; the order number and the phone in Latin digits, to tap and copy.
      body: `${shop.name}: অর্ডার ${orderId.slice(-8)} নিশ্চিত, মোট ৳৩২১। ফোন: 01711000111`,
    });
    // The texts the seller left alone are the defaults, filled too.
    expect(sent.find((message) => message.status === 'delivered')!.body).toBe(
      `${shop.name}: অর্ডার ${orderId.slice(-8)} সরবরাহ হয়েছে। ধন্যবাদ!`,
    );
  });

  it('never announces a step twice: back to confirmed, or cancelled again after a reopening', async () => {
    const { orderId } = await placeOrder(shelf.db, rahima, lemonOrder());
    await changeStatus(orderId, 'confirmed');
    await changeStatus(orderId, 'pending');
    expect(await changeStatus(orderId, 'confirmed')).toEqual(['already-sent', 'already-sent']);
    expect(await changeStatus(orderId, 'cancelled')).toEqual(['sent', 'already-sent']);
    await changeStatus(orderId, 'pending');
    expect(await changeStatus(orderId, 'cancelled')).toEqual(['already-sent', 'already-sent']);
    expect((await messages()).map((message) => message.status).sort()).toEqual(['cancelled', 'confirmed']);
  });

  it('says what the courier will collect: the balance after a paid order grew, or that it is paid', async () => {
    await shelf.db
      .doc('settings/sms')
      .set({ enabled: true, shop_phone: '01711000111', texts: { confirmed: 'অর্ডার {order}: {collect}' } });
    const paid = await placeOrder(shelf.db, rahima, lemonOrder({ paymentMethod: 'bkash' }));
    await submitPayment(shelf.db, rahima, {
      orderId: paid.orderId,
      trxId: '8N7A6D5EE7',
      payer: '01812345678',
    });
    await reviewPayment(shelf.db, seller, { orderId: paid.orderId, decision: 'verify' });
    await changeStatus(paid.orderId, 'confirmed');
    const cash = await placeOrder(shelf.db, rahima, lemonOrder({ quantity: 2 }));
    await changeStatus(cash.orderId, 'confirmed');
    const sent = await messages();
    expect(sent.find((message) => message.order_id === paid.orderId)!.body).toContain('টাকা পরিশোধিত');
    expect(sent.find((message) => message.order_id === cash.orderId)!.body).toContain(
      'ডেলিভারিতে দেবেন ৳৩২১',
    );
  });

  it('sends the tracking link with "on the way" when the courier took the parcel, and none without one', async () => {
    const { orderId } = await placeOrder(shelf.db, rahima, lemonOrder());
    const before = (await shelf.db.doc(`orders/${orderId}`).get()).data()!;
    // As bookCourier writes it: delivering and the courier's code at once.
    const booked = { ...before, status: 'delivering', courier_tracking_code: '15BAEB8A' };
    expect(await smsCustomerOnStatus(shelf.db, orderId, before, booked)).toBe('sent');
    const [message] = await messages();
    expect(message.body).toContain('পার্সেল ট্র্যাক করুন: https://steadfast.com.bd/t/15BAEB8A');

    const { orderId: byHand } = await placeOrder(shelf.db, rahima, lemonOrder());
    await changeStatus(byHand, 'delivering');
    const handed = (await messages()).find((m) => m.order_id === byHand)!;
    expect(handed.body).not.toContain('steadfast');
  });

  it('writes nothing while the seller has SMS off', async () => {
    await shelf.db.doc('settings/sms').set({ enabled: false });
    const { orderId } = await placeOrder(shelf.db, rahima, lemonOrder());
    expect(await changeStatus(orderId, 'confirmed')).toEqual(['off', 'off']);
    expect(await messages()).toEqual([]);
  });
});
