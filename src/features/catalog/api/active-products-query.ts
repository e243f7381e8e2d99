import { collection, onSnapshot, orderBy, query, where } from 'firebase/firestore';
import { db } from '@/lib/firestore';
import { productsFromDocuments, type Product } from '../model/product';

/**
 * The shop window, live: active products with stock, newest first. Security rules only let visitors list
 * products with exactly these two filters, so keep them as they are (active-products-rest.ts asks the same).
 */
export function subscribeToActiveProducts(
  onProducts: (products: Product[]) => void,
  onError: (error: Error) => void,
): () => void {
  const activeProducts = query(
    collection(db, 'products'),
    where('is_active', '==', true),
    where('stock_quantity', '>', 0),
    orderBy('created_at', 'desc'),
  );
  return onSnapshot(activeProducts, (snapshot) => onProducts(productsFromDocuments(snapshot.docs)), onError);
}
