/// <reference lib="webworker" />
/**
 * The shop window's live listener, in a Web Worker of its own (started by active-products-live.ts): Firestore's
 * SDK is loaded, started and run here, off the page's main thread. It posts each new list of active products,
 * or the listener's error, to the page.
 */
import { subscribeToActiveProducts } from './active-products-query';
import type { LiveProductsMessage } from './active-products-live';

const post = (message: LiveProductsMessage) => self.postMessage(message);

subscribeToActiveProducts(
  (products) => post({ products }),
  (error) =>
    post({ error: { message: error.message, code: 'code' in error ? String(error.code) : undefined } }),
);
