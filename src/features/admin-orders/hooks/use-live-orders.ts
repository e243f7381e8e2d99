import { useCallback, useEffect, useRef, useState } from 'react';
import { notifyError } from '@/components/ui/toaster';
import { bn } from '@/i18n/bn';
import { subscribeToOrders } from '../api/orders';
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

/**
 * The seller's live order list. Orders that arrive after the first snapshot are highlighted for a few
 * seconds and announced with a chime unless the seller muted it.
 */
export function useLiveOrders({ chime }: { chime: boolean }): LiveOrders {
  const [state, setState] = useState<Omit<LiveOrders, 'freshIds' | 'retry'>>({
    orders: [],
    loading: true,
    failed: false,
  });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    setState((current) => ({ ...current, loading: true, failed: false }));
    setAttempt((n) => n + 1);
  }, []);
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  // Read by the long-lived subscription, so toggling the sound never re-subscribes to the orders.
  const chimeRef = useRef(chime);
  useEffect(() => {
    chimeRef.current = chime;
  }, [chime]);

  useEffect(() => {
    let knownIds: Set<string> | null = null;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const wake = wakeChimeOnFirstGesture();

    const unsubscribe = subscribeToOrders(
      (orders) => {
        const arrived = newlyArrivedOrderIds(knownIds, orders);
        knownIds = new Set(orders.map((order) => order.id));
        setState({ orders, loading: false, failed: false });
        if (arrived.length === 0) return;
        setFreshIds((current) => new Set([...current, ...arrived]));
        const timer = setTimeout(() => {
          timers.delete(timer);
          setFreshIds((current) => new Set([...current].filter((id) => !arrived.includes(id))));
        }, NEW_ORDER_HIGHLIGHT_MS);
        timers.add(timer);
        if (chimeRef.current) playNewOrderChime();
      },
      (error) => {
        setState((current) => ({ ...current, loading: false, failed: true }));
        notifyError(bn.admin.orders.loadErrorTitle, bn.admin.orders.loadError, error);
      },
    );

    return () => {
      unsubscribe();
      timers.forEach(clearTimeout);
      window.removeEventListener('pointerdown', wake);
      window.removeEventListener('keydown', wake);
    };
  }, [attempt]);

  return { ...state, freshIds, retry };
}
