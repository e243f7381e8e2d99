import { collection, getDocs, limit, orderBy, query } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { lowStockThresholdOf } from '@/features/ordering/model/low-stock';
import { db } from '@/lib/firestore';
import type { StockedProduct } from '../model/stock-recommendations';

// The products with the fewest jars: one small read when the tab opens (a single seller's shelf is short).
const FEWEST_JARS = query(collection(db, 'products'), orderBy('stock_quantity'), limit(20));

/** The products nearest to running out, for the recommendations; empty until read (or if the read failed). */
export function useStockedProducts(): StockedProduct[] {
  const [products, setProducts] = useState<StockedProduct[]>([]);
  useEffect(() => {
    let current = true;
    getDocs(FEWEST_JARS).then(
      (snapshot) =>
        current &&
        setProducts(
          snapshot.docs.map((doc) => ({
            name: String(doc.get('name') ?? ''),
            stock_quantity: Number(doc.get('stock_quantity') ?? 0),
            low_stock_threshold: lowStockThresholdOf(doc.data()),
          })),
        ),
      (error: unknown) => console.error('Low-stock products could not be read', error),
    );
    return () => {
      current = false;
    };
  }, []);
  return products;
}
