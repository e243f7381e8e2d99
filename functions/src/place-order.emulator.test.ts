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
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => placeOrder(db, caller, order())),
    );
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as { code?: string }).code] : [],
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    expect(refused).toEqual(Array.from({ length: 15 }, () => 'failed-precondition'));
    expect((await db.collection('orders').get()).size).toBe(5);
    expect(await stock()).toBe(0);
  }, 120_000);
});
