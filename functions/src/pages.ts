/**
 * The pages Hosting sends to this function (firebase.json's rewrites): a product's page `/p/<slug>`, rendered
 * from Firestore with the storefront's own components (src/app/server.tsx), and `/sitemap.xml`. (Not
 * `/robots.txt`: the Functions framework answers that path 404 itself, in the cloud as in the emulator, so it is
 * a static file the build writes: scripts/vite-prerender.ts.)
 * Each answer says how long Hosting's CDN may keep it (`s-maxage`) and, shorter, a browser (`max-age`): an
 * edited product shows within minutes without any purge.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { readProduct, productPath, type Product } from '../../src/features/ordering/model';
import { renderProductPage } from '../../src/app/server';
import { sitemapXml } from '../../src/features/catalog/server';

export const PAGE_CACHE = 'public, max-age=60, s-maxage=300';
export const MISSING_CACHE = 'public, max-age=60, s-maxage=60';
export const SEARCH_FILES_CACHE = 'public, max-age=300, s-maxage=600';

export interface PageRequest {
  /** The path as requested, percent-encoded. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const header = (request: PageRequest, name: string) => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.split(',')[0].trim();
};

/** The site's address as the shopper used it: Hosting forwards the host it was asked for. */
export function requestOrigin(request: PageRequest): string {
  const host = header(request, 'x-forwarded-host') ?? header(request, 'host') ?? 'localhost';
  const local = /^(127\.0\.0\.1|localhost)(:\d+)?$/.test(host);
  const protocol = header(request, 'x-forwarded-proto') ?? (local ? 'http' : 'https');
  return `${protocol}://${host}`;
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

async function productPage(
  db: Firestore,
  request: PageRequest,
  template: (origin: string) => Promise<string>,
): Promise<PageAnswer> {
  const origin = requestOrigin(request);
  const slug = decodedSlug(request.path);
  const product = slug === null ? null : await productNamed(db, slug);
  const html = { 'Content-Type': 'text/html; charset=utf-8' };
  if (!product) {
    const body = await renderProductPage(
      await template(origin),
      { path: request.path, product: null },
      origin,
    );
    return { status: 404, headers: { ...html, 'Cache-Control': MISSING_CACHE }, body };
  }
  const path = productPath(product);
  // An old slug (the product was renamed), its id, or another spelling of its slug: one address per product.
  if (`/p/${encodeURIComponent(slug!)}` !== path) {
    return { status: 301, headers: { Location: path, 'Cache-Control': PAGE_CACHE }, body: '' };
  }
  const body = await renderProductPage(await template(origin), { path, product }, origin);
  return { status: 200, headers: { ...html, 'Cache-Control': PAGE_CACHE }, body };
}

async function sitemap(db: Firestore, origin: string): Promise<PageAnswer> {
  const active = await db.collection('products').where('is_active', '==', true).get();
  const products = active.docs
    .map((doc) => readProduct(doc.id, doc.data()))
    .filter(({ malformed }) => !malformed)
    .map(({ product }) => product);
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

/** The answer to one request Hosting sent here. */
export async function answerPage(
  db: Firestore,
  request: PageRequest,
  template: (origin: string) => Promise<string>,
): Promise<PageAnswer> {
  const origin = requestOrigin(request);
  if (request.path === '/sitemap.xml') return sitemap(db, origin);
  return productPage(db, request, template);
}

const TEMPLATE_TTL_MS = 60_000;
const templates = new Map<string, { html: string; fetched: number }>();

/**
 * The built app's HTML, as Hosting serves it to this very site (`/shell.html`, the app shell), kept a minute:
 * the page then names the scripts and styles of the deployed build, whichever was deployed last.
 */
export async function hostedShell(origin: string): Promise<string> {
  const kept = templates.get(origin);
  if (kept && Date.now() - kept.fetched < TEMPLATE_TTL_MS) return kept.html;
  const response = await fetch(`${origin}/shell.html`);
  if (!response.ok) throw new Error(`${origin}/shell.html answered ${response.status}`);
  const html = await response.text();
  templates.set(origin, { html, fetched: Date.now() });
  return html;
}
