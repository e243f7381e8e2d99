import { act, renderHook } from '@testing-library/react';
import type { MonthShard, TotalShard } from '../model/order-rollups';
import { useOrderCounts, useOrderStats } from './order-stats';

interface FakeQuery {
  collection: string;
  filter: { field: string; op: string; value: unknown };
}

// The queries as plain descriptions, so a test can see what the hooks listen to and answer each one.
vi.mock('@/lib/firestore', () => ({ db: {} }));
vi.mock('firebase/firestore', () => ({
  collection: (_db: unknown, name: string) => ({ name }),
  where: (field: string, op: string, value: unknown) => ({ field, op, value }),
  query: (from: { name: string }, filter: FakeQuery['filter']) => ({
    collection: from.name,
    filter,
    withConverter() {
      return this;
    },
  }),
}));
const live = vi.hoisted(() => ({ useLiveList: vi.fn(), readAs: vi.fn() }));
vi.mock('@/lib/live-query', () => live);

const totals: TotalShard[] = [
  {
    kind: 'total',
    shard: 0,
    count: { pending: 2, delivered: 1 },
    revenue: { pending: 50000, delivered: 16050 },
  },
  {
    kind: 'total',
    shard: 6,
    count: { pending: 1, cancelled: 1 },
    revenue: { pending: 10000, cancelled: 999 },
  },
];
const months: MonthShard[] = [
  {
    kind: 'month',
    month: '2026-12',
    shard: 0,
    days: { d03: { count: { pending: 3, cancelled: 1 }, revenue: { pending: 60000, cancelled: 999 } } },
  },
  {
    kind: 'month',
    month: '2026-11',
    shard: 6,
    days: { d28: { count: { delivered: 1 }, revenue: { delivered: 16050 } } },
  },
];

const retryTotals = vi.fn();
const retryMonths = vi.fn();
const asked: FakeQuery[] = [];

function answer(totalsList: unknown, monthsList: unknown) {
  live.useLiveList.mockImplementation((query: FakeQuery) => {
    asked.push(query);
    return query.filter.field === 'kind'
      ? { list: totalsList, retry: retryTotals }
      : { list: monthsList, retry: retryMonths };
  });
}

beforeEach(() => {
  vi.resetAllMocks();
  asked.length = 0;
  // 3 Dec 2026, noon in Dhaka: the 14 days reach back into November.
  vi.useFakeTimers({
    now: new Date('2026-12-03T06:00:00Z'),
    toFake: ['Date', 'setInterval', 'clearInterval'],
  });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useOrderStats', () => {
  it("listens to the total shards and this and last month's shards, and sums them into the tab's numbers", () => {
    answer({ status: 'loaded', data: totals }, { status: 'loaded', data: months });
    const { result } = renderHook(() => useOrderStats());
    const filters = asked.map((query) => ({ collection: query.collection, filter: query.filter }));
    expect(filters).toContainEqual({
      collection: 'order_stats',
      filter: { field: 'kind', op: '==', value: 'total' },
    });
    expect(filters).toContainEqual({
      collection: 'order_stats',
      filter: { field: 'month', op: 'in', value: ['2026-11', '2026-12'] },
    });
    const { stats } = result.current;
    expect(stats.status).toBe('loaded');
    if (stats.status !== 'loaded') return;
    expect(stats.data).toMatchObject({
      totalOrders: 5,
      totalRevenue: 760.5,
      pendingOrders: 3,
      completedOrders: 1,
      ordersLast7Days: 5,
      ordersPrevious7Days: 0,
    });
    expect(stats.data.daily.at(-1)).toEqual({ date: '2026-12-03', orders: 4, revenue: 600 });
    expect(stats.data.daily.find((day) => day.date === '2026-11-28')).toEqual({
      date: '2026-11-28',
      orders: 1,
      revenue: 160.5,
    });
  });

  it('is loading until both listeners have answered', () => {
    answer({ status: 'loaded', data: totals }, { status: 'loading' });
    const { result } = renderHook(() => useOrderStats());
    expect(result.current.stats).toEqual({ status: 'loading' });
  });

  it('logs a failed listener without a toast, reports the failure, and listens again to both on retry', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const denied = new Error('permission-denied');
    answer({ status: 'loaded', data: totals }, { status: 'failed', error: denied });
    const { result } = renderHook(() => useOrderStats());
    expect(result.current.stats).toEqual({ status: 'failed', error: denied });
    expect(logged).toHaveBeenCalledWith('Dashboard statistics could not be loaded', denied);
    act(() => result.current.retry());
    expect(retryTotals).toHaveBeenCalledTimes(1);
    expect(retryMonths).toHaveBeenCalledTimes(1);
  });

  it('moves the chart to the new day at midnight in Dhaka without a new snapshot', () => {
    answer({ status: 'loaded', data: totals }, { status: 'loaded', data: months });
    vi.setSystemTime(new Date('2026-12-03T17:59:30Z'));
    const { result } = renderHook(() => useOrderStats());
    const before = result.current.stats;
    expect(before.status === 'loaded' && before.data.daily.at(-1)?.date).toBe('2026-12-03');
    act(() => vi.advanceTimersByTime(60_000));
    const after = result.current.stats;
    expect(after.status === 'loaded' && after.data.daily.at(-1)?.date).toBe('2026-12-04');
  });
});

describe('useOrderCounts', () => {
  it('counts orders per status and the open ones from the total shards alone', () => {
    answer({ status: 'loaded', data: totals }, { status: 'loading' });
    const { result } = renderHook(() => useOrderCounts());
    expect(asked.every((query) => query.filter.field === 'kind')).toBe(true);
    expect(result.current).toEqual({
      status: 'loaded',
      data: {
        byStatus: {
          pending: 3,
          confirmed: 0,
          preparing: 0,
          delivering: 0,
          delivered: 1,
          cancelled: 1,
          returned: 0,
        },
        open: 3,
        total: 5,
      },
    });
  });

  it('passes a failure on', () => {
    const denied = new Error('permission-denied');
    answer({ status: 'failed', error: denied }, { status: 'loading' });
    const { result } = renderHook(() => useOrderCounts());
    expect(result.current).toEqual({ status: 'failed', error: denied });
  });
});
