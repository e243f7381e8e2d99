import { useEffect, useState } from 'react';
import { subscribeLazily } from '@/lib/lazy-subscription';
import type { MyOrder } from '../model/my-order';

export type MyOrders =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; orders: MyOrder[] }
  | { status: 'error'; error: Error };

/** The user's own orders, newest first, live while `uid` is set; `idle` for visitors. */
export function useMyOrders(uid: string | null | undefined): MyOrders {
  const [state, setState] = useState<{ uid: string; orders: MyOrders } | null>(null);

  useEffect(() => {
    if (!uid) return;
    const onError = (error: Error) => setState({ uid, orders: { status: 'error', error } });
    return subscribeLazily(async () => {
      const { subscribeToMyOrders } = await import('./my-orders-query');
      return () =>
        subscribeToMyOrders(uid, (orders) => setState({ uid, orders: { status: 'ready', orders } }), onError);
    }, onError);
  }, [uid]);

  if (!uid) return { status: 'idle' };
  // Until this user's first snapshot arrives, never show the previous user's orders.
  if (state?.uid !== uid) return { status: 'loading' };
  return state.orders;
}
