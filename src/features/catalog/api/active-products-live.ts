import { subscribeLazily } from '@/lib/lazy-subscription';
import type { Product } from '../model/product';

/** What the listener's worker posts: the active products, each time they change, or the listener's error. */
export type LiveProductsMessage = { products: Product[] } | { error: { message: string; code?: string } };

/** An error the listener's worker reported, with Firestore's code ("permission-denied", …) when it had one. */
export class LiveProductsError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'LiveProductsError';
  }
}

/**
 * The shop window, live, off the main thread: the Firestore listener (active-products-query.ts) runs in a Web
 * Worker, so Firestore's SDK (~450 KB of code) is loaded, started and run there; a cheap phone's main thread
 * stays free for drawing the page and answering taps. The page only receives the products, already read.
 * Without workers (jsdom in the tests), the same listener runs on the page, its code loaded on demand.
 * Returns the function that stops it.
 */
export function subscribeToLiveProducts(
  onProducts: (products: Product[]) => void,
  onError: (error: Error) => void,
): () => void {
  if (typeof Worker === 'undefined') return subscribeOnPage(onProducts, onError);
  const worker = new Worker(new URL('./active-products.worker.ts', import.meta.url), {
    type: 'module',
    name: 'shop-window',
  });
  worker.onmessage = ({ data }: MessageEvent<LiveProductsMessage>) =>
    'products' in data
      ? onProducts(data.products)
      : onError(new LiveProductsError(data.error.message, data.error.code));
  // The worker's code could not be loaded or run (offline, say): reported like the listener's own errors.
  worker.onerror = (event) => {
    event.preventDefault();
    onError(new LiveProductsError(event.message || 'the live product listener could not start'));
  };
  return () => worker.terminate();
}

const subscribeOnPage = (onProducts: (products: Product[]) => void, onError: (error: Error) => void) =>
  subscribeLazily(async () => {
    const { subscribeToActiveProducts } = await import('./active-products-query');
    return () => subscribeToActiveProducts(onProducts, onError);
  }, onError);
