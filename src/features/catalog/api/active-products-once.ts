import { collection, getDocs, orderBy, query, where } from 'firebase/firestore/lite';
import { liteDb } from '@/lib/firestore-lite';
import { productsFromDocuments, type Product } from '../model/product';

/**
 * The shop window as it is now, in ONE request (Firestore Lite: REST `runQuery`, no WebChannel handshake), so
 * the cards appear as soon as the data can arrive. Same filters as the live query (the security rules allow
 * visitors exactly these).
 */
export async function fetchActiveProducts(): Promise<Product[]> {
  const snapshot = await getDocs(
    query(
      collection(liteDb, 'products'),
      where('is_active', '==', true),
      where('stock_quantity', '>', 0),
      orderBy('created_at', 'desc'),
    ),
  );
  return productsFromDocuments(snapshot.docs);
}
