import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError } from '@/components/ui/toaster';
import { bn } from '@/i18n/bn';
import { useOrders } from '../api/use-orders';
import type { AdminOrder } from '../model/admin-order';
import { newlyArrivedOrderIds } from '../model/new-orders';
import { playNewOrderChime, wakeChimeOnFirstGesture } from './new-order-chime';

/** How long a just-arrived order stays highlighted. */
export const NEW_ORDER_HIGHLIGHT_MS = 8000;

export interface LiveOrders {
  orders: AdminOrder[];
  loading: boolean;
  failed: boolean;
  /** Orders that arrived while the dashboard was open, for a few seconds after they did. */
  freshIds: ReadonlySet<string>;
  /** Listens again after a failure (Firestore ends a listener that failed). */
  retry: () => void;
}

const noOrders: AdminOrder[] = [];

/**
 * The seller's live order list. Orders that arrive after the first snapshot are highlighted for a few
 * seconds and announced with a chime unless the seller muted it.
 */
export function useLiveOrders({ chime }: { chime: boolean }): LiveOrders {
  const { list, retry: listenAgain } = useOrders();
  const orders = list.status === 'loaded' ? list.data : null;
  const error = list.status === 'failed' ? list.error : null;
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  // Null until the first snapshot: what it holds already existed, so nothing in it is announced.
  const knownIds = useRef<Set<string> | null>(null);
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
    if (!orders) return;
    const arrived = newlyArrivedOrderIds(knownIds.current, orders);
    knownIds.current = new Set(orders.map((order) => order.id));
    if (arrived.length === 0) return;
    setFreshIds((current) => new Set([...current, ...arrived]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setFreshIds((current) => new Set([...current].filter((id) => !arrived.includes(id))));
    }, NEW_ORDER_HIGHLIGHT_MS);
    timers.current.add(timer);
    if (chimeRef.current) playNewOrderChime();
  }, [orders]);

  useEffect(() => {
    if (error) notifyError(bn.admin.orders.loadErrorTitle, bn.admin.orders.loadError, error);
  }, [error]);

  const retry = useCallback(() => {
    // The first snapshot after a failure tells again what exists; what it holds is not announced.
    knownIds.current = null;
    listenAgain();
  }, [listenAgain]);

  return {
    orders: orders ?? noOrders,
    loading: list.status === 'loading',
    failed: list.status === 'failed',
    freshIds,
    retry,
  };
}
