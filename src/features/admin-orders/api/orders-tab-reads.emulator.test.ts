// @vitest-environment node
/**
 * What the orders tab reads, counted at the repository's Firestore emulator as production bills it, in a shop
 * of a few thousand orders: every query it can ask (each filter, each kind of search, the next page, the newest
 * orders it watches) reads at most its own limit, never the order history.
 */
import { getDocs } from 'firebase/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { firestoreAsAdminForSuite } from '@/testing/firestore-as-admin';
import { ORDER_STATUSES, orderSearchQuery, orderSearchTerms, searchPhone } from '@/features/ordering/model';
import {
  BOUNDED_PAGE_LIMIT,
  NEWEST_ORDERS_WATCHED,
  newestOrdersQuery,
  ORDERS_PAGE_SIZE,
  ordersPageQuery,
  type OrdersFilter,
} from './order-queries';

const ORDERS = 3_000;
const NAMES = ['রহিমা বেগম', 'Karim Uddin', 'সালমা খাতুন', 'Nusrat Jahan'];
const PHONES = ['01712345678', '01812345678', '01912345678', '01612345678'];

const firestore = firestoreAsAdminForSuite('orders-tab-reads-test');

async function readsOf(work: () => Promise<unknown>): Promise<number> {
  await firestore.resetReads();
  await work();
  return firestore.documentReads();
}

beforeAll(async () => {
  const admin = firestore.admin;
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
}, 120_000);

describe(`the orders tab in a shop of ${ORDERS.toLocaleString('en')} orders`, () => {
  it('opens reading one page and the newest orders it watches', async () => {
    const all: OrdersFilter = { status: 'all', search: { kind: 'none' } };
    const reads = await readsOf(() =>
      Promise.all([
        getDocs(ordersPageQuery(all, { after: null, through: null }, firestore.db)),
        getDocs(newestOrdersQuery(firestore.db)),
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
          first = await getDocs(ordersPageQuery(filter, { after: null, through: null }, firestore.db));
        });
        expect(firstReads).toBeLessThanOrEqual(ORDERS_PAGE_SIZE);
        const last = first!.docs[first!.docs.length - 1];
        if (!last) continue;
        answered += 1;
        const after = { at: last.get('created_at') as unknown, id: last.id };
        const nextReads = await readsOf(() =>
          getDocs(ordersPageQuery(filter, { after, through: null }, firestore.db)),
        );
        expect(nextReads).toBeLessThanOrEqual(ORDERS_PAGE_SIZE);
        const boundedReads = await readsOf(() =>
          getDocs(ordersPageQuery(filter, { after: null, through: after }, firestore.db)),
        );
        expect(boundedReads).toBeLessThanOrEqual(BOUNDED_PAGE_LIMIT);
      }
    }
    // Most combinations find orders (a phone's orders never have every status): the limits were exercised.
    expect(answered).toBeGreaterThan(12);
  }, 120_000);
});
