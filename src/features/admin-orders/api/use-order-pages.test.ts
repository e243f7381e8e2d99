import { act, renderHook } from '@testing-library/react';
import type { LiveQueryFake } from '@/testing/live-query-fake';
import { queryShape } from '@/testing/query-shape';
import type { AdminOrder } from '../model/admin-order';
import { BOUNDED_PAGE_LIMIT, ORDERS_PAGE_SIZE, type OrdersFilter } from './order-queries';
import { useOrderPages } from './use-order-pages';

// The Firebase boundary: each page's onSnapshot. The tests play Firestore: they answer each page's query.
const live = vi.hoisted(() => ({ fake: null as unknown as LiveQueryFake }));
vi.mock('firebase/firestore', async (importOriginal) => {
  live.fake = (await import('@/testing/live-query-fake')).createLiveQueryFake();
  return {
    ...(await importOriginal<typeof import('firebase/firestore')>()),
    onSnapshot: live.fake.onSnapshot,
  };
});

const start = new Date('2026-11-20T12:00:00Z').getTime();
/** Order n was placed n minutes before noon: a higher n is older. Negative n are orders placed later. */
const order = (n: number) =>
  ({
    id: `o${String(n + 1000).padStart(5, '0')}`,
    status: 'pending',
    created_at: new Date(start - n * 60_000),
  }) as AdminOrder;
const range = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => order(from + index));
const ids = (orders: AdminOrder[]) => orders.map((o) => o.id);

const allOrders: OrdersFilter = { status: 'all', search: { kind: 'none' } };

/** The listeners still listening, oldest first. */
function listening() {
  const ended = new Set(live.fake.ended.mock.calls.map(([query]) => query));
  return live.fake.listeners.filter((listener) => !ended.has(listener.query));
}
/** Answers every listening page with what "Firestore" holds (`stored`, newest first) for its query. */
function answerAll(stored: AdminOrder[]) {
  for (const listener of listening()) {
    const shape = queryShape(listener.query);
    act(() => listener.next(pageOf(stored, listener.query, shape.limit ?? Infinity)));
  }
}

// Reads a page's bounds back from the query the hook built: the cursor values are (created_at, id).
function pageOf(stored: AdminOrder[], query: unknown, limit: number): AdminOrder[] {
  const inner = (query as { _query: { startAt: Bound | null; endAt: Bound | null } })._query;
  const key = (o: AdminOrder) => [o.created_at!.getTime(), o.id] as const;
  const boundKey = (bound: Bound) => {
    const [at, ref] = bound.position;
    const millis = Number(at.timestampValue.seconds) * 1000 + Math.floor(at.timestampValue.nanos / 1e6);
    return [millis, ref.referenceValue.split('/').pop()!] as const;
  };
  // Newest first: "after" means older than the cursor, "through" means not older than it.
  const older = (a: readonly [number, string], b: readonly [number, string]) =>
    a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  return stored
    .filter((o) => !inner.startAt || older(key(o), boundKey(inner.startAt)))
    .filter((o) => !inner.endAt || !older(key(o), boundKey(inner.endAt)))
    .slice(0, limit);
}
interface Bound {
  position: [{ timestampValue: { seconds: number; nanos: number } }, { referenceValue: string }];
}

beforeEach(() => live.fake.reset());

describe('useOrderPages', () => {
  it('listens to the newest 50 only, and says whether there are more', () => {
    const { result } = renderHook(() => useOrderPages(allOrders));
    expect(listening()).toHaveLength(1);
    expect(queryShape(listening()[0].query)).toMatchObject({ limit: ORDERS_PAGE_SIZE, startAfter: false });
    expect(result.current.loading).toBe(true);
    answerAll(range(0, 120));
    expect(result.current).toMatchObject({ loading: false, hasMore: true });
    expect(ids(result.current.orders)).toEqual(ids(range(0, 50)));
  });

  it('loads the next 50 after the last one on "more", each page its own listener, nothing twice or skipped', () => {
    const stored = range(0, 120);
    const { result } = renderHook(() => useOrderPages(allOrders));
    answerAll(stored);
    act(() => result.current.loadMore());
    // The first page is now bounded through its oldest order; the second opens after it.
    expect(listening().map((l) => queryShape(l.query))).toEqual([
      expect.objectContaining({ limit: BOUNDED_PAGE_LIMIT, startAfter: false, endAt: true }),
      expect.objectContaining({ limit: ORDERS_PAGE_SIZE, startAfter: true, endAt: false }),
    ]);
    // Until they answer, what was shown stays.
    expect(ids(result.current.orders)).toEqual(ids(range(0, 50)));
    expect(result.current.loadingMore).toBe(true);
    answerAll(stored);
    expect(ids(result.current.orders)).toEqual(ids(range(0, 100)));
    act(() => result.current.loadMore());
    answerAll(stored);
    expect(ids(result.current.orders)).toEqual(ids(stored));
    expect(result.current.hasMore).toBe(false);
    expect(listening()).toHaveLength(3);
  });

  it('keeps the order a new one pushed out of the first page, and the next page starts below it', () => {
    let stored = range(0, 120);
    const { result } = renderHook(() => useOrderPages(allOrders));
    answerAll(stored);
    // Two orders arrive: the open first page now holds the newest 50, without orders 48 and 49.
    stored = [order(-2), order(-1), ...stored];
    act(() => listening()[0].next(stored.slice(0, 50)));
    // While the frozen page is read again, the pushed-out orders stay on screen.
    expect(ids(result.current.orders)).toEqual(ids(stored.slice(0, 52)));
    // The page is frozen through order 49 and read again: all 52 are there.
    answerAll(stored);
    expect(ids(result.current.orders)).toEqual(ids(stored.slice(0, 52)));
    act(() => result.current.loadMore());
    answerAll(stored);
    expect(ids(result.current.orders)).toEqual(ids(stored.slice(0, 102)));
    expect(new Set(ids(result.current.orders)).size).toBe(102);
  });

  it('shows a status change on a loaded older page live', () => {
    const stored = range(0, 120);
    const { result } = renderHook(() => useOrderPages(allOrders));
    answerAll(stored);
    act(() => result.current.loadMore());
    answerAll(stored);
    const changed = stored.map((o) => (o.id === order(70).id ? { ...o, status: 'delivered' as const } : o));
    act(() => listening()[1].next(pageOf(changed, listening()[1].query, ORDERS_PAGE_SIZE)));
    expect(result.current.orders.find((o) => o.id === order(70).id)?.status).toBe('delivered');
    expect(result.current.orders).toHaveLength(100);
  });

  it('starts from the first page again for another filter, and stops every listener when it goes', () => {
    const { result, rerender, unmount } = renderHook(({ filter }) => useOrderPages(filter), {
      initialProps: { filter: allOrders },
    });
    answerAll(range(0, 120));
    act(() => result.current.loadMore());
    answerAll(range(0, 120));
    rerender({ filter: { status: 'pending', search: { kind: 'term', term: 'রহি' } } });
    expect(listening()).toHaveLength(1);
    expect(queryShape(listening()[0].query)).toMatchObject({
      filters: ['search_terms array-contains', 'status =='],
      limit: ORDERS_PAGE_SIZE,
    });
    expect(result.current.loading).toBe(true);
    unmount();
    expect(listening()).toHaveLength(0);
  });
});
