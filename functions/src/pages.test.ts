/**
 * The product page as the function renders it, with an in-memory stand-in for the few Firestore reads it
 * makes: the storefront's own markup with the product, the head a link preview is built from, the data the app
 * hydrates from, redirects to the one address of a product, 404s, and the sitemap.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { answerPage, PAGE_CACHE } from './pages';

const TEMPLATE = `<!doctype html><html lang="bn"><head><meta charset="UTF-8" />
<meta name="description" content="দোকানের কথা" /><title>দোকান</title></head>
<body><div id="root"></div><script type="module" src="/assets/main.js"></script></body></html>`;

const updated = new Date('2026-03-01T10:00:00Z');
const stored: Record<string, Record<string, unknown>> = {
  'products/mango': {
    name: 'আমের আচার',
    description: 'টক-ঝাল-মিষ্টি',
    price: 250,
    original_price: 300,
    stock_quantity: 4,
    is_active: true,
    image_url: 'http://127.0.0.1:9199/v0/b/bucket/o/a.webp?alt=media',
    slug: 'আমের-আচার',
    updated_at: { toDate: () => updated },
  },
  'products/hidden': { name: 'লুকানো', price: 100, stock_quantity: 1, is_active: false, slug: 'লুকানো' },
  'slugs/আমের-আচার': { product_id: 'mango' },
  'slugs/আম': { product_id: 'mango' },
  'slugs/লুকানো': { product_id: 'hidden' },
};

/** Just the reads pages.ts makes: doc(path).get() and the active products' query. */
const db = {
  doc: (path: string) => ({
    get: () =>
      Promise.resolve({
        id: path.split('/')[1],
        exists: path in stored,
        data: () => stored[path],
        get: (field: string) => stored[path]?.[field],
      }),
  }),
  collection: () => ({
    where: (field: string, _op: string, value: unknown) => ({
      get: () =>
        Promise.resolve({
          docs: Object.entries(stored)
            .filter(([path, data]) => path.startsWith('products/') && data[field] === value)
            .map(([path, data]) => ({ id: path.split('/')[1], data: () => data })),
        }),
    }),
  }),
} as unknown as Firestore;

const headers = { 'x-forwarded-host': 'shop.test', 'x-forwarded-proto': 'https' };
const ask = (path: string) => answerPage(db, { path, headers }, () => Promise.resolve(TEMPLATE));
const encoded = (slug: string) => `/p/${encodeURIComponent(slug)}`;

describe('a product’s page', () => {
  it('is the storefront’s markup of the product, with the head a link preview is built from', async () => {
    const answer = await ask(encoded('আমের-আচার'));
    expect(answer.status).toBe(200);
    expect(answer.headers['Cache-Control']).toBe(PAGE_CACHE);
    const html = answer.body;
    expect(html).toContain('<title>আমের আচার — ৳২৫০ | কেরানীগঞ্জ আচার ঘর</title>');
    expect(html).toContain(`<link rel="canonical" href="https://shop.test${encoded('আমের-আচার')}">`);
    expect(html).toContain(
      '<meta property="og:image" content="http://127.0.0.1:9199/v0/b/bucket/o/a.webp?alt=media">',
    );
    expect(html).toMatch(/<meta property="og:description" content="দাম ৳২৫০। টক-ঝাল-মিষ্টি/);
    expect(html).toContain(`<div id="root" data-prerendered="${encoded('আমের-আচার')}">`);
    expect(html).toMatch(/<h1[^>]*>আমের আচার<\/h1>/);
    expect(html).toContain('৳৩০০'); // the struck-out price
    expect(html).toContain('id="product-page-data"');
    expect(html).toContain('<script type="module" src="/assets/main.js"></script>');
  });

  it('redirects an old slug and the product’s id to its one address', async () => {
    for (const path of [encoded('আম'), '/p/mango']) {
      const answer = await ask(path);
      expect(answer.status).toBe(301);
      expect(answer.headers.Location).toBe(encoded('আমের-আচার'));
    }
  });

  it('answers a real 404 page with a link home for an inactive, a missing or a malformed address', async () => {
    for (const path of [encoded('লুকানো'), '/p/nothing', '/p/%E0%A4', '/p/__x__']) {
      const answer = await ask(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toContain('href="/"');
      expect(answer.body).toContain('<meta name="robots" content="noindex">');
    }
  });
});

describe('the sitemap', () => {
  it('lists the home page and exactly the active products in the sitemap', async () => {
    const answer = await ask('/sitemap.xml');
    expect(answer.headers['Content-Type']).toMatch(/^application\/xml/);
    const locs = [...answer.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(['https://shop.test/', `https://shop.test${encoded('আমের-আচার')}`]);
    expect(answer.body).toContain(`<lastmod>${updated.toISOString()}</lastmod>`);
  });
});
