import { useLoadFor, type Loadable } from '@/lib/loadable';
import { subscribeLazily } from '@/lib/lazy-subscription';
import type { MyOrder } from '../model/my-order';

export type MyOrders = Loadable<MyOrder[]> | { status: 'idle' };

// The query code (and Firestore with it) is loaded after the first paint, once someone is signed in: the
// header asks on every page.
function listenToMyOrders(uid: string, report: (result: Loadable<MyOrder[]>) => void): () => void {
  const fail = (error: Error) => report({ status: 'failed', error });
  return subscribeLazily(async () => {
    const { subscribeToMyOrders } = await import('./my-orders-query');
    return () => subscribeToMyOrders(uid, (orders) => report({ status: 'loaded', data: orders }), fail);
  }, fail);
}

/** The user's own orders, newest first, live while `uid` is set; `idle` for visitors. */
export function useMyOrders(uid: string | null | undefined): MyOrders {
  return useLoadFor(uid, listenToMyOrders);
}
