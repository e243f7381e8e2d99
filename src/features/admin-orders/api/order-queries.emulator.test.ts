// @vitest-environment node
/**
 * Every query the orders tab can ask, against the repository's own Firestore emulator with the real
 * firestore.rules and firestore.indexes.json (the emulator refuses a query without its index with
 * FAILED_PRECONDITION, as production does), asked as the admin: each is allowed, served, and answers what the
 * filter says, newest first, page after page with nothing twice or skipped.
 */
import { getDocs, type QuerySnapshot } from 'firebase/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { firestoreAsAdminForSuite } from '@/testing/firestore-as-admin';
import { ORDER_STATUSES, orderSearchQuery, orderSearchTerms, searchPhone } from '@/features/ordering/model';
import type { AdminOrder } from '../model/admin-order';
import type { PageCursor } from '../model/order-pages';
import {
  NEWEST_ORDERS_WATCHED,
  newestOrdersQuery,
  ORDERS_PAGE_SIZE,
  ordersPageQuery,
  toVerifyCountQuery,
  type OrdersFilter,
} from './order-queries';

const firestore = firestoreAsAdminForSuite('order-queries-emulator-test');

const NAMES = ['রহিমা বেগম', 'Karim Uddin', 'সালমা খাতুন'];
const PHONES = ['01712345678', '01812345678', '01912345678'];
const start = Date.parse('2026-11-20T06:00:00Z');
// 130 orders: more than two pages, every status, three customers; one second apart, some sharing a moment.
const stored = Array.from({ length: 130 }, (_, index) => {
  const id = `order-${String(index).padStart(4, '0')}`;
  const customer = index % 3;
  const fields = {
    customer_name: NAMES[customer],
    customer_phone: PHONES[customer],
    product_name: index % 2 ? 'আমের আচার' : 'Lemon pickle',
  };
  return {
    id,
    ...fields,
    user_id: `u${customer}`,
    status: ORDER_STATUSES[index % ORDER_STATUSES.length],
    // Every fifth order's bKash payment waits for the seller's check ("যাচাই বাকি").
    payment_state: index % 5 === 0 ? 'claimed' : 'collect_on_delivery',
    total_amount: 100,
    // Pairs of orders share created_at: the cursor's id must tell them apart.
    created_at: Timestamp.fromMillis(start - Math.floor(index / 2) * 1000),
    search_phone: searchPhone(fields.customer_phone),
    search_terms: orderSearchTerms({ id, ...fields }),
    customer_key: `user:u${customer}`,
    stats_day: '2026-11-20',
  };
});

beforeAll(async () => {
  const batch = firestore.admin.batch();
  for (const { id, ...fields } of stored) batch.set(firestore.admin.doc(`orders/${id}`), fields);
  await batch.commit();
}, 120_000);

/** Reads every page the way the hook chains them: each after the last order of the one before. */
async function everyPage(filter: OrdersFilter): Promise<string[]> {
  const seen: string[] = [];
  let after: PageCursor | null = null;
  for (;;) {
    const page: QuerySnapshot<AdminOrder> = await getDocs(
      ordersPageQuery(filter, { after, through: null }, firestore.db),
    );
    seen.push(...page.docs.map((doc) => doc.id));
    if (page.size < ORDERS_PAGE_SIZE) return seen;
    const last = page.docs[page.docs.length - 1];
    after = { at: last.get('created_at') as unknown, id: last.id };
  }
}

const expected = (keep: (order: (typeof stored)[number]) => boolean) =>
  stored.filter(keep).map((order) => order.id);

describe("the orders tab's queries against the emulator", () => {
  it('pages through every order newest first, nothing twice or skipped', async () => {
    const ids = await everyPage({ status: 'all', search: { kind: 'none' } });
    expect(ids).toHaveLength(130);
    expect(new Set(ids).size).toBe(130);
    const newestFirst = [...stored]
      .sort((a, b) => b.created_at.toMillis() - a.created_at.toMillis() || (a.id < b.id ? 1 : -1))
      .map((order) => order.id);
    expect(ids).toEqual(newestFirst);
  });

  it('answers every status filter and every kind of search, alone and together, from its index', async () => {
    const searches = ['', 'রহি', 'KARIM', '০১৯১২-৩৪৫৬৭৮', '#DER-0007', 'আমের'];
    for (const status of ['all', 'to_verify', ...ORDER_STATUSES] as const) {
      for (const text of searches) {
        const search = orderSearchQuery(text);
        const ids = await everyPage({ status, search });
        const matches = expected(
          (order) =>
            (status === 'all' ||
              (status === 'to_verify' ? order.payment_state === 'claimed' : order.status === status)) &&
            (search.kind === 'none' ||
              (search.kind === 'phone' && order.search_phone === search.phone) ||
              (search.kind === 'term' && order.search_terms.includes(search.term))),
        );
        expect(new Set(ids), `${status} / ${text}`).toEqual(new Set(matches));
        expect(ids.length, `${status} / ${text}`).toBe(matches.length);
      }
    }
  });

  it('finds an order by its number', async () => {
    const ids = await everyPage({ status: 'all', search: orderSearchQuery('#DER-0007') });
    expect(ids).toEqual(['order-0007']);
  });

  it('serves a bounded page and the newest orders the dashboard watches for new ones', async () => {
    const first = await getDocs(
      ordersPageQuery(
        { status: 'all', search: { kind: 'none' } },
        { after: null, through: null },
        firestore.db,
      ),
    );
    const last = first.docs[first.docs.length - 1];
    const bounded = await getDocs(
      ordersPageQuery(
        { status: 'all', search: { kind: 'none' } },
        { after: null, through: { at: last.get('created_at') as unknown, id: last.id } },
        firestore.db,
      ),
    );
    expect(bounded.docs.map((doc) => doc.id)).toEqual(first.docs.map((doc) => doc.id));
    const newest = await getDocs(newestOrdersQuery(firestore.db));
    expect(newest.docs.map((doc) => doc.id)).toEqual(
      first.docs.slice(0, NEWEST_ORDERS_WATCHED).map((doc) => doc.id),
    );
    const toVerify = await getDocs(toVerifyCountQuery(firestore.db));
    expect(toVerify.size).toBe(expected((order) => order.payment_state === 'claimed').length);
  });
});
