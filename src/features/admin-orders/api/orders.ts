import {
  collection,
  doc,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  updateDoc,
  type Unsubscribe,
} from 'firebase/firestore';
import type { OrderStatus } from '@/features/ordering/model';
import { db } from '@/lib/firebase';
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

/** The only change a client may make to an order: its status, stamped by the server. */
export async function updateOrderStatus(orderId: string, status: OrderStatus): Promise<void> {
  await updateDoc(doc(db, 'orders', orderId), { status, updated_at: serverTimestamp() });
}
