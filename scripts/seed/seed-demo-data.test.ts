import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import {
  productPhotoSizePaths,
  productPhotoSrcset,
} from '../../src/features/ordering/model/product-photo-sizes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  hostAndPort,
  PROJECT_ID,
  startAcharEmulators,
  startAuthEmulator,
  type AcharEmulators,
  type AuthEmulator,
} from '../../tests/support/emulator-processes';
import {
  computeDashboardStats,
  dhakaDateKey,
  readMonthShard,
  readTotalShard,
  statsFromRollups,
} from '../../src/features/admin-stats/model';
import { orderSearchTerms, slugFromName } from '../../src/features/ordering/model';
import { DEMO_CATALOG } from './catalog';
import { seedDemoData, type SeedReport } from './seed-demo-data';

let achar: AcharEmulators;
let firebaseTools: AuthEmulator;
let app: App;
let db: Firestore;

const now = new Date('2026-11-21T06:00:00Z');

beforeAll(async () => {
  achar = await startAcharEmulators();
  firebaseTools = await startAuthEmulator(achar);
  process.env.FIRESTORE_EMULATOR_HOST = hostAndPort(achar.firestore);
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = hostAndPort(achar.storage);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = hostAndPort(firebaseTools.auth);
  app = initializeApp({ projectId: PROJECT_ID, storageBucket: `${PROJECT_ID}.appspot.com` }, 'seed-test');
  db = getFirestore(app);
});

afterAll(async () => {
  if (app) await deleteApp(app);
  await firebaseTools?.stop();
  await achar?.stop();
});

async function count(collection: string) {
  return (await db.collection(collection).get()).size;
}

/** The stats tab's numbers from the seeded roll-ups must be those of the seeded orders. */
async function expectStatsToMatchOrders(orderCount: number) {
  const stats = await db.collection('order_stats').get();
  const totals = stats.docs
    .filter((doc) => doc.get('kind') === 'total')
    .map((doc) => readTotalShard(doc.data()));
  const months = stats.docs
    .filter((doc) => doc.get('kind') === 'month')
    .map((doc) => readMonthShard(doc.data()));
  const orders = (await db.collection('orders').get()).docs.map((doc) => doc.data());
  expect(orders.every((order) => typeof order.stats_day === 'string')).toBe(true);
  const fromOrders = computeDashboardStats(
    orders.map((order) => ({
      status: order.status as string,
      total_amount: order.total_amount as number,
      created_at: order.created_at.toDate() as Date,
      payment_method: order.payment_method,
      payment_state: order.payment_state,
    })),
    now,
  );
  expect(fromOrders.totalOrders).toBe(orderCount);
  expect(statsFromRollups(totals, months, now)).toEqual(fromOrders);
}

describe('seedDemoData', () => {
  let first: SeedReport;

  it('fills an empty store with accounts, the admin role, ten products with pictures and 48 orders', async () => {
    const lines: string[] = [];
    first = await seedDemoData({ now, log: (line) => lines.push(line) });

    expect(first.skipped).toBe(false);
    expect(first.accounts.admin).toMatchObject({ email: 'admin@achar.test', created: true });
    expect(first.accounts.customer).toMatchObject({ email: 'customer@achar.test', created: true });
    expect(lines.length).toBeGreaterThan(0);

    const auth = getAuth(app);
    expect((await auth.getUserByEmail('admin@achar.test')).uid).toBe(first.accounts.admin.uid);
    const role = await db.doc(`roles/${first.accounts.admin.uid}`).get();
    expect(role.data()).toEqual({ user_id: first.accounts.admin.uid, role: 'admin' });
    expect((await db.doc(`roles/${first.accounts.customer.uid}`).get()).exists).toBe(false);

    const products = await db.collection('products').get();
    expect(products.size).toBe(10);
    expect(products.docs.map((doc) => doc.get('name')).sort()).toEqual(
      DEMO_CATALOG.map((p) => p.name).sort(),
    );
    expect(products.docs.filter((doc) => doc.get('is_active') === false)).toHaveLength(1);
    expect(products.docs.filter((doc) => doc.get('stock_quantity') === 0)).toHaveLength(1);
    // Each with its page's address, claimed as the seller's save claims it.
    for (const product of products.docs) {
      const slug = product.get('slug') as string;
      expect(slug).toBe(slugFromName(product.get('name') as string));
      expect((await db.doc(`slugs/${slug}`).get()).get('product_id')).toBe(product.id);
    }

    expect(await count('orders')).toBe(48);
    const customerOrders = await db
      .collection('orders')
      .where('user_id', '==', first.accounts.customer.uid)
      .get();
    expect(customerOrders.size).toBeGreaterThan(0);
    await expectStatsToMatchOrders(48);

    // The shop's wallets, and each TrxID of the demo orders claimed for its order.
    expect((await db.doc('settings/payments').get()).data()).toMatchObject({
      methods: { cash_on_delivery: true, bkash: true, nagad: true },
      bkash: { account_type: 'personal' },
      nagad: { account_type: 'merchant' },
    });
    const claimed = (await db.collection('orders').where('payment_trxid', '!=', null).get()).docs;
    expect(claimed.length).toBeGreaterThan(0);
    for (const order of claimed) {
      const claim = await db
        .doc(
          `payment_claims/${order.get('payment_method') as string}-${order.get('payment_trxid') as string}`,
        )
        .get();
      expect(claim.get('order_id')).toBe(order.id);
    }
  });

  it("writes each order's search fields and one summary per customer, as placeOrder would", async () => {
    const orders = (await db.collection('orders').get()).docs;
    for (const order of orders) {
      const createdAt = (order.get('created_at') as Timestamp).toDate();
      expect(order.get('stats_day')).toBe(dhakaDateKey(createdAt));
      expect(order.get('search_phone')).toMatch(/^01[3-9]\d{8}$/);
      expect(order.get('customer_key')).toBe(`user:${order.get('user_id') as string}`);
      expect(order.get('search_terms')).toEqual(
        orderSearchTerms({
          id: order.id,
          customer_name: order.get('customer_name') as string,
          product_name: order.get('product_name') as string,
        }),
      );
    }
    const customers = (await db.collection('customers').get()).docs;
    expect(new Set(customers.map((customer) => customer.id))).toEqual(
      new Set(orders.map((order) => order.get('customer_key') as string)),
    );
    expect(customers.reduce((sum, customer) => sum + (customer.get('order_count') as number), 0)).toBe(48);
  });

  it('gives every product a WebP picture under product-images/ that its image_url serves', async () => {
    const products = await db.collection('products').get();
    for (const product of products.docs) {
      const path = product.get('image_path') as string;
      expect(path).toMatch(/^product-images\/[0-9a-f]{12}-\d{13}\.webp$/);
      const response = await fetch(product.get('image_url') as string);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      const size = (await response.arrayBuffer()).byteLength;
      expect(size).toBeGreaterThan(12_000);
      expect(size).toBeLessThan(45_000);
    }
  });

  it("gives every demo picture its phone sizes, marked on the product, as the storefront's srcset names them", async () => {
    const products = await db.collection('products').get();
    for (const product of products.docs) {
      const path = product.get('image_path') as string;
      expect(product.get('image_sized_path')).toBe(path);
      const srcset = productPhotoSrcset({
        image_url: product.get('image_url') as string,
        image_path: path,
        image_sized_path: path,
      });
      const candidates = (srcset ?? '').split(', ').map((candidate) => candidate.split(' '));
      expect(candidates.map(([, width]) => width)).toEqual(['320w', '640w', '960w']);
      const original = (await (await fetch(product.get('image_url') as string)).arrayBuffer()).byteLength;
      const [small, phone] = await Promise.all(
        candidates.slice(0, 2).map(async ([url]) => {
          const response = await fetch(url);
          expect(response.headers.get('content-type')).toBe('image/webp');
          return (await response.arrayBuffer()).byteLength;
        }),
      );
      expect(small).toBeLessThan(phone);
      expect(phone).toBeLessThan(original);
    }
  });

  it('leaves a store that has data alone, but still makes sure of the accounts, verified', async () => {
    // An admin account kept from an older seed, before its e-mail was marked verified.
    await getAuth(app).updateUser(first.accounts.admin.uid, { emailVerified: false });
    const again = await seedDemoData({ now });
    expect((await getAuth(app).getUser(first.accounts.admin.uid)).emailVerified).toBe(true);
    expect(again.skipped).toBe(true);
    expect(again.accounts.admin).toEqual({ ...first.accounts.admin, created: false });
    expect(again.products).toEqual([]);
    expect(await count('products')).toBe(10);
    expect(await count('orders')).toBe(48);
  });

  it('derives the roll-ups of a kept store that has orders from before them, and leaves the orders alone', async () => {
    const rollups = await db.collection('order_stats').get();
    await Promise.all(rollups.docs.map((doc) => doc.ref.delete()));
    const again = await seedDemoData({ now });
    expect(again.skipped).toBe(true);
    expect(await count('orders')).toBe(48);
    await expectStatsToMatchOrders(48);
  });

  it('with force, replaces the products, their pictures and the orders', async () => {
    const replaced = await seedDemoData({ now, force: true, orderCount: 30 });
    expect(replaced.skipped).toBe(false);
    expect(replaced.removed).toEqual({ products: 10, orders: 48, images: 10 });
    expect(await count('products')).toBe(10);
    expect(await count('orders')).toBe(30);
    await expectStatsToMatchOrders(30);

    const bucket = getStorage(app).bucket();
    const [oldStillThere] = await bucket.file(first.products[0].image_path).exists();
    expect(oldStillThere).toBe(false);
    const [newThere] = await bucket.file(replaced.products[0].image_path).exists();
    expect(newThere).toBe(true);
    const [oldSizes] = await bucket.getFiles({ prefix: 'product-images/resized/' });
    expect(oldSizes).toHaveLength(30); // the new pictures' three sizes each, none of the old
    for (const path of productPhotoSizePaths(first.products[0].image_path))
      expect((await bucket.file(path).exists())[0]).toBe(false);
    expect(new Set(replaced.products.map((p) => p.id))).not.toEqual(new Set(first.products.map((p) => p.id)));
  });
});
