// What the Cloud Functions read, counted at the emulator as production bills it, in a shop with a few thousand
// orders: placing an order or changing a status reads the documents it decides on, never the order history.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readProjectConfig, startOfflineEmulators, type OfflineEmulators } from '../../emulators/src/index';
import { ORDER_STATUSES } from '../../src/features/ordering/model';
import { orderSearchFields, rebuildOrderSearchAndCustomers } from './customer-summary';
import { rebuildOrderStats } from './order-stats';
import { setOrderStatus } from './set-order-status';
import { lemonOrder, placeOrder } from './testing/lemon-shelf';

const ORDERS = 3_000;
/** Far fewer than the orders: what one call may read (the product, a few of the caller's orders, summaries). */
const READS_PER_CALL = 20;

let emulators: OfflineEmulators;
let app: App;
let db: Firestore;
let usageUrl: string;

async function documentReads(): Promise<number> {
  return ((await (await fetch(usageUrl)).json()) as { documentReads: number }).documentReads;
}

async function readsOf(work: () => Promise<unknown>): Promise<number> {
  await fetch(usageUrl, { method: 'DELETE' });
  await work();
  return documentReads();
}

beforeAll(async () => {
  emulators = await startOfflineEmulators({
    config: readProjectConfig(new URL('../..', import.meta.url).pathname),
    ports: { firestore: 0, storage: 0 },
  });
  const host = `127.0.0.1:${emulators.firestore.port}`;
  process.env.FIRESTORE_EMULATOR_HOST = host;
  usageUrl = `http://${host}/emulator/v1/projects/demo-achar-shop/databases/(default)/usage`;
  app = initializeApp({ projectId: 'demo-achar-shop' }, 'reads-at-scale');
  db = getFirestore(app);

  await db.doc('roles/seller').set({ user_id: 'seller', role: 'admin' });
  await db.doc('products/lemon').set({
    name: 'লেবুর আচার',
    price: 160.5,
    stock_quantity: 50_000,
    is_active: true,
    created_at: Timestamp.now(),
  });
  const writer = db.bulkWriter();
  const start = Date.parse('2025-01-01T00:00:00Z');
  for (let index = 0; index < ORDERS; index += 1) {
    const ref = db.collection('orders').doc();
    const createdAt = new Date(start + index * 3_600_000);
    const order = {
      product_id: 'lemon',
      product_name: 'লেবুর আচার',
      product_price: 160.5,
      quantity: 1,
      total_amount: 160.5,
      customer_name: `ক্রেতা ${index % 300}`,
      customer_phone: `017${String(10_000_000 + (index % 300)).slice(-8)}`,
      customer_email: null,
      customer_address: 'কেরানীগঞ্জ, ঢাকা',
      payment_method: 'cash_on_delivery',
      user_id: `customer-${index % 300}`,
      status: ORDER_STATUSES[index % ORDER_STATUSES.length],
      created_at: Timestamp.fromDate(createdAt),
      updated_at: Timestamp.fromDate(createdAt),
    };
    void writer.create(ref, { ...order, ...orderSearchFields(ref.id, order, createdAt) });
  }
  await writer.close();
  await rebuildOrderSearchAndCustomers(db);
  await rebuildOrderStats(db);
}, 120_000);

afterAll(async () => {
  if (app) await deleteApp(app);
  await emulators?.stop();
});

beforeEach(async () => {
  await fetch(usageUrl, { method: 'DELETE' });
});

describe(`the functions in a shop of ${ORDERS.toLocaleString('en')} orders`, () => {
  it('placeOrder reads the product and a few of the caller’s orders, not the history', async () => {
    const reads = await readsOf(() =>
      placeOrder(db, { uid: 'new-customer', token: {} }, lemonOrder({ quantity: 2 })),
    );
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThanOrEqual(READS_PER_CALL);
  });

  it('placeOrder refusing a returning customer with three open orders reads no more', async () => {
    let refused: unknown = null;
    const reads = await readsOf(() =>
      placeOrder(db, { uid: 'customer-7', token: {} }, lemonOrder()).catch((error: unknown) => {
        refused = error;
      }),
    );
    expect(refused).toMatchObject({ code: 'resource-exhausted' });
    expect(reads).toBeLessThanOrEqual(READS_PER_CALL);
  });

  it('a cancel and an un-cancel by the seller each read a handful of documents', async () => {
    const { orderId } = await placeOrder(db, { uid: 'another-new-customer', token: {} }, lemonOrder());
    const seller = { uid: 'seller', token: { email_verified: true } };
    const cancel = await readsOf(() => setOrderStatus(db, seller, { orderId, status: 'cancelled' }));
    const bringBack = await readsOf(() => setOrderStatus(db, seller, { orderId, status: 'pending' }));
    expect(cancel).toBeGreaterThan(0);
    expect(cancel).toBeLessThanOrEqual(READS_PER_CALL);
    expect(bringBack).toBeLessThanOrEqual(READS_PER_CALL);
  });

  it('counts the history when it is read (the counter is not blind)', async () => {
    expect(await readsOf(() => db.collection('orders').get())).toBeGreaterThanOrEqual(ORDERS);
  });
});
