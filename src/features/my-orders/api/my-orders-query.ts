import { collection, onSnapshot, orderBy, query, where } from 'firebase/firestore';
import { db } from '@/lib/firestore';
import { myOrderFromDocument, type MyOrder } from '../model/my-order';

/** The user's own orders, newest first, live. Rules allow exactly this query for the owner. */
export function subscribeToMyOrders(
  uid: string,
  onOrders: (orders: MyOrder[]) => void,
  onError: (error: Error) => void,
): () => void {
  const mine = query(collection(db, 'orders'), where('user_id', '==', uid), orderBy('created_at', 'desc'));
  return onSnapshot(
    mine,
    // 'estimate' gives a just-placed order a provisional time instead of null until the server confirms it.
    (snapshot) =>
      onOrders(
        snapshot.docs
          .map((doc) => myOrderFromDocument(doc.id, doc.data({ serverTimestamps: 'estimate' })))
          .filter((order): order is MyOrder => order !== null),
      ),
    onError,
  );
}
