// setOrderStatus against the repo's Firestore emulator, in-process: whether jars are returned exactly once
// when changes race is decided by Firestore's transactions, which no fake could prove.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readProjectConfig, startOfflineEmulators, type OfflineEmulators } from '../../emulators/src/index';
import { bn } from '../../src/i18n/bn';
import type { Caller } from './caller';
import { placeOrder } from './place-order';
import { setOrderStatus } from './set-order-status';

let emulators: OfflineEmulators;
let app: App;
let db: Firestore;

const customer = { uid: 'rahima', token: { email: 'rahima@example.com' } };
const seller = { uid: 'seller', token: { email: 'seller@example.com' } };
const stranger = { uid: 'karim', token: {} };
const t = bn.ordering.statusChange;

async function stock() {
  return (await db.doc('products/lemon').get()).get('stock_quantity') as number;
}

async function statusOf(orderId: string) {
  return (await db.doc(`orders/${orderId}`).get()).get('status') as string;
}

/** Rahima orders `quantity` jars of lemon pickle; the shelf had 5. */
async function orderLemons(quantity: number, by: Caller = customer) {
  const { orderId } = await placeOrder(db, by, {
    productId: 'lemon',
    quantity,
    customerName: 'রহিমা বেগম',
    customerPhone: '01712345678',
    customerAddress: 'কেরানীগঞ্জ, ঢাকা',
    paymentMethod: 'cash_on_delivery',
  });
  return orderId;
}

beforeAll(async () => {
  emulators = await startOfflineEmulators({
    config: readProjectConfig(new URL('../..', import.meta.url).pathname),
    ports: { firestore: 0, storage: 0 },
  });
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emulators.firestore.port}`;
  app = initializeApp({ projectId: 'demo-achar-shop' }, 'set-order-status-emulator-test');
  db = getFirestore(app);
});

afterAll(async () => {
  if (app) await deleteApp(app);
  await emulators?.stop();
});

beforeEach(async () => {
  const orders = await db.collection('orders').get();
  await Promise.all(orders.docs.map((doc) => doc.ref.delete()));
  await db.doc('roles/seller').set({ user_id: 'seller', role: 'admin' });
  await db.doc('products/lemon').set({
    name: 'লেবুর আচার',
    price: 160.5,
    stock_quantity: 5,
    is_active: true,
    created_at: Timestamp.now(),
  });
});

describe('the seller changing an order status', () => {
  it('returns the jars when the order is cancelled, and takes them again when it is brought back', async () => {
    const orderId = await orderLemons(2);
    expect(await stock()).toBe(3);

    await setOrderStatus(db, seller, { orderId, status: 'cancelled' });
    expect(await statusOf(orderId)).toBe('cancelled');
    expect(await stock()).toBe(5);

    await setOrderStatus(db, seller, { orderId, status: 'confirmed' });
    expect(await statusOf(orderId)).toBe('confirmed');
    expect(await stock()).toBe(3);

    // Between statuses that both hold the jars, the stock does not move.
    await setOrderStatus(db, seller, { orderId, status: 'delivered' });
    expect(await stock()).toBe(3);
  });

  it('refuses to bring back a cancelled order when the shelf no longer has its jars, changing nothing', async () => {
    const orderId = await orderLemons(4);
    await setOrderStatus(db, seller, { orderId, status: 'cancelled' });
    await db.doc('products/lemon').update({ stock_quantity: 3 });

    await expect(setOrderStatus(db, seller, { orderId, status: 'pending' })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: t.notEnoughStock('৩'),
    });
    expect(await statusOf(orderId)).toBe('cancelled');
    expect(await stock()).toBe(3);
  });

  it('cancels an order of a deleted product, but will not bring it back', async () => {
    const orderId = await orderLemons(1);
    await db.doc('products/lemon').delete();
    await setOrderStatus(db, seller, { orderId, status: 'cancelled' });
    expect(await statusOf(orderId)).toBe('cancelled');
    await expect(setOrderStatus(db, seller, { orderId, status: 'pending' })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: t.productGone,
    });
  });

  it('returns the jars exactly once when the same cancel arrives ten times at once', async () => {
    const orderId = await orderLemons(3);
    await Promise.all(
      Array.from({ length: 10 }, () => setOrderStatus(db, seller, { orderId, status: 'cancelled' })),
    );
    expect(await stock()).toBe(5);
  }, 120_000);

  it('never drives stock below zero when un-cancels and new orders race for the same jars', async () => {
    const first = await orderLemons(3, { uid: 'a', token: {} });
    await setOrderStatus(db, seller, { orderId: first, status: 'cancelled' });
    const second = await orderLemons(3, { uid: 'b', token: {} });
    await setOrderStatus(db, seller, { orderId: second, status: 'cancelled' });
    expect(await stock()).toBe(5);

    // Two un-cancels of 3 jars and four new orders of 1 jar, all at once, for 5 jars on the shelf.
    const results = await Promise.allSettled([
      setOrderStatus(db, seller, { orderId: first, status: 'pending' }),
      setOrderStatus(db, seller, { orderId: second, status: 'pending' }),
      ...['c', 'd', 'e', 'f'].map((uid) => orderLemons(1, { uid, token: {} })),
    ]);
    const orders = (await db.collection('orders').get()).docs;
    const held = orders
      .filter((doc) => doc.get('status') !== 'cancelled')
      .reduce((sum, doc) => sum + (doc.get('quantity') as number), 0);
    expect(await stock()).toBeGreaterThanOrEqual(0);
    // Every jar is either on the shelf or in an order that holds it: none lost, none made up.
    expect((await stock()) + held).toBe(5);
    expect(results.some((result) => result.status === 'rejected')).toBe(true);
  }, 120_000);
});

describe('a customer cancelling their own order', () => {
  it('cancels a pending order and puts its jars back', async () => {
    const orderId = await orderLemons(2);
    await expect(setOrderStatus(db, customer, { orderId, status: 'cancelled' })).resolves.toEqual({
      status: 'cancelled',
    });
    expect(await stock()).toBe(5);
  });

  it('may not cancel once the seller has confirmed the order', async () => {
    const orderId = await orderLemons(2);
    await setOrderStatus(db, seller, { orderId, status: 'confirmed' });
    await expect(setOrderStatus(db, customer, { orderId, status: 'cancelled' })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: t.customerCanOnlyCancelPending,
    });
    expect(await statusOf(orderId)).toBe('confirmed');
    expect(await stock()).toBe(3);
  });

  it('may set no other status, and cannot touch another customer’s order', async () => {
    const orderId = await orderLemons(2);
    await expect(setOrderStatus(db, customer, { orderId, status: 'delivered' })).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(setOrderStatus(db, stranger, { orderId, status: 'cancelled' })).rejects.toMatchObject({
      code: 'not-found',
    });
    expect(await statusOf(orderId)).toBe('pending');
    expect(await stock()).toBe(3);
  });
});

describe('setOrderStatus refuses, changing nothing,', () => {
  it.each([
    ['a signed-out caller', undefined, { orderId: 'x', status: 'cancelled' }, 'unauthenticated'],
    ['a token without a uid', { token: {} }, { orderId: 'x', status: 'cancelled' }, 'unauthenticated'],
    ['an unknown status', seller, { orderId: 'x', status: 'shipped' }, 'invalid-argument'],
    ['a reserved order id', seller, { orderId: '__x__', status: 'cancelled' }, 'invalid-argument'],
    ['a missing order', seller, { orderId: 'nope', status: 'cancelled' }, 'not-found'],
  ])('%s', async (_case, auth, data, code) => {
    await expect(setOrderStatus(db, auth, data)).rejects.toMatchObject({ code });
    expect(await stock()).toBe(5);
  });
});
