import { collection, onSnapshot, orderBy, query, type Unsubscribe } from 'firebase/firestore';
import { httpsCallable } from 'firebase/functions';
import type { OrderStatus, SetOrderStatusInput } from '@/features/ordering/model';
import { db } from '@/lib/firebase';
import { functions } from '@/lib/functions';
import { toAdminOrder, type AdminOrder } from '../model/admin-order';

/**
 * Every order, newest first, pushed again on each change (the seller's live list). Pending server timestamps
 * read as the local estimate so a just-changed order does not jump around the list.
 */
export function subscribeToOrders(
  onOrders: (orders: AdminOrder[]) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  const newestFirst = query(collection(db, 'orders'), orderBy('created_at', 'desc'));
  return onSnapshot(
    newestFirst,
    (snapshot) =>
      onOrders(
        snapshot.docs.map((order) => toAdminOrder(order.id, order.data({ serverTimestamps: 'estimate' }))),
      ),
    onError,
  );
}

const setOrderStatus = httpsCallable<SetOrderStatusInput, { status: OrderStatus }>(
  functions,
  'setOrderStatus',
);

/**
 * Asks the server to move the order to a status. The server changes the stock with it (a cancelled order's
 * jars go back on the shelf) and may refuse with a Bengali reason, e.g. not enough stock to un-cancel.
 */
export async function updateOrderStatus(orderId: string, status: OrderStatus): Promise<void> {
  await setOrderStatus({ orderId, status });
}
