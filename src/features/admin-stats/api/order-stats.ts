import { useCallback, useEffect, useMemo, useState } from 'react';
import { collection, query, where } from 'firebase/firestore';
import { db } from '@/lib/firestore';
import type { Loadable } from '@/lib/loadable';
import { readAs, useLiveList } from '@/lib/live-query';
import type { DashboardStats } from '../model/dashboard-stats';
import {
  chartMonths,
  ORDER_STATS_COLLECTION,
  orderCountsFromTotals,
  readMonthShard,
  readTotalShard,
  statsFromRollups,
  type OrderCounts,
} from '../model/order-rollups';

const rollups = collection(db, ORDER_STATS_COLLECTION);

// The 10 shards of the all-time numbers. Both the tab badges and the stats tab listen to this same query;
// the Firestore SDK shares one listener between them.
const totalShards = query(rollups, where('kind', '==', 'total')).withConverter(
  readAs((_id, data) => readTotalShard(data)),
);

/** The shards of the chart's months (at most 2 × 10 documents). Single-field filters: no composite index. */
function monthShards(months: readonly string[]) {
  return query(rollups, where('month', 'in', [...months])).withConverter(
    readAs((_id, data) => readMonthShard(data)),
  );
}

const MINUTE_MS = 60_000;

/** The current moment, moved on every minute, so the 14-day chart turns over at midnight in Dhaka by itself. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function logFailure(error: Error | null) {
  // Logged, not toasted (the seller asked for no toast here): the tab itself says so and offers a retry.
  if (error) console.error('Dashboard statistics could not be loaded', error);
}

/** Order counts per status and the open orders, live from the roll-ups: the dashboard's tab badges. */
export function useOrderCounts(): Loadable<OrderCounts> {
  const { list } = useLiveList(totalShards);
  return useMemo(
    () => (list.status === 'loaded' ? { status: 'loaded', data: orderCountsFromTotals(list.data) } : list),
    [list],
  );
}

export interface LiveStats {
  stats: Loadable<DashboardStats>;
  /** Listens again after a failure. */
  retry: () => void;
}

/**
 * Every figure of the stats tab, live from the roll-ups (≤ 30 documents over two listeners), recomputed
 * whenever a shard changes, i.e. whenever an order is placed or changes status.
 */
export function useOrderStats(): LiveStats {
  const now = useMinuteClock();
  const monthsKey = chartMonths(now).join(',');
  const monthsQuery = useMemo(() => monthShards(monthsKey.split(',')), [monthsKey]);
  const totals = useLiveList(totalShards);
  const months = useLiveList(monthsQuery);

  const error =
    (totals.list.status === 'failed' && totals.list.error) ||
    (months.list.status === 'failed' && months.list.error);
  useEffect(() => logFailure(error || null), [error]);

  const stats = useMemo((): Loadable<DashboardStats> => {
    if (error) return { status: 'failed', error };
    if (totals.list.status !== 'loaded' || months.list.status !== 'loaded') return { status: 'loading' };
    return { status: 'loaded', data: statsFromRollups(totals.list.data, months.list.data, now) };
  }, [error, totals.list, months.list, now]);

  const retryTotals = totals.retry;
  const retryMonths = months.retry;
  const retry = useCallback(() => {
    retryTotals();
    retryMonths();
  }, [retryTotals, retryMonths]);
  return { stats, retry };
}
