import { collection, orderBy, query } from 'firebase/firestore';
import { db } from '@/lib/firestore';
import { readAs, useLiveList, type LiveList } from '@/lib/live-query';
import { toAdminOrder, type AdminOrder } from '../model/admin-order';

const everyOrderNewestFirst = query(collection(db, 'orders'), orderBy('created_at', 'desc')).withConverter(
  readAs(toAdminOrder),
);

/** Every order, newest first, pushed again on each change: the seller's live list. */
export function useOrders(): LiveList<AdminOrder> {
  return useLiveList(everyOrderNewestFirst);
}
