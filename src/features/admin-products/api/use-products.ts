import { collection, orderBy, query } from 'firebase/firestore';
import { db } from '@/lib/firestore';
import { readAs, useLiveList, type LiveList } from '@/lib/live-query';
import { toAdminProduct, type Product } from '../model/admin-product';

const everyProductNewestFirst = query(
  collection(db, 'products'),
  orderBy('created_at', 'desc'),
).withConverter(readAs(toAdminProduct));

/** Every product, active or not, newest first, live: the seller's product list. */
export function useProducts(): LiveList<Product> {
  return useLiveList(everyProductNewestFirst);
}
