import { isPaymentMethod, type PaymentMethod } from '../../ordering/model/payment-method';
import type { Product } from './product';

/**
 * What a product page's server (the `pages` Cloud Function) tells the browser beside its HTML: the path it
 * rendered and the product it showed (null: its 404), so the app hydrates exactly what was rendered, without
 * asking Firestore again. Carried in a JSON <script> (not run) named by PRODUCT_PAGE_DATA_ID.
 */
export interface ProductPageData {
  path: string;
  product: Product | null;
}

export const PRODUCT_PAGE_DATA_ID = 'product-page-data';

/** The <script> element carrying `data`; `<` is escaped so no text of the product can close it early. */
export function productPageDataScript(data: ProductPageData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PRODUCT_PAGE_DATA_ID}">${json}</script>`;
}

const DATE_FIELDS = new Set(['created_at', 'updated_at']);

/** Reads the script's text back (dates as Dates), or null when it is not a product page's data. */
export function parseProductPageData(json: string): ProductPageData | null {
  try {
    const data = JSON.parse(json, (key, value: unknown) =>
      DATE_FIELDS.has(key) && typeof value === 'string' ? new Date(value) : value,
    ) as Partial<ProductPageData>;
    if (typeof data.path !== 'string' || data.product === undefined) return null;
    return { path: data.path, product: data.product };
  } catch {
    return null;
  }
}

/**
 * In the browser: what the server wrote beside the HTML it sent, or null (no such script: not a product page, or
 * on the server). Read by the entry and by the app's product route alike.
 */
export function productPageDataOnPage(): ProductPageData | null {
  const script = typeof document === 'undefined' ? null : document.getElementById(PRODUCT_PAGE_DATA_ID);
  return script?.textContent ? parseProductPageData(script.textContent) : null;
}

/** What `/`'s server (the `pages` function) sends beside its HTML: the jars on sale it rendered. */
export const SHOP_WINDOW_DATA_ID = 'shop-window-data';

/** The <script> element carrying `/`'s products, escaped as productPageDataScript's. */
export function shopWindowDataScript(products: Product[]): string {
  const json = JSON.stringify(products).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SHOP_WINDOW_DATA_ID}">${json}</script>`;
}

/** In the browser: the products `/`'s server rendered, or null (another page, or on the server). */
export function shopWindowOnPage(): Product[] | null {
  const script = typeof document === 'undefined' ? null : document.getElementById(SHOP_WINDOW_DATA_ID);
  if (!script?.textContent) return null;
  try {
    const products = JSON.parse(script.textContent, (key, value: unknown) =>
      DATE_FIELDS.has(key) && typeof value === 'string' ? new Date(value) : value,
    ) as unknown;
    return Array.isArray(products) ? (products as Product[]) : null;
  } catch {
    return null;
  }
}

/**
 * What `/`'s and a product page's server send beside their HTML for the order form: the payment methods the shop
 * offered when it rendered them, so that the form opened before the app offers them (its wallet numbers and the
 * rules of an order still come from the shop's live settings, read when the form opens).
 */
export const PAYMENT_METHODS_DATA_ID = 'payment-methods-data';

/** The <script> element carrying the methods offered. */
export function paymentMethodsDataScript(methods: readonly PaymentMethod[]): string {
  return `<script type="application/json" id="${PAYMENT_METHODS_DATA_ID}">${JSON.stringify(methods)}</script>`;
}

/** Reads the script's text back: the known methods in it, or null when it is not a list of them. */
export function parsePaymentMethodsData(json: string): PaymentMethod[] | null {
  try {
    const methods = JSON.parse(json) as unknown;
    return Array.isArray(methods) && methods.length > 0 && methods.every(isPaymentMethod) ? methods : null;
  } catch {
    return null;
  }
}

/** In the browser: the methods the page's server offered, or null (none sent: another page, or on the server). */
export function paymentMethodsOnPage(): PaymentMethod[] | null {
  const script = typeof document === 'undefined' ? null : document.getElementById(PAYMENT_METHODS_DATA_ID);
  return script?.textContent ? parsePaymentMethodsData(script.textContent) : null;
}
