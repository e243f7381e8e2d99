import type { Product } from '../model/product';
import { fetchActiveProducts } from './active-products-rest';

// Tiny on purpose, like what it imports: the entry imports it before React and Chakra have even loaded.

interface EarlyRequest {
  promise: Promise<Product[]>;
  /** The answer, once it has arrived: the first render can show it at once. */
  products?: Product[];
}

let early: EarlyRequest | undefined;

/**
 * Starts the first product request at once, while the app's code is still downloading (the entry calls it
 * on `/`): the cards then appear as soon as the data can arrive. The next useActiveProducts takes it over.
 */
export function loadActiveProductsEarly(): Promise<Product[]> {
  if (!early) {
    const request: EarlyRequest = { promise: fetchActiveProducts() };
    request.promise.then((products) => (request.products = products)).catch(() => {});
    early = request;
  }
  return early.promise;
}

/** The products of the early request if they have already arrived (the first render shows them at once). */
export function earlyProducts(): Product[] | undefined {
  return early?.products;
}

/** The request started early, once (a later mount asks afresh). */
export function takeEarlyRequest(): Promise<Product[]> | undefined {
  const request = early?.promise;
  early = undefined;
  return request;
}
