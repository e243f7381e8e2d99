import { useEffect, useState } from 'react';
import { subscribeLazily } from '@/lib/lazy-subscription';
import type { Product } from '../model/product';

export type ActiveProducts =
  { status: 'loading' } | { status: 'ready'; products: Product[] } | { status: 'error'; error: Error };

/** The shop window, live. Firestore's code arrives in its own chunk, after the page's first paint. */
export function useActiveProducts(): ActiveProducts {
  const [state, setState] = useState<ActiveProducts>({ status: 'loading' });
  useEffect(() => {
    const onError = (error: Error) => setState({ status: 'error', error });
    return subscribeLazily(async () => {
      const { subscribeToActiveProducts } = await import('./active-products-query');
      return () => subscribeToActiveProducts((products) => setState({ status: 'ready', products }), onError);
    }, onError);
  }, []);
  return state;
}
