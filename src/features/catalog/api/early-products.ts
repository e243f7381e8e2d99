import type { Product } from '../model/product';
import { activeProductsRequest, fetchActiveProducts } from './active-products-rest';

// Tiny on purpose, like what it imports: the entry imports it before React and Chakra have even loaded.

interface EarlyRequest {
  promise: Promise<Product[]>;
  /** The answer, once it has arrived: the first render can show it at once. */
  products?: Product[];
}

let early: EarlyRequest | undefined;

/** Where the prerendered `/` keeps the request its HTML sent (shopWindowRequestScript). */
const SENT_BY_HTML = 'acharShopWindow';

/**
 * The inline script the prerendered `/` carries in its <head>: it sends the shop window's request while the
 * HTML is still being read, one round trip before the entry's file could. The entry reads the answer.
 */
export function shopWindowRequestScript(): string {
  const request = activeProductsRequest();
  const call = `fetch(${JSON.stringify(request.url)},${JSON.stringify(request.init)})`;
  return `window.${SENT_BY_HTML}=${call};window.${SENT_BY_HTML}.catch(function(){});`.replace(
    /</g,
    '\\u003c',
  );
}

/** The request the page's HTML sent, once: a later load asks afresh. */
function takeRequestSentByHtml(): Promise<Response> | undefined {
  const holder = window as unknown as Record<string, Promise<Response> | undefined>;
  const sent = holder[SENT_BY_HTML];
  holder[SENT_BY_HTML] = undefined;
  return sent;
}

/**
 * Starts the first product request at once, while the app's code is still downloading (the entry calls it
 * on `/`): the cards then appear as soon as the data can arrive. The next useActiveProducts takes it over.
 */
export function loadActiveProductsEarly(): Promise<Product[]> {
  if (!early) {
    const request: EarlyRequest = { promise: fetchActiveProducts(undefined, takeRequestSentByHtml()) };
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
