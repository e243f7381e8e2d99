import { useEffect, useRef, useState } from 'react';
import { notifyError } from '@/components/ui/toaster';
import { bn } from '@/i18n/bn';
import type { OrdersFilter } from '../api/order-queries';
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

  useEffect(() => {
    if (!newest) return;
    // A new filter, or a retry after a failure, tells again what exists; what its first page holds is not new.
    const known = knownIds.current?.session === session ? knownIds.current.ids : null;
    const arrived = newlyArrivedOrderIds(known, newest);
    knownIds.current = { session, ids: new Set([...(known ?? []), ...orders.map((order) => order.id)]) };
    if (arrived.length === 0) return;
    setFreshIds((current) => new Set([...current, ...arrived]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setFreshIds((current) => new Set([...current].filter((id) => !arrived.includes(id))));
    }, NEW_ORDER_HIGHLIGHT_MS);
    timers.current.add(timer);
    if (chimeRef.current) playNewOrderChime();
  }, [newest, orders, session]);

  useEffect(() => {
    if (error) notifyError(bn.admin.orders.loadErrorTitle, bn.admin.orders.loadError, error);
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
