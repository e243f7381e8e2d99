/**
 * The pages Hosting sends to this function (firebase.json's rewrites): `/` with the jars on sale and a product's
 * page `/p/<slug>`, rendered from Firestore with the storefront's own components (src/app/server.tsx), and
 * `/sitemap.xml`. (Not
 * `/robots.txt`: the Functions framework answers that path 404 itself, in the cloud as in the emulator, so it is
 * a static file the build writes: scripts/vite-prerender.ts.)
 * Each answer says how long Hosting's CDN may keep it (`s-maxage`) and, shorter, a browser (`max-age`): an
 * edited product shows within minutes without any purge. The function is public (anyone may call it with any
 * headers), so the shop's address is configuration (SHOP_URL), never a request's Host or X-Forwarded-Host, and
 * every answer carries the shop's security headers (src/config/security-headers.ts).
 */
import { gzipSync } from 'node:zlib';
import type { Firestore } from 'firebase-admin/firestore';
import {
  offeredPaymentMethods,
  PAYMENT_SETTINGS_PATH,
  productPath,
  readPaymentSettings,
  readProduct,
  type PaymentMethod,
  type Product,
} from '../../src/features/ordering/model';
import { renderHomePage, renderProductPage } from '../../src/app/server';
import { assertPageTemplate } from '../../src/app/page-template';
import { sitemapXml } from '../../src/features/catalog/server';
import { emulatorCspDirectives, securityHeaders } from '../../src/config/security-headers';
import firebaseJson from '../../firebase.json';

export const PAGE_CACHE = 'public, max-age=60, s-maxage=300';
export const MISSING_CACHE = 'public, max-age=60, s-maxage=60';
export const SEARCH_FILES_CACHE = 'public, max-age=300, s-maxage=600';

export interface PageRequest {
  /**
   * The path as requested, percent-encoded, with its query string if any (Express's `url`). Nothing
   * else of the request is read: no header decides what the page says or where its template comes from.
   */
  url: string;
}

export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Where the answers come from: the shop's configured address and its page template. */
export interface PageSite {
  /** The shop's origin as configured (`SHOP_URL`), e.g. `https://keraniganjachar.com.bd`. */
  origin: string;
  /** The built app's HTML the pages are rendered into (hostedShell). */
  template: () => Promise<string>;
  /** The security headers every answer carries (src/config/security-headers.ts). */
  securityHeaders: Record<string, string>;
}

/**
 * The security headers of the function's answers: production's, or in the Functions emulator the emulators'
 * variant, exactly what Hosting's own files carry (firebase.json; the local shop's copy of it).
 */
export function pageSecurityHeaders(emulated: boolean): Record<string, string> {
  return securityHeaders(emulated ? emulatorCspDirectives(firebaseJson.emulators) : undefined);
}

/**
 * The origin of a configured address (`https://shop.example/` → `https://shop.example`); refuses anything but an
 * http(s) origin, so a mistyped SHOP_URL fails loudly rather than naming a wrong site in every page.
 */
export function shopOrigin(configured: string): string {
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new Error(`SHOP_URL "${configured}" is not an address`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password)
    throw new Error(`SHOP_URL "${configured}" is not an http(s) origin`);
  return url.origin;
}

/** A Firestore document id a slug can be: no slash, not `.`/`..`, not `__…__`, at most 1,500 bytes. */
function usableId(text: string): boolean {
  return (
    text !== '' &&
    !text.includes('/') &&
    text !== '.' &&
    text !== '..' &&
    !/^__.*__$/.test(text) &&
    Buffer.byteLength(text) <= 1500
  );
}

/** The product a `/p/<slug>` names: through `slugs/{slug}`, else (a product saved before slugs) its id. */
async function productNamed(db: Firestore, slug: string): Promise<Product | null> {
  if (!usableId(slug)) return null;
  const record = await db.doc(`slugs/${slug}`).get();
  const owner: unknown = record.exists ? record.get('product_id') : slug;
  if (typeof owner !== 'string' || !usableId(owner)) return null;
  const snapshot = await db.doc(`products/${owner}`).get();
  if (!snapshot.exists) return null;
  const { product, malformed } = readProduct(snapshot.id, snapshot.data()!);
  return malformed || !product.is_active ? null : product;
}

function decodedSlug(path: string): string | null {
  const match = /^\/p\/([^/]+)\/?$/.exec(path);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]).normalize('NFC');
  } catch {
    return null;
  }
}

/** The longest photo address a page writes; a longer stored one shows the drawn jar instead. */
export const MAX_PHOTO_URL_LENGTH = 2048;

/**
 * The product's photo address if a page may show it: an absolute http(s) URL with a plain host name, no
 * credentials, at most MAX_PHOTO_URL_LENGTH characters, as the URL standard writes it (quotes and angle brackets
 * percent-encoded). Anything else (relative, `javascript:`, a quote in its host, huge) is null: the page then
 * shows the drawn jar, as for a product without a photo. The rules refuse such values on save; this keeps a
 * page standing whatever a stored product holds.
 */
export function pagePhotoUrl(stored: string | null): string | null {
  if (!stored || stored.length > MAX_PHOTO_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(stored);
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password) return null;
  if (!/^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])$/i.test(url.hostname)) return null;
  return url.href.length <= MAX_PHOTO_URL_LENGTH ? url.href : null;
}

/** The product as a page shows it: its photo only if pagePhotoUrl allows it. */
function shownProduct(product: Product): Product {
  const image_url = pagePhotoUrl(product.image_url);
  return image_url === product.image_url ? product : { ...product, image_url };
}

/**
 * The payment methods the shop offers now, which the page's order form offers before the app has read them
 * itself; read beside the page's other reads, so the page waits for none more. None if they cannot be read (or
 * none is on): the page then says nothing of them, and its form offers cash until the app has read them.
 */
async function offeredMethods(db: Firestore): Promise<PaymentMethod[] | undefined> {
  try {
    const settings = await db.doc(`${PAYMENT_SETTINGS_PATH.collection}/${PAYMENT_SETTINGS_PATH.id}`).get();
    const offered = offeredPaymentMethods(readPaymentSettings(settings.data()));
    return offered.length > 0 ? offered : undefined;
  } catch (error) {
    console.warn('pages: the payment settings could not be read', error);
    return undefined;
  }
}

async function productPage(db: Firestore, path: string, site: PageSite): Promise<PageAnswer> {
  const slug = decodedSlug(path);
  const methods = slug === null ? undefined : offeredMethods(db);
  const found = slug === null ? null : await productNamed(db, slug);
  const html = { 'Content-Type': 'text/html; charset=utf-8' };
  if (!found) {
    const body = await renderProductPage(await site.template(), { path, product: null }, site.origin);
    return { status: 404, headers: { ...html, 'Cache-Control': MISSING_CACHE }, body };
  }
  const product = shownProduct(found);
  const canonical = productPath(product);
  // An old slug (the product was renamed), its id, or another spelling of its slug: one address per product.
  if (`/p/${encodeURIComponent(slug!)}` !== canonical) return redirect(canonical);
  const body = await renderProductPage(
    await site.template(),
    { path: canonical, product },
    site.origin,
    await methods,
  );
  return { status: 200, headers: { ...html, 'Cache-Control': PAGE_CACHE }, body };
}

async function activeProducts(db: Firestore): Promise<Product[]> {
  const active = await db.collection('products').where('is_active', '==', true).get();
  return active.docs
    .map((doc) => readProduct(doc.id, doc.data()))
    .filter(({ malformed }) => !malformed)
    .map(({ product }) => product);
}

const time = (date: Date | null) => date?.getTime() ?? 0;

/**
 * `/`: the jars on sale (in stock), in the shop window's order (the listener's query: newest first, then the
 * larger stock, then the id, all descending), rendered into the shell. Hosting's CDN keeps it as a product page.
 */
async function homePage(db: Firestore, site: PageSite): Promise<PageAnswer> {
  const [active, methods] = await Promise.all([activeProducts(db), offeredMethods(db)]);
  const onSale = active
    .filter((product) => product.stock_quantity > 0)
    .sort(
      (a, b) =>
        time(b.created_at) - time(a.created_at) ||
        b.stock_quantity - a.stock_quantity ||
        (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    )
    .map(shownProduct);
  const body = await homePageHtml(await site.template(), onSale, methods);
  return {
    status: 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': PAGE_CACHE },
    body,
  };
}

/**
 * The last `/` this instance rendered, and what from. The page is a function of the shell and the jars alone (no
 * clock, no visitor), and rendering it is most of an answer's time (~160 ms of processor, the product page's
 * ~40 ms): the same shell and jars are answered with the same HTML. The jars are read on every request all the
 * same, so a change shows at the next one.
 */
let keptHome: { template: string; products: string; html: string } | null = null;

async function homePageHtml(
  template: string,
  onSale: Product[],
  methods: PaymentMethod[] | undefined,
): Promise<string> {
  const products = JSON.stringify([onSale, methods]);
  if (keptHome?.template === template && keptHome.products === products) return keptHome.html;
  const html = await renderHomePage(template, onSale, methods);
  keptHome = { template, products, html };
  return html;
}

async function sitemap(db: Firestore, origin: string): Promise<PageAnswer> {
  const products = await activeProducts(db);
  const changed = (product: Product) => product.updated_at ?? product.created_at;
  const newest = products.map(changed).reduce<Date | null>((a, b) => (!a || (b && b > a) ? b : a), null);
  const body = sitemapXml([
    { loc: `${origin}/`, lastmod: newest },
    ...products.map((product) => ({ loc: `${origin}${productPath(product)}`, lastmod: changed(product) })),
  ]);
  return {
    status: 200,
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': SEARCH_FILES_CACHE },
    body,
  };
}

/** For tests: forget the template and the home page kept in memory. */
export function forgetKeptPages(): void {
  keptShell = null;
  keptHome = null;
}

/** A permanent move to `location` (a path on this site), cached like a page. */
function redirect(location: string): PageAnswer {
  return { status: 301, headers: { Location: location, 'Cache-Control': PAGE_CACHE }, body: '' };
}

const NOT_HERE: PageAnswer = {
  status: 404,
  headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': MISSING_CACHE },
  body: 'পাতাটি পাওয়া যায়নি',
};

/**
 * The answer to one request Hosting sent here (or anyone sent to the function's own URL): `/`, a product's page
 * or the sitemap, anything else 404 without a read. A query string is never part of a page: it answers a 301 to
 * the address without it, so `/sitemap.xml?x` or `/p/a?x` reads nothing and the page is rendered (and kept by
 * Hosting's CDN, whose key is the whole URL) once, at its one address.
 */
export async function answerPage(db: Firestore, request: PageRequest, site: PageSite): Promise<PageAnswer> {
  const answer = await answerWithoutHeaders(db, request, site);
  return { ...answer, headers: { ...site.securityHeaders, ...answer.headers } };
}

/** Below this many bytes a body goes as it is: gzip's header and a round of work would save nothing. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * The answer as it goes on the wire: gzip'd when the client accepts it (the answer then varies by
 * Accept-Encoding, which Hosting's CDN keys its copies by). `/`'s HTML is ~165 KB and ~19 KB gzip'd: on a
 * slow phone link the difference is most of a second. Hosting compresses its own files, not a function's answer.
 */
export function encodedAnswer(
  answer: PageAnswer,
  acceptsGzip: boolean,
): { status: number; headers: Record<string, string>; body: string | Buffer } {
  const vary = { Vary: 'Accept-Encoding' };
  if (!acceptsGzip || Buffer.byteLength(answer.body) < COMPRESS_FROM_BYTES)
    return { ...answer, headers: { ...answer.headers, ...vary } };
  return {
    status: answer.status,
    headers: { ...answer.headers, ...vary, 'Content-Encoding': 'gzip' },
    body: gzipSync(answer.body),
  };
}

async function answerWithoutHeaders(
  db: Firestore,
  request: PageRequest,
  site: PageSite,
): Promise<PageAnswer> {
  const query = request.url.indexOf('?');
  const path = query < 0 ? request.url : request.url.slice(0, query);
  if (path !== '/' && path !== '/sitemap.xml' && !path.startsWith('/p/')) return NOT_HERE;
  // (The path starts with one slash, never two: the Location cannot name another site.)
  if (query >= 0) return redirect(path);
  if (path === '/') return homePage(db, site);
  if (path === '/sitemap.xml') return sitemap(db, site.origin);
  return productPage(db, path, site);
}

/** The most of shell.html this function reads: the built shell is ~10 KB. */
export const MAX_SHELL_BYTES = 512 * 1024;
const SHELL_TTL_MS = 60_000;
const SHELL_TIMEOUT_MS = 5_000;

/** The one copy of the shell this instance keeps: one address, so one copy. */
let keptShell: { origin: string; html: string; fetched: number } | null = null;
let fetching: Promise<string> | null = null;

async function readShell(origin: string, fetchFn: typeof fetch): Promise<string> {
  // `/shell`, not `/shell.html`: with firebase.json's cleanUrls Hosting answers the latter with a redirect
  // to the former, and no redirect is followed here.
  const address = `${origin}/shell`;
  const response = await fetchFn(address, {
    redirect: 'error',
    signal: AbortSignal.timeout(SHELL_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${address} answered ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_SHELL_BYTES) throw new Error(`${address} is ${declared} bytes, over ${MAX_SHELL_BYTES}`);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    bytes += read.value.byteLength;
    if (bytes > MAX_SHELL_BYTES) {
      await reader!.cancel();
      throw new Error(`${address} is over ${MAX_SHELL_BYTES} bytes`);
    }
    chunks.push(read.value);
  }
  const html = Buffer.concat(chunks).toString('utf8');
  assertPageTemplate(html);
  return html;
}

/**
 * The built app's HTML as Hosting serves it at the shop's own configured address (`${origin}/shell`, the
 * app shell), kept a minute: the page then names the scripts and styles of the deployed build, whichever was
 * deployed last. One copy, of one address; at most MAX_SHELL_BYTES read, no redirect followed. Should a refresh
 * fail, the copy kept goes on serving.
 */
export async function hostedShell(
  origin: string,
  fetchFn: typeof fetch = fetch,
  now = Date.now(),
): Promise<string> {
  const kept = keptShell?.origin === origin ? keptShell : null;
  if (kept && now - kept.fetched < SHELL_TTL_MS) return kept.html;
  fetching ??= readShell(origin, fetchFn)
    .then((html) => {
      keptShell = { origin, html, fetched: now };
      return html;
    })
    .finally(() => (fetching = null));
  try {
    return await fetching;
  } catch (error) {
    if (kept) return kept.html;
    throw error;
  }
}
