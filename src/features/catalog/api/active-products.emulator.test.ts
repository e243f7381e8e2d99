// @vitest-environment node
/**
 * The shop window's two queries (the one-shot REST request and the live listener) against the repository's own
 * Firestore emulator, with the real firestore.rules and firestore.indexes.json, asked as a signed-out visitor:
 * only active products in stock, newest first. Only the connection is redirected to a private port; the
 * queries are the modules' own.
 */
import { initializeApp, deleteApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, terminate, type Firestore } from 'firebase/firestore';
import type { Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  readProjectConfig,
  startOfflineEmulators,
  type OfflineEmulators,
} from '../../../../emulators/src/index';
import { adminFirestore } from '../../../../emulators/src/testing/admin';
import type { Product } from '../model/product';

const connection = vi.hoisted(() => ({ db: undefined as Firestore | undefined }));
vi.mock('@/lib/firestore', () => ({ db: connection.db }));

const PROJECT_ID = 'demo-achar-shop';
let emulators: OfflineEmulators;
let app: FirebaseApp;
let admin: AdminFirestore;

const day = (date: string) => Timestamp.fromDate(new Date(`${date}T10:00:00Z`));
const jar = (name: string, created: string, changes: Record<string, unknown> = {}) => ({
  name,
  price: 250,
  stock_quantity: 5,
  is_active: true,
  created_at: day(created),
  ...changes,
});

// Newest first is neither the order of the ids nor of the oldest first; the newest two are hidden.
const shelf = {
  garlic: jar('রসুনের আচার', '2026-11-01'),
  lime: jar('লেবুর আচার', '2026-11-02', { stock_quantity: 1 }),
  mango: jar('আমের আচার', '2026-11-03', { slug: 'আমের-আচার' }),
  olive: jar('জলপাইয়ের আচার', '2026-11-04', { is_active: false }),
  tamarind: jar('তেঁতুলের আচার', '2026-11-05', { stock_quantity: 0 }),
};
const shown = (products: Product[]) => products.map((product) => product.id);
// A bound on waiting for the listener, not a measure of its speed: the machine may be busy.
const WAIT = { timeout: 15_000 };

beforeAll(async () => {
  process.env.METADATA_SERVER_DETECTION = 'none';
  const root = new URL('../../../..', import.meta.url).pathname;
  emulators = await startOfflineEmulators({
    config: readProjectConfig(root),
    ports: { firestore: 0, storage: 0 },
  });
  const { port } = emulators.firestore;
  admin = adminFirestore(PROJECT_ID, port);
  await Promise.all(Object.entries(shelf).map(([id, fields]) => admin.doc(`products/${id}`).set(fields)));

  app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, 'catalog-emulator-test');
  connection.db = getFirestore(app);
  connectFirestoreEmulator(connection.db, '127.0.0.1', port);
});

afterAll(async () => {
  if (connection.db) await terminate(connection.db);
  if (app) await deleteApp(app);
  await emulators?.stop();
});

describe("the shop window's products, as a visitor gets them", () => {
  it('in one request: the active products in stock, newest first', async () => {
    const { fetchActiveProducts } = await import('./active-products-rest');
    const products = await fetchActiveProducts(`http://127.0.0.1:${emulators.firestore.port}`);
    expect(shown(products)).toEqual(['mango', 'lime', 'garlic']);
    expect(products[0]).toEqual({
      id: 'mango',
      name: 'আমের আচার',
      description: null,
      price: 250,
      original_price: null,
      image_url: null,
      image_path: null,
      category: null,
      stock_quantity: 5,
      low_stock_threshold: 5, // the default when a product has none
      is_active: true,
      slug: 'আমের-আচার', // the card links to its page by it
      created_at: new Date('2026-11-03T10:00:00Z'),
      updated_at: null,
    });
  });

  it('live: the same list first, then a new jar on top and a sold-out one gone, as the seller changes them', async () => {
    const { subscribeToActiveProducts } = await import('./active-products-query');
    const answers: string[][] = [];
    const errors: Error[] = [];
    const unsubscribe = subscribeToActiveProducts(
      (products) => answers.push(shown(products)),
      (error) => errors.push(error),
    );
    try {
      await vi.waitFor(() => expect(answers[0]).toEqual(['mango', 'lime', 'garlic']), WAIT);
      await admin.doc('products/chili').set(jar('মরিচের আচার', '2026-11-06'));
      await vi.waitFor(() => expect(answers.at(-1)).toEqual(['chili', 'mango', 'lime', 'garlic']), WAIT);
      await admin.doc('products/lime').update({ stock_quantity: 0 });
      await vi.waitFor(() => expect(answers.at(-1)).toEqual(['chili', 'mango', 'garlic']), WAIT);
      expect(errors).toEqual([]);
    } finally {
      unsubscribe();
      await admin.doc('products/chili').delete();
      await admin.doc('products/lime').update({ stock_quantity: 1 });
    }
  });
});
