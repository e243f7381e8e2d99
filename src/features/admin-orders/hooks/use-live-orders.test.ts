import { act, renderHook } from '@testing-library/react';
import { queryEqual, type Query } from 'firebase/firestore';
import type { AdminOrder } from '../model/admin-order';
import { newestOrdersQuery } from '../api/order-queries';
import { NEW_ORDER_HIGHLIGHT_MS, useLiveOrders } from './use-live-orders';
import type { LiveQueryFake } from '@/testing/live-query-fake';
import { useNewOrderSound } from './use-new-order-sound';

// The Firebase boundary: each page's onSnapshot. Each test pushes snapshots through its listener.
const live = vi.hoisted(() => ({ fake: null as unknown as LiveQueryFake }));
vi.mock('firebase/firestore', async (importOriginal) => {
  live.fake = (await import('@/testing/live-query-fake')).createLiveQueryFake();
  return {
    ...(await importOriginal<typeof import('firebase/firestore')>()),
    onSnapshot: live.fake.onSnapshot,
  };
});
// The newest orders' listener (the last few orders by creation time, through react-firebase-hooks), which hears of
// new orders the list's filter or search hides.
const newestLive = vi.hoisted(() => ({ fake: null as unknown as LiveQueryFake }));
vi.mock('react-firebase-hooks/firestore', async () => {
  newestLive.fake = (await import('@/testing/live-query-fake')).createLiveQueryFake();
  return { useCollectionData: newestLive.fake.useCollectionData };
});
const chime = vi.hoisted(() => ({
  playNewOrderChime: vi.fn(),
  wakeChimeOnFirstGesture: vi.fn(() => () => {}),
}));
vi.mock('./new-order-chime', () => chime);
const toasts = vi.hoisted(() => ({ notifyError: vi.fn() }));
vi.mock('@/components/ui/toaster', () => toasts);

const order = (id: string) => ({ id, status: 'pending' }) as AdminOrder;
const latest = () => live.fake.latest();
const push = (orders: AdminOrder[]) => act(() => latest().next(orders));

beforeEach(() => {
  vi.clearAllMocks();
  live.fake.reset();
  newestLive.fake.reset();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useLiveOrders', () => {
  it('loads the list without announcing the orders that were already there', () => {
    const { result } = renderHook(() => useLiveOrders({ chime: true }));
    expect(result.current.loading).toBe(true);
    push([order('a'), order('b')]);
    expect(result.current.loading).toBe(false);
    expect(result.current.orders.map((o) => o.id)).toEqual(['a', 'b']);
    expect(result.current.freshIds.size).toBe(0);
    expect(chime.playNewOrderChime).not.toHaveBeenCalled();
  });

  it('highlights an order that arrives later for a few seconds and plays the chime', () => {
    const { result } = renderHook(() => useLiveOrders({ chime: true }));
    push([order('a')]);
    push([order('new'), order('a')]);
    expect([...result.current.freshIds]).toEqual(['new']);
    expect(chime.playNewOrderChime).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(NEW_ORDER_HIGHLIGHT_MS));
    expect(result.current.freshIds.size).toBe(0);
  });

  it('stays silent when the seller muted the sound, but still highlights', () => {
    const { result } = renderHook(() => useLiveOrders({ chime: false }));
    push([]);
    push([order('new')]);
    expect(result.current.freshIds.has('new')).toBe(true);
    expect(chime.playNewOrderChime).not.toHaveBeenCalled();
  });

  it('does not announce a status change of an existing order', () => {
    const { result } = renderHook(() => useLiveOrders({ chime: true }));
    push([order('a')]);
    push([{ ...order('a'), status: 'confirmed' }]);
    expect(result.current.freshIds.size).toBe(0);
    expect(chime.playNewOrderChime).not.toHaveBeenCalled();
  });

  it('reports a failed load with the Bengali toast', () => {
    const { result } = renderHook(() => useLiveOrders({ chime: true }));
    const failure = new Error('permission-denied');
    act(() => latest().fail(failure));
    expect(result.current).toMatchObject({ loading: false, failed: true, orders: [] });
    expect(toasts.notifyError).toHaveBeenCalledWith('ত্রুটি', 'অর্ডার লোড করতে সমস্যা হয়েছে।', failure);
  });

  it('stops listening when the dashboard closes', () => {
    const { unmount } = renderHook(() => useLiveOrders({ chime: true }));
    expect(live.fake.listeners).toHaveLength(1);
    unmount();
    expect(live.fake.ended).toHaveBeenCalledTimes(1);
  });
});

describe('useNewOrderSound', () => {
  beforeEach(() => window.localStorage.clear());

  it('is on by default and remembers when the seller mutes it', () => {
    const first = renderHook(() => useNewOrderSound());
    expect(first.result.current.muted).toBe(false);
    act(() => first.result.current.toggleMuted());
    expect(first.result.current.muted).toBe(true);
    first.unmount();

    const later = renderHook(() => useNewOrderSound());
    expect(later.result.current.muted).toBe(true);
    act(() => later.result.current.toggleMuted());
    expect(renderHook(() => useNewOrderSound()).result.current.muted).toBe(false);
  });
});

describe('useLiveOrders after a failure', () => {
  it('listens again when the seller retries', () => {
    const { result } = renderHook(() => useLiveOrders({ chime: true }));
    push([order('a')]);
    const failed = latest();
    act(() => failed.fail(new Error('unavailable')));
    act(() => result.current.retry());
    expect(result.current).toMatchObject({ loading: true, failed: false });
    // The failed listener is ended and a new one listens.
    expect(live.fake.ended).toHaveBeenCalledWith(failed.query);
    expect(latest()).not.toBe(failed);
    expect(queryEqual(latest().query as Query, failed.query as Query)).toBe(true);
    push([order('b'), order('a')]);
    expect(result.current).toMatchObject({ loading: false, failed: false });
    expect(result.current.orders.map((o) => o.id)).toEqual(['b', 'a']);
    // What the first snapshot after the failure holds is not announced.
    expect(chime.playNewOrderChime).not.toHaveBeenCalled();
  });
});

describe('useLiveOrders and the newest orders listener', () => {
  const placed = (id: string, minutesAgo: number) =>
    ({ id, status: 'pending', created_at: new Date(Date.now() - minutesAgo * 60_000) }) as AdminOrder;
  const pushNewest = (orders: AdminOrder[]) => act(() => newestLive.fake.latest().next(orders));

  it('chimes a new order that the search hides from the list', () => {
    const { result } = renderHook(() =>
      useLiveOrders({ chime: true, filter: { status: 'delivered', search: { kind: 'term', term: 'x' } } }),
    );
    // Whatever the list shows, this listener watches the newest orders of the whole shop.
    expect(queryEqual(newestLive.fake.latest().query as Query, newestOrdersQuery())).toBe(true);
    push([]);
    pushNewest([placed('old', 60)]);
    pushNewest([placed('new', 0), placed('old', 60)]);
    expect(chime.playNewOrderChime).toHaveBeenCalledTimes(1);
    expect(result.current.freshIds.has('new')).toBe(true);
    expect(result.current.orders).toEqual([]);
  });

  it('chimes once for an order both listeners hear of', () => {
    renderHook(() => useLiveOrders({ chime: true }));
    push([placed('a', 60)]);
    pushNewest([placed('a', 60)]);
    push([placed('n', 0), placed('a', 60)]);
    pushNewest([placed('n', 0), placed('a', 60)]);
    expect(chime.playNewOrderChime).toHaveBeenCalledTimes(1);
  });

  it('does not announce an older order that comes into the newest ones, nor what the first snapshot holds', () => {
    renderHook(() =>
      useLiveOrders({ chime: true, filter: { status: 'delivered', search: { kind: 'none' } } }),
    );
    pushNewest([placed('a', 10)]);
    pushNewest([placed('a', 10), placed('back', 300)]);
    expect(chime.playNewOrderChime).not.toHaveBeenCalled();
  });
});
