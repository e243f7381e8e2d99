// @vitest-environment node
/**
 * What the orders tab reads, counted at the repository's Firestore emulator as production bills it, in a shop
 * of a few thousand orders: every query it can ask (each filter, each kind of search, the next page, the newest
 * orders it watches) reads at most its own limit, never the order history.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  getDocs,
  getFirestore,
  terminate,
  type Firestore,
} from 'firebase/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readProjectConfig,
  startOfflineEmulators,
  type OfflineEmulators,
} from '../../../../emulators/src/index';
import { adminFirestore } from '../../../../emulators/src/testing/admin';
import { ORDER_STATUSES, orderSearchQuery, orderSearchTerms, searchPhone } from '@/features/ordering/model';
import {
  BOUNDED_PAGE_LIMIT,
  NEWEST_ORDERS_WATCHED,
  newestOrdersQuery,
  ORDERS_PAGE_SIZE,
  ordersPageQuery,
  type OrdersFilter,
} from './order-queries';

const PROJECT_ID = 'demo-achar-shop';
const ORDERS = 3_000;
const NAMES = ['রহিমা বেগম', 'Karim Uddin', 'সালমা খাতুন', 'Nusrat Jahan'];
const PHONES = ['01712345678', '01812345678', '01912345678', '01612345678'];

let emulators: OfflineEmulators;
let app: FirebaseApp;
let db: Firestore;
let usageUrl: string;

async function readsOf(work: () => Promise<unknown>): Promise<number> {
  await fetch(usageUrl, { method: 'DELETE' });
  await work();
  return ((await (await fetch(usageUrl)).json()) as { documentReads: number }).documentReads;
}

beforeAll(async () => {
  process.env.METADATA_SERVER_DETECTION = 'none';
  emulators = await startOfflineEmulators({
    config: readProjectConfig(new URL('../../../..', import.meta.url).pathname),
    ports: { firestore: 0, storage: 0 },
  });
  usageUrl = `http://127.0.0.1:${emulators.firestore.port}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/usage`;
  const admin = adminFirestore(PROJECT_ID, emulators.firestore.port);
  await admin.doc('roles/admin').set({ user_id: 'admin', role: 'admin' });
  const writer = admin.bulkWriter();
  const start = Date.parse('2025-01-01T00:00:00Z');
  for (let index = 0; index < ORDERS; index += 1) {
    const id = `order-${String(index).padStart(5, '0')}`;
    const fields = {
      customer_name: NAMES[index % NAMES.length],
      customer_phone: PHONES[index % PHONES.length],
      product_name: index % 2 ? 'আমের আচার' : 'Lemon pickle',
    };
    void writer.create(admin.doc(`orders/${id}`), {
      ...fields,
      user_id: `u${index % NAMES.length}`,
      status: ORDER_STATUSES[index % ORDER_STATUSES.length],
      total_amount: 100,
      created_at: Timestamp.fromMillis(start + index * 60_000),
      search_phone: searchPhone(fields.customer_phone),
      search_terms: orderSearchTerms({ id, ...fields }),
    });
  }
  await writer.close();
  app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, 'orders-tab-reads-test');
  db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', emulators.firestore.port, {
    mockUserToken: { sub: 'admin', user_id: 'admin' },
  });
}, 120_000);

afterAll(async () => {
  if (db) await terminate(db);
  if (app) await deleteApp(app);
  await emulators?.stop();
});

describe(`the orders tab in a shop of ${ORDERS.toLocaleString('en')} orders`, () => {
  it('opens reading one page and the newest orders it watches', async () => {
    const all: OrdersFilter = { status: 'all', search: { kind: 'none' } };
    const reads = await readsOf(() =>
      Promise.all([
        getDocs(ordersPageQuery(all, { after: null, through: null }, db)),
        getDocs(newestOrdersQuery(db)),
      ]),
    );
    expect(reads).toBe(ORDERS_PAGE_SIZE + NEWEST_ORDERS_WATCHED);
  });

  it('reads at most a page for every filter and every kind of search, and for the next page', async () => {
    const searches = ['', 'রহি', '০১৭১২-৩৪৫৬৭৮', 'আমের'].map(orderSearchQuery);
    let answered = 0;
    for (const status of ['all', ...ORDER_STATUSES] as const) {
      for (const search of searches) {
        const filter = { status, search };
        let first: Awaited<ReturnType<typeof getDocs>> | null = null;
        const firstReads = await readsOf(async () => {
          first = await getDocs(ordersPageQuery(filter, { after: null, through: null }, db));
        });
        expect(firstReads).toBeLessThanOrEqual(ORDERS_PAGE_SIZE);
        const last = first!.docs[first!.docs.length - 1];
        if (!last) continue;
        answered += 1;
        const after = { at: last.get('created_at') as unknown, id: last.id };
        const nextReads = await readsOf(() => getDocs(ordersPageQuery(filter, { after, through: null }, db)));
        expect(nextReads).toBeLessThanOrEqual(ORDERS_PAGE_SIZE);
        const boundedReads = await readsOf(() =>
          getDocs(ordersPageQuery(filter, { after: null, through: after }, db)),
        );
        expect(boundedReads).toBeLessThanOrEqual(BOUNDED_PAGE_LIMIT);
      }
    }
    // Most combinations find orders (a phone's orders never have every status): the limits were exercised.
    expect(answered).toBeGreaterThan(12);
  }, 120_000);
});
