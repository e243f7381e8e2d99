import { act, renderHook } from '@testing-library/react';
import type { AdminOrder } from '../model/admin-order';
import { NEW_ORDER_HIGHLIGHT_MS, useLiveOrders } from './use-live-orders';
import { useNewOrderSound } from './use-new-order-sound';

type Push = (orders: AdminOrder[]) => void;
type Fail = (error: Error) => void;
const feed = vi.hoisted(() => ({
  push: null as Push | null,
  fail: null as Fail | null,
  unsubscribe: vi.fn(),
}));
vi.mock('../api/orders', () => ({
  subscribeToOrders: (push: Push, fail: Fail) => {
    feed.push = push;
    feed.fail = fail;
    return feed.unsubscribe;
  },
}));
const chime = vi.hoisted(() => ({
  playNewOrderChime: vi.fn(),
  wakeChimeOnFirstGesture: vi.fn(() => () => {}),
}));
vi.mock('./new-order-chime', () => chime);
const toasts = vi.hoisted(() => ({ notifyError: vi.fn() }));
vi.mock('@/components/ui/toaster', () => toasts);

const order = (id: string) => ({ id, status: 'pending' }) as AdminOrder;

beforeEach(() => {
  vi.clearAllMocks();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useLiveOrders', () => {
  it('loads the list without announcing the orders that were already there', () => {
    const { result } = renderHook(() => useLiveOrders({ chime: true }));
    expect(result.current.loading).toBe(true);
    act(() => feed.push!([order('a'), order('b')]));
    expect(result.current.loading).toBe(false);
    expect(result.current.orders.map((o) => o.id)).toEqual(['a', 'b']);
    expect(result.current.freshIds.size).toBe(0);
    expect(chime.playNewOrderChime).not.toHaveBeenCalled();
  });

  it('highlights an order that arrives later for a few seconds and plays the chime', () => {
    const { result } = renderHook(() => useLiveOrders({ chime: true }));
    act(() => feed.push!([order('a')]));
    act(() => feed.push!([order('new'), order('a')]));
    expect([...result.current.freshIds]).toEqual(['new']);
    expect(chime.playNewOrderChime).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(NEW_ORDER_HIGHLIGHT_MS));
    expect(result.current.freshIds.size).toBe(0);
  });

  it('stays silent when the seller muted the sound, but still highlights', () => {
    const { result } = renderHook(() => useLiveOrders({ chime: false }));
    act(() => feed.push!([]));
    act(() => feed.push!([order('new')]));
    expect(result.current.freshIds.has('new')).toBe(true);
    expect(chime.playNewOrderChime).not.toHaveBeenCalled();
  });

  it('does not announce a status change of an existing order', () => {
    const { result } = renderHook(() => useLiveOrders({ chime: true }));
    act(() => feed.push!([order('a')]));
    act(() => feed.push!([{ ...order('a'), status: 'confirmed' }]));
    expect(result.current.freshIds.size).toBe(0);
    expect(chime.playNewOrderChime).not.toHaveBeenCalled();
  });

  it('reports a failed load with the Bengali toast', () => {
    const { result } = renderHook(() => useLiveOrders({ chime: true }));
    const failure = new Error('permission-denied');
    act(() => feed.fail!(failure));
    expect(result.current).toMatchObject({ loading: false, failed: true });
    expect(toasts.notifyError).toHaveBeenCalledWith('ত্রুটি', 'অর্ডার লোড করতে সমস্যা হয়েছে।', failure);
  });

  it('stops listening when the dashboard closes', () => {
    const { unmount } = renderHook(() => useLiveOrders({ chime: true }));
    unmount();
    expect(feed.unsubscribe).toHaveBeenCalledTimes(1);
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
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('listens again when the seller retries', () => {
    const { result } = renderHook(() => useLiveOrders({ chime: true }));
    const firstPush = feed.push;
    act(() => feed.fail!(new Error('unavailable')));
    act(() => result.current.retry());
    expect(result.current).toMatchObject({ loading: true, failed: false });
    expect(feed.unsubscribe).toHaveBeenCalledTimes(1);
    expect(feed.push).not.toBe(firstPush);
    act(() => feed.push!([order('a')]));
    expect(result.current).toMatchObject({ loading: false, failed: false });
    expect(chime.playNewOrderChime).not.toHaveBeenCalled();
  });
});
