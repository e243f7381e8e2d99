import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError } from '@/components/ui/toaster';
import { adminOrdersTexts } from '../texts';
import { useLiveList } from '@/lib/live-query';
import { newestOrdersQuery, type OrdersFilter } from '../api/order-queries';
import { useOrderPages } from '../api/use-order-pages';
import type { AdminOrder } from '../model/admin-order';
import { newlyArrivedOrderIds } from '../model/new-orders';
import { playNewOrderChime, wakeChimeOnFirstGesture } from './new-order-chime';

/** How long a just-arrived order stays highlighted. */
export const NEW_ORDER_HIGHLIGHT_MS = 8000;

export interface LiveOrders {
  /** The loaded pages' orders, newest first. */
  orders: AdminOrder[];
  loading: boolean;
  failed: boolean;
  /** Orders that arrived while the dashboard was open, for a few seconds after they did. */
  freshIds: ReadonlySet<string>;
  /** Listens again after a failure (Firestore ends a listener that failed). */
  retry: () => void;
  /** Older orders may exist: the next page can be loaded. */
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/** One query object: react-firebase-hooks listens again when the query's identity changes. */
const newestOrders = newestOrdersQuery();

export const ALL_ORDERS: OrdersFilter = { status: 'all', search: { kind: 'none' } };

/**
 * The seller's live order list for a filter, paged (api/use-order-pages.ts). Orders that arrive at the top after
 * the first snapshot are highlighted for a few seconds and announced with a chime unless the seller muted it.
 */
export function useLiveOrders({
  chime,
  filter = ALL_ORDERS,
}: {
  chime: boolean;
  filter?: OrdersFilter;
}): LiveOrders {
  const pages = useOrderPages(filter);
  const { newest, orders, session, error, retry } = pages;
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  // Null until the first page answers: what it holds already existed, so nothing in it is announced. Every
  // loaded order is known, so a page read again (frozen or split) announces nothing.
  const knownIds = useRef<{ session: string; ids: Set<string> } | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  // Read when a snapshot arrives, so toggling the sound never re-subscribes to the orders.
  const chimeRef = useRef(chime);
  useEffect(() => {
    chimeRef.current = chime;
  }, [chime]);

  useEffect(() => {
    const wake = wakeChimeOnFirstGesture();
    const pending = timers.current;
    return () => {
      pending.forEach(clearTimeout);
      window.removeEventListener('pointerdown', wake);
      window.removeEventListener('keydown', wake);
    };
  }, []);

  // Each new order is highlighted and chimed once, whichever listener saw it first.
  const announced = useRef(new Set<string>());
  const announce = useCallback((ids: readonly string[]) => {
    const arrived = ids.filter((id) => !announced.current.has(id));
    if (arrived.length === 0) return;
    arrived.forEach((id) => announced.current.add(id));
    setFreshIds((current) => new Set([...current, ...arrived]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setFreshIds((current) => new Set([...current].filter((id) => !arrived.includes(id))));
    }, NEW_ORDER_HIGHLIGHT_MS);
    timers.current.add(timer);
    if (chimeRef.current) playNewOrderChime();
  }, []);

  useEffect(() => {
    if (!newest) return;
    // A new filter, or a retry after a failure, tells again what exists; what its first page holds is not new.
    const known = knownIds.current?.session === session ? knownIds.current.ids : null;
    const arrived = newlyArrivedOrderIds(known, newest);
    knownIds.current = { session, ids: new Set([...(known ?? []), ...orders.map((order) => order.id)]) };
    announce(arrived);
  }, [newest, orders, session, announce]);

  // The newest orders' listener hears of every new order even while a search or a filter hides it from the
  // list, so the seller is still called. Only an order placed after the newest one seen counts.
  const { list: pending } = useLiveList(newestOrders);
  const newestPending = useRef<number | null>(null);
  useEffect(() => {
    if (pending.status !== 'loaded') return;
    const times = pending.data.map((order) => order.created_at?.getTime() ?? -Infinity);
    const newestNow = Math.max(-Infinity, ...times);
    const before = newestPending.current;
    newestPending.current = Math.max(before ?? -Infinity, newestNow);
    if (before === null) return;
    announce(pending.data.filter((_, index) => times[index] > before).map((order) => order.id));
  }, [pending, announce]);

  useEffect(() => {
    if (error) notifyError(adminOrdersTexts.loadErrorTitle, adminOrdersTexts.loadError, error);
  }, [error]);

  return {
    orders,
    loading: pages.loading,
    failed: pages.failed,
    freshIds,
    retry,
    hasMore: pages.hasMore,
    loadingMore: pages.loadingMore,
    loadMore: pages.loadMore,
  };
}
