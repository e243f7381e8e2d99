import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, Timestamp, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  chooseSlug,
  isMobilePaymentMethod,
  paymentClaimId,
  PAYMENT_SETTINGS_PATH,
  type ProductFields,
} from '../../src/features/ordering/model';
import { orderSearchFields } from '../../functions/src/customer-summary';
import { deleteProductPhotoSizes, resizeProductPhoto } from '../../functions/src/product-photo-sizes';
import { DEMO_CATALOG, type CatalogProduct } from './catalog';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO_CUSTOMERS, DEMO_PAYMENT_SETTINGS, demoOrders, type DemoOrderProduct } from './demo-orders';
import { DEMO_PROJECT_ID, useEmulators } from './emulator-env';
import { renderJarImage } from './jar-image';
import { rebuildDerivedOrderData } from '../stats-rebuild';

export interface SeedOptions {
  /** Replace the products and orders even when the store already has some. */
  force?: boolean;
  /** The moment the demo orders are spread back from; defaults to now. */
  now?: Date;
  /** How many demo orders to write (30–60 makes a lively dashboard). */
  orderCount?: number;
  projectId?: string;
  log?: (line: string) => void;
}

export interface SeededAccount {
  email: string;
  uid: string;
  created: boolean;
}

export interface SeedReport {
  /** True when the store already had data and --force was not given: only the accounts were ensured. */
  skipped: boolean;
  accounts: { admin: SeededAccount; customer: SeededAccount };
  removed: { products: number; orders: number; images: number };
  products: { id: string; name: string; image_path: string }[];
  orders: number;
}

const DAY = 24 * 60 * 60 * 1000;

async function ensureAccount(auth: Auth, account: (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS]) {
  try {
    const existing = await auth.getUserByEmail(account.email);
    // make-admin grants only to verified e-mails; a demo account kept from an older seed may not be one.
    if (!existing.emailVerified) await auth.updateUser(existing.uid, { emailVerified: true });
    const phoneNumber = 'phoneNumber' in account ? account.phoneNumber : undefined;
    if (phoneNumber && !existing.phoneNumber) await auth.updateUser(existing.uid, { phoneNumber });
    return { email: account.email, uid: existing.uid, created: false };
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
  const user = await auth.createUser({ ...account, emailVerified: true });
  return { email: account.email, uid: user.uid, created: true };
}

async function isEmpty(db: Firestore): Promise<boolean> {
  const [products, orders] = await Promise.all([
    db.collection('products').limit(1).get(),
    db.collection('orders').limit(1).get(),
  ]);
  return products.empty && orders.empty;
}

async function deleteAll(db: Firestore, collection: string, onEach?: (data: DocumentData) => Promise<void>) {
  const snapshot = await db.collection(collection).get();
  for (const doc of snapshot.docs) await onEach?.(doc.data());
  for (let start = 0; start < snapshot.docs.length; start += 400) {
    const batch = db.batch();
    for (const doc of snapshot.docs.slice(start, start + 400)) batch.delete(doc.ref);
    await batch.commit();
  }
  return snapshot.size;
}

/**
 * Runs a storage call again when its kept-alive connection was closed under it (ECONNRESET, "socket hang
 * up"): every call made here may be repeated safely, and an idle pooled socket is no reason to fail a seed.
 */
async function retryOnDroppedConnection<T>(call: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const text = `${(error as { code?: string }).code ?? ''} ${(error as Error).message ?? ''}`;
      if (attempt >= attempts || !/ECONNRESET|socket hang up|EPIPE/i.test(text)) throw error;
    }
  }
}

/** The storage path the admin form also uses: product-images/<random>-<timestamp>.<ext>. */
function newImagePath(now: Date): string {
  return `product-images/${randomBytes(6).toString('hex')}-${now.getTime()}.webp`;
}

function downloadUrl(bucket: string, path: string, token: string): string {
  const host = process.env.FIREBASE_STORAGE_EMULATOR_HOST;
  return `http://${host}/v0/b/${bucket}/o/${encodeURIComponent(path)}?alt=media&token=${token}`;
}

async function addProduct(app: App, db: Firestore, product: CatalogProduct, now: Date) {
  const bucket = getStorage(app).bucket();
  const imagePath = newImagePath(now);
  const token = randomUUID();
  const image = await renderJarImage(product.look, hashKey(product.key));
  await retryOnDroppedConnection(() =>
    bucket.file(imagePath).save(image, {
      resumable: false,
      contentType: 'image/webp',
      metadata: { cacheControl: 'public, max-age=3600', metadata: { firebaseStorageDownloadTokens: token } },
    }),
  );
  const addedAt = Timestamp.fromMillis(now.getTime() - product.addedDaysAgo * DAY);
  const ref = db.collection('products').doc();
  const fields: ProductFields = {
    name: product.name,
    description: product.description,
    price: product.price,
    original_price: product.original_price,
    image_url: downloadUrl(bucket.name, imagePath, token),
    image_path: imagePath,
    category: product.category,
    stock_quantity: product.stock_quantity,
    is_active: product.is_active,
  };
  // Its page's address, claimed as the seller's save claims it (src/features/admin-products/api/products.ts).
  await db.runTransaction(async (transaction) => {
    const slug = await chooseSlug(product.name, ref.id, async (candidate) => {
      const record = await transaction.get(db.doc(`slugs/${candidate}`));
      return record.exists ? String(record.get('product_id')) : null;
    });
    transaction.set(db.doc(`slugs/${slug}`), { product_id: ref.id });
    transaction.set(ref, { ...fields, slug, created_at: addedAt, updated_at: addedAt });
  });
  // The phone sizes, as the resizeProductPhoto function makes them for an upload (and marks the product), made
  // here so the demo shop has them whether or not the Functions emulator runs and triggers it.
  const sized = await retryOnDroppedConnection(() =>
    resizeProductPhoto(bucket, db, { name: imagePath, contentType: 'image/webp' }),
  );
  if (sized !== 'resized' && sized !== 'already-resized')
    throw new Error(`Seed: the sizes of ${imagePath} were not made (${sized})`);
  return { id: ref.id, name: product.name, price: product.price, image_path: imagePath };
}

function hashKey(key: string): number {
  let hash = 2166136261;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/** The catalogue part of the seed: what the store held before it, and the products it added. */
export interface CatalogSeed {
  /** True when the store already had products or orders and `force` was not given: nothing was changed. */
  skipped: boolean;
  removed: SeedReport['removed'];
  products: (DemoOrderProduct & { image_path: string })[];
}

/** What seedCatalog answers for a store it leaves as it is (it already has products or orders). */
export function keptCatalog(): CatalogSeed {
  return { skipped: true, removed: { products: 0, orders: 0, images: 0 }, products: [] };
}

/** A throwaway admin app on the emulators for one part of the seed. */
async function withSeedApp<T>(projectId: string, work: (app: App) => Promise<T>): Promise<T> {
  useEmulators();
  const app = initializeApp(
    { projectId, storageBucket: `${projectId}.appspot.com` },
    `achar-seed-${randomUUID()}`,
  );
  try {
    return await work(app);
  } finally {
    await deleteApp(app);
  }
}

/**
 * The demo shop's catalogue: ten pickles with their jar pictures and phone sizes (made here), replacing the
 * store's products and orders when `force` is set. Needs Firestore and Storage only, so `npm start` runs it
 * before the Functions emulator is up: the photos then fire no function, whose only work would be the sizes
 * made here (forty uploads at once start forty Node workers in firebase-tools' emulator and hold a 2-core
 * machine for a minute).
 */
export async function seedCatalog(options: SeedOptions = {}): Promise<CatalogSeed> {
  const { force = false, now = new Date(), projectId = DEMO_PROJECT_ID, log = () => {} } = options;
  return withSeedApp(projectId, async (app) => {
    const db = getFirestore(app);
    const seeded: CatalogSeed = { ...keptCatalog(), skipped: false };
    if (!(await isEmpty(db))) {
      if (!force) {
        log('the store already has products or orders; left as it is (use --force to replace them)');
        return keptCatalog();
      }
      const bucket = getStorage(app).bucket();
      seeded.removed.orders = await deleteAll(db, 'orders');
      await deleteAll(db, 'slugs');
      seeded.removed.products = await deleteAll(db, 'products', async (data) => {
        if (typeof data.image_path !== 'string') return;
        const path = data.image_path;
        await retryOnDroppedConnection(() => bucket.file(path).delete({ ignoreNotFound: true }));
        await retryOnDroppedConnection(() => deleteProductPhotoSizes(bucket, path));
        seeded.removed.images += 1;
      });
      log(
        `removed ${seeded.removed.products} products, ${seeded.removed.images} images, ${seeded.removed.orders} orders`,
      );
    }
    for (const product of DEMO_CATALOG) seeded.products.push(await addProduct(app, db, product, now));
    log(
      `products: ${seeded.products.length}, each with a jar picture in product-images/ and its phone sizes`,
    );
    return seeded;
  });
}

/**
 * The rest of the demo shop once Auth runs: the admin and customer accounts (always ensured) and the admin's
 * role, then, when `catalog` added products, a few weeks of orders of them and what placeOrder would have
 * derived from them. A kept store only gets its statistics derived if it predates them.
 */
export async function seedAccountsAndOrders(
  catalog: CatalogSeed,
  options: SeedOptions = {},
): Promise<SeedReport> {
  const { now = new Date(), orderCount = 48, projectId = DEMO_PROJECT_ID, log = () => {} } = options;
  return withSeedApp(projectId, async (app) => {
    const db = getFirestore(app);
    const auth = getAuth(app);

    const admin = await ensureAccount(auth, DEMO_ACCOUNTS.admin);
    const customer = await ensureAccount(auth, DEMO_ACCOUNTS.customer);
    await db.doc(`roles/${admin.uid}`).set({ user_id: admin.uid, role: 'admin' });
    log(`accounts: ${admin.email} (admin), ${customer.email} (customer)`);

    // The shop's bKash and Nagad numbers, unless the seller has set their own in a kept store.
    const paymentSettings = db.collection(PAYMENT_SETTINGS_PATH.collection).doc(PAYMENT_SETTINGS_PATH.id);
    if (!catalog.skipped || !(await paymentSettings.get()).exists) {
      await paymentSettings.set({ ...DEMO_PAYMENT_SETTINGS, updated_at: Timestamp.fromDate(now) });
      log('payments: cash, bKash (personal) and Nagad (merchant) offered');
    }

    const report: SeedReport = {
      skipped: catalog.skipped,
      accounts: { admin, customer },
      removed: catalog.removed,
      products: catalog.products.map(({ id, name, image_path }) => ({ id, name, image_path })),
      orders: 0,
    };

    if (catalog.skipped) {
      // Data kept from before the statistics roll-ups existed (.emulator-data/): derive them once, so the
      // dashboard does not show an empty shop.
      const [orders, rollups] = await Promise.all([
        db.collection('orders').limit(1).get(),
        db.collection('order_stats').limit(1).get(),
      ]);
      if (!orders.empty && rollups.empty) {
        const { stats } = await rebuildDerivedOrderData(db);
        log(`statistics: derived ${stats.written} roll-up documents from ${stats.orders} kept orders`);
      }
      return report;
    }

    const customers = DEMO_CUSTOMERS.map((person) =>
      person.email === customer.email ? { ...person, uid: customer.uid } : person,
    );
    const orders = demoOrders(catalog.products, customers, now, { count: orderCount });
    await deleteAll(db, 'payment_claims');
    const batch = db.batch();
    for (const order of orders) {
      const ref = db.collection('orders').doc();
      batch.set(ref, {
        ...order,
        // What placeOrder writes with every order, for the dashboard's indexed search and the statistics.
        ...orderSearchFields(ref.id, order, order.created_at),
        created_at: Timestamp.fromDate(order.created_at),
        updated_at: Timestamp.fromDate(order.updated_at),
      });
      // Each TrxID claimed for its order, as placeOrder and submitPayment claim them.
      if (order.payment_trxid && isMobilePaymentMethod(order.payment_method)) {
        batch.set(db.doc(`payment_claims/${paymentClaimId(order.payment_method, order.payment_trxid)}`), {
          order_id: ref.id,
          method: order.payment_method,
          trxid: order.payment_trxid,
          created_at: Timestamp.fromDate(order.payment_updated_at),
        });
      }
    }
    await batch.commit();
    report.orders = orders.length;
    log(`orders: ${orders.length} over the last 21 days`);
    // The orders were written directly, not through placeOrder: derive what it would have kept with them (the
    // customer summaries, the statistics roll-ups), so the seeded shop is consistent; this also clears a
    // replaced shop's.
    const { stats } = await rebuildDerivedOrderData(db);
    log(`statistics: ${stats.written} roll-up documents over ${stats.orders} orders`);
    return report;
  });
}

/**
 * Fills the local emulators with the demo shop: the admin and customer accounts, the admin's role record,
 * ten pickles with their jar pictures, and a few weeks of orders. Leaves a store that already has products
 * or orders alone unless `force` is set (the accounts and role are ensured either way).
 */
export async function seedDemoData(options: SeedOptions = {}): Promise<SeedReport> {
  const both = { ...options, now: options.now ?? new Date() };
  return seedAccountsAndOrders(await seedCatalog(both), both);
}
