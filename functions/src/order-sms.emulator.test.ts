// The customer's SMS against the repo's Firestore emulator, in-process, through the real placeOrder and
// setOrderStatus: the trigger's handler runs with the order before and after each change, twice where a trigger
// could run twice.
import { beforeEach, describe, expect, it } from 'vitest';
import { SMS_OUTBOX } from '../../src/features/admin-settings/model/sms-settings';
import { smsCustomerOnStatus } from './order-sms';
import { setOrderStatus } from './set-order-status';
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
    texts: { confirmed: 'অর্ডার #{order} নিশ্চিত, মোট {total}। ফোন {shop_phone}' },
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
      body: `অর্ডার #${orderId.slice(-8)} নিশ্চিত, মোট ৳৩২১। ফোন ০১৭১১০০০১১১`,
    });
    // The texts the seller left alone are the defaults, filled too.
    expect(sent.find((message) => message.status === 'delivered')!.body).toContain(`#${orderId.slice(-8)}`);
  });

  it('writes a new message for a later change to the same status, and one for a cancel', async () => {
    const { orderId } = await placeOrder(shelf.db, rahima, lemonOrder());
    await changeStatus(orderId, 'confirmed');
    await changeStatus(orderId, 'pending');
    await changeStatus(orderId, 'confirmed');
    expect(await changeStatus(orderId, 'cancelled')).toEqual(['sent', 'already-sent']);
    expect((await messages()).map((message) => message.status).sort()).toEqual([
      'cancelled',
      'confirmed',
      'confirmed',
    ]);
  });

  it('writes nothing while the seller has SMS off', async () => {
    await shelf.db.doc('settings/sms').set({ enabled: false });
    const { orderId } = await placeOrder(shelf.db, rahima, lemonOrder());
    expect(await changeStatus(orderId, 'confirmed')).toEqual(['off', 'off']);
    expect(await messages()).toEqual([]);
  });
});
