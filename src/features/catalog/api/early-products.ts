import type { Product } from '../model/product';

// Tiny on purpose: the entry imports it before React and Chakra have even loaded.

export const requestActiveProducts = () =>
  import('./active-products-once').then(({ fetchActiveProducts }) => fetchActiveProducts());

let early: Promise<Product[]> | undefined;

/**
 * Starts the first product request at once, while the app's code is still downloading (the entry calls it
 * on `/`): the cards then appear as soon as the data can arrive. The next useActiveProducts takes it over.
 */
export function loadActiveProductsEarly(): void {
  early ??= requestActiveProducts();
  // Handled by the hook that takes it over; marked here so a page that never asks does not report it.
  early.catch(() => {});
}

/** The request started early, once (a later mount asks afresh). */
export function takeEarlyRequest(): Promise<Product[]> | undefined {
  const request = early;
  early = undefined;
  return request;
}
