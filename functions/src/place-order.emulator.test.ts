// placeOrder's transaction against the repo's Firestore emulator, in-process: the race for the last jars is
// decided by Firestore's transaction semantics, which no fake could prove.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readProjectConfig, startOfflineEmulators, type OfflineEmulators } from '../../emulators/src/index';
import { bn } from '../../src/i18n/bn';
import { placeOrder } from './place-order';

let emulators: OfflineEmulators;
let app: App;
let db: Firestore;

const caller = { uid: 'rahima', token: { email: 'rahima@example.com' } };
const order = (changes: Record<string, unknown> = {}) => ({
  productId: 'lemon',
  quantity: 1,
  customerName: 'রহিমা বেগম',
  customerPhone: '01712345678',
  customerAddress: 'কেরানীগঞ্জ, ঢাকা',
  paymentMethod: 'cash_on_delivery',
  ...changes,
});

async function stock() {
  return (await db.doc('products/lemon').get()).get('stock_quantity') as number;
}

beforeAll(async () => {
  emulators = await startOfflineEmulators({
    config: readProjectConfig(new URL('../..', import.meta.url).pathname),
    ports: { firestore: 0, storage: 0 },
  });
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emulators.firestore.port}`;
  app = initializeApp({ projectId: 'demo-achar-shop' }, 'place-order-emulator-test');
  db = getFirestore(app);
});

afterAll(async () => {
  if (app) await deleteApp(app);
  await emulators?.stop();
});

beforeEach(async () => {
  const orders = await db.collection('orders').get();
  await Promise.all(orders.docs.map((doc) => doc.ref.delete()));
  await db.doc('products/lemon').set({
    name: 'লেবুর আচার',
    price: 160.5,
    stock_quantity: 5,
    is_active: true,
    created_at: Timestamp.now(),
  });
});

describe('placeOrder against the Firestore emulator', () => {
  it('writes the order with server timestamps and takes the jars out of stock in one transaction', async () => {
    const { orderId } = await placeOrder(db, caller, order({ quantity: 2 }));
    const stored = (await db.doc(`orders/${orderId}`).get()).data();
    expect(stored).toMatchObject({ total_amount: 321, quantity: 2, status: 'pending', user_id: 'rahima' });
    expect(stored?.created_at).toBeInstanceOf(Timestamp);
    expect(await stock()).toBe(3);
  });

  it('writes nothing when the stock is too low', async () => {
    await expect(placeOrder(db, caller, order({ quantity: 6 }))).rejects.toMatchObject({
      code: 'failed-precondition',
      message: bn.ordering.errors.notEnoughStock,
    });
    expect((await db.collection('orders').get()).size).toBe(0);
    expect(await stock()).toBe(5);
  });

  it('sells exactly 5 jars when 20 orders for the last 5 arrive at once', async () => {
    // Twenty different customers: one customer may not hold more than three open orders.
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        placeOrder(db, { uid: `customer-${index}`, token: {} }, order()),
      ),
    );
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as { code?: string }).code] : [],
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    expect(refused).toEqual(Array.from({ length: 15 }, () => 'failed-precondition'));
    expect((await db.collection('orders').get()).size).toBe(5);
    expect(await stock()).toBe(0);
  }, 120_000);

  it("refuses a customer's fourth open order, and takes one again once an order is delivered or cancelled", async () => {
    const placed = [];
    for (let index = 0; index < 3; index += 1) placed.push(await placeOrder(db, caller, order()));
    await expect(placeOrder(db, caller, order())).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: bn.ordering.errors.tooManyOpenOrders('৩'),
    });
    expect((await db.collection('orders').get()).size).toBe(3);
    expect(await stock()).toBe(2);

    // Another customer is not held back by Rahima's orders.
    await placeOrder(db, { uid: 'karim', token: {} }, order());

    await db.doc(`orders/${placed[0].orderId}`).update({ status: 'delivered' });
    await placeOrder(db, caller, order());
    expect(await stock()).toBe(0);
  });

  it('takes exactly three of five orders one customer sends at once for five different products', async () => {
    // Different products, so nothing but the open-order limit ties these five transactions together.
    const jars = ['lemon-0', 'lemon-1', 'lemon-2', 'lemon-3', 'lemon-4'];
    const lemon = (await db.doc('products/lemon').get()).data()!;
    await Promise.all(jars.map((id) => db.doc(`products/${id}`).set(lemon)));
    const results = await Promise.allSettled(
      jars.map((productId) => placeOrder(db, caller, order({ productId }))),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as { code?: string }).code] : [],
    );
    expect(refused).toEqual(['resource-exhausted', 'resource-exhausted']);
    expect((await db.collection('orders').get()).size).toBe(3);
    await Promise.all(jars.map((id) => db.doc(`products/${id}`).delete()));
  }, 120_000);

  it.each([
    ['a reserved id', '__lemon__'],
    ['a 600-letter Bengali id', 'লে'.repeat(300)],
    ['an id with a slash', 'lemon/x'],
  ])('answers %s with invalid-argument and writes nothing', async (_case, productId) => {
    await expect(placeOrder(db, caller, order({ productId }))).rejects.toMatchObject({
      code: 'invalid-argument',
    });
    expect((await db.collection('orders').get()).size).toBe(0);
    expect(await stock()).toBe(5);
  });

  it('refuses a product whose stored price can never be sold, writing nothing', async () => {
    await db.doc('products/lemon').update({ price: 12.345 });
    await expect(placeOrder(db, caller, order())).rejects.toMatchObject({
      code: 'failed-precondition',
      message: bn.ordering.errors.productUnsellable,
    });
    expect((await db.collection('orders').get()).size).toBe(0);
    expect(await stock()).toBe(5);
  });
});
