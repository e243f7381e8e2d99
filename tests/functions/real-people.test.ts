/**
 * Cash orders from real people through the deployed shape of the shop: the placeOrder and setOrderStatus
 * callables in firebase-tools' Functions emulator, accounts in its Auth emulator (a verified number is the ID
 * token's phone_number claim), and the new-order mail trigger. A refused order writes no order, so the seller's
 * mail is written only for the orders that passed.
 */
import { Timestamp } from 'firebase-admin/firestore';
import type { Functions } from 'firebase/functions';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { limitRefusalMessage, orderMessages, type PlaceOrderResult } from '../../src/features/ordering/model';
import {
  callable,
  clientFor,
  refusalOf,
  resetData,
  startBackend,
  type Backend,
} from '../support/functions-backend';

let backend: Backend;
const PHONE = '01712345678';

const order = (changes: Record<string, unknown> = {}) => ({
  productId: 'mango',
  quantity: 1,
  customerName: 'রহিমা বেগম',
  customerPhone: PHONE,
  customerAddress: 'বাড়ি ১২, জিনজিরা, কেরানীগঞ্জ, ঢাকা',
  paymentMethod: 'cash_on_delivery',
  ...changes,
});
const place = (functions: Functions) =>
  callable<Record<string, unknown>, PlaceOrderResult>(functions, 'placeOrder');
const cancel = (functions: Functions) =>
  callable<Record<string, unknown>, unknown>(functions, 'setOrderStatus');

async function mails() {
  return (await backend.db.collection('mail').get()).docs.map((doc) => doc.id);
}

/**
 * Waits until the trigger has mailed `count` orders, then until every trigger event of the writes so far has
 * been answered, so that an extra mail would show.
 */
async function mailsSettled(count: number) {
  const deadline = Date.now() + 180_000;
  while ((await mails()).length < count && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  await backend.triggersDelivered();
  return mails();
}

beforeAll(async () => {
  backend = await startBackend('real-people-tests');
}, 240_000);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  await resetData(backend);
  for (const name of ['mail', 'settings']) {
    const snapshot = await backend.db.collection(name).get();
    await Promise.all(snapshot.docs.map((doc) => doc.ref.delete()));
  }
  await backend.db.doc('settings/notifications').set({
    order_mail_enabled: true,
    order_mail_to: 'seller@example.com',
  });
  await backend.db.doc('products/mango').set({
    name: 'আমের আচার',
    price: 250,
    stock_quantity: 50,
    is_active: true,
    created_at: Timestamp.now(),
  });
});

describe('cash orders from real people, through the callables', () => {
  it('refuses a cash order without a verified number and takes it with one; a burst and a blocked number write no order and no mail', async () => {
    const unverified = await clientFor(backend, 'fake@example.com');
    expect(await refusalOf(place(unverified.functions)(order()))).toEqual({
      code: 'functions/failed-precondition',
      message: orderMessages.guard.phoneNotVerified,
    });

    const rahima = await clientFor(backend, 'rahima@example.com', { phone: PHONE });
    const { orderId } = await place(rahima.functions)(order());
    // A burst from the same account: every next order comes within the minimum time.
    const burst = await Promise.allSettled(Array.from({ length: 4 }, () => place(rahima.functions)(order())));
    expect(burst.every((result) => result.status === 'rejected')).toBe(true);
    expect(await refusalOf(place(rahima.functions)(order()))).toEqual({
      code: 'functions/resource-exhausted',
      message: limitRefusalMessage('tooSoon'),
    });

    // Order-and-cancel from a second account on the same number: the number's limit holds it back too.
    const other = await clientFor(backend, 'karim@example.com');
    await backend.db.doc('settings/payments').set({ phone_verification_required: false });
    expect(await refusalOf(place(other.functions)(order()))).toEqual({
      code: 'functions/resource-exhausted',
      message: limitRefusalMessage('tooSoon'),
    });
    await cancel(rahima.functions)({ orderId, status: 'cancelled' });

    await backend.db
      .doc('blocked_phones/01812345678')
      .set({ phone: '01812345678', blocked_at: Timestamp.now() });
    expect(await refusalOf(place(other.functions)(order({ customerPhone: '01812345678' })))).toEqual({
      code: 'functions/failed-precondition',
      message: orderMessages.guard.unavailable,
    });

    expect((await backend.db.collection('orders').get()).docs.map((doc) => doc.id)).toEqual([orderId]);
    expect(await mailsSettled(1)).toEqual([`order-${orderId}`]);
    const summary = (await backend.db.doc(`phone_summaries/${PHONE}`).get()).data();
    expect(summary).toMatchObject({ orders: 1, cancelled: 1 });
  }, 400_000);
});
