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
 * The code of the inline script the prerendered `/` carries in its <head>: it sends the shop window's request
 * while the HTML is still being read, one round trip before the entry's file could. The entry reads the answer.
 * The request itself (URL and body, which name the project) is in the element's `data-request`, so the code is
 * the same in every build and the Content-Security-Policy allows it by one hash (src/config/security-headers.ts).
 */
export const SHOP_WINDOW_REQUEST_CODE =
  `try{var r=JSON.parse(document.currentScript.dataset.request);` +
  `window.${SENT_BY_HTML}=fetch(r.url,r.init);window.${SENT_BY_HTML}.catch(function(){})}catch(e){}`;

/** The shop window's inline script: its code and the request it sends (`data-request`, JSON). */
export function shopWindowRequestScript(): { code: string; data: { request: string } } {
  const { url, init } = activeProductsRequest();
  return { code: SHOP_WINDOW_REQUEST_CODE, data: { request: JSON.stringify({ url, init }) } };
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
