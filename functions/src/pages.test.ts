/**
 * The product page as the function renders it, with an in-memory stand-in for the few Firestore reads it
 * makes: the storefront's own markup with the product, the head a link preview is built from, the data the app
 * hydrates from, redirects to the one address of a product, 404s, and the sitemap.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHomePage } from '../../src/app/server';
import {
  encodedAnswer,
  answerPage,
  forgetKeptPages,
  hostedShell,
  MAX_SHELL_BYTES,
  PAGE_CACHE,
  pagePhotoUrl,
  pageSecurityHeaders,
  shopOrigin,
  type PageSite,
} from './pages';

// The real renderer, watched: how many times `/` is rendered.
vi.mock('../../src/app/server', async (importOriginal) => {
  const server = await importOriginal<typeof import('../../src/app/server')>();
  return { ...server, renderHomePage: vi.fn(server.renderHomePage) };
});

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
  // bKash on with a number, Nagad on without one (so not offered).
  'settings/payments': {
    methods: { cash_on_delivery: true, bkash: true, nagad: true },
    bkash: { number: '01711000111', account_type: 'personal' },
  },
};

/** What the page read, in order: each document's path, and `products?active` for the sitemap's query. */
let reads: string[] = [];
beforeEach(() => {
  reads = [];
  forgetKeptPages();
});

/** Just the reads pages.ts makes: doc(path).get() and the active products' query. */
const db = {
  doc: (path: string) => ({
    get: () =>
      Promise.resolve(reads.push(path)).then(() => ({
        id: path.split('/')[1],
        exists: path in stored,
        data: () => stored[path],
        get: (field: string) => stored[path]?.[field],
      })),
  }),
  collection: () => ({
    where: (field: string, _op: string, value: unknown) => ({
      get: () =>
        Promise.resolve(reads.push('products?active')).then(() => ({
          docs: Object.entries(stored)
            .filter(([path, data]) => path.startsWith('products/') && data[field] === value)
            .map(([path, data]) => ({ id: path.split('/')[1], data: () => data })),
        })),
    }),
  }),
} as unknown as Firestore;

const site: PageSite = {
  origin: 'https://shop.test',
  template: () => Promise.resolve(TEMPLATE),
  securityHeaders: pageSecurityHeaders(false),
};
const ask = (url: string) => answerPage(db, { url }, site);
const encoded = (slug: string) => `/p/${encodeURIComponent(slug)}`;

describe('a product’s page', () => {
  it('is the storefront’s markup of the product, with the head a link preview is built from', async () => {
    const answer = await ask(encoded('আমের-আচার'));
    expect(answer.status).toBe(200);
    expect(answer.headers['Cache-Control']).toBe(PAGE_CACHE);
    const html = answer.body;
    expect(html).toContain('<title>আমের আচার — ৳২৫০ | কেরানীগঞ্জ আচার ঘর</title>');
    // The order form comes with the page, closed; its button opens it with no script (an invoker command).
    const form = /<dialog\b[^>]*\bid="order-form"[^>]*>/.exec(html)?.[0];
    expect(form).toBeDefined();
    expect(form).not.toMatch(/\bopen\b/);
    expect(html).toMatch(/<button\b[^>]*\bcommandfor="order-form" command="show-modal"[^>]*>অর্ডার করুন/);
    expect(html).toMatch(/<input\b[^>]*\bname="customerName"/);
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

  it('renders its order form for the jar, offering the payment methods the shop offers now', async () => {
    const html = (await ask(encoded('আমের-আচার'))).body;
    const form = html.slice(html.search(/<dialog\b/), html.indexOf('</dialog>')).replaceAll('<!-- -->', '');
    expect(form).toContain('আমের আচার · প্রতি বয়ামের দাম ৳২৫০ · স্টকে আছে ৪টি');
    expect(form).toMatch(/<input\b[^>]*\bvalue="bkash"/);
    expect(form).not.toMatch(/<input\b[^>]*\bvalue="nagad"/);
    expect(html).toContain(
      '<script type="application/json" id="payment-methods-data">["cash_on_delivery","bkash"]</script>',
    );
    // Read beside the product (one round trip), not after it.
    expect(reads.slice(0, 2)).toEqual(['settings/payments', `slugs/আমের-আচার`]);
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

describe('the home page', () => {
  it('carries the jars on sale in its HTML, as the storefront’s cards, with the data the app hydrates from', async () => {
    const answer = await ask('/');
    expect(answer.status).toBe(200);
    expect(answer.headers['Cache-Control']).toBe(PAGE_CACHE);
    const html = answer.body;
    expect(html).toContain('<div id="root" data-prerendered="/">');
    expect(html).toMatch(/<article[^>]*aria-label="আমের আচার"/);
    expect(html).toContain('৳২৫০');
    expect(html).not.toContain('লুকানো');
    expect(html).toContain('id="shop-window-data"');
    expect(html).toContain('<link rel="preconnect" href="http://127.0.0.1:9199">');
    expect(html).toContain('id="payment-methods-data">["cash_on_delivery","bkash"]<');
    expect(reads.sort()).toEqual(['products?active', 'settings/payments']);
  });

  it('is rendered once for the same jars, and again as soon as one of them changes', async () => {
    const render = vi.mocked(renderHomePage);
    render.mockClear();
    const first = (await ask('/')).body;
    expect((await ask('/')).body).toBe(first);
    expect(render).toHaveBeenCalledTimes(1);
    // Read again at every request: the new price is in the very next answer.
    const mango = stored['products/mango'];
    stored['products/mango'] = { ...mango, price: 240 };
    try {
      const next = (await ask('/')).body;
      expect(render).toHaveBeenCalledTimes(2);
      expect(next).toContain('৳২৪০');
      expect(next).not.toContain('৳২৫০');
      expect(reads.filter((read) => read === 'products?active')).toHaveLength(3);
    } finally {
      stored['products/mango'] = mango;
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

describe('the shop’s address, whatever a request names', () => {
  /** A request as Express hands it over, with the headers an attacker would send straight to the function. */
  const hostile = (url: string) => ({
    url,
    headers: {
      host: '169.254.169.254',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'http',
      forwarded: 'host=evil.example',
    },
  });

  /** A fetch that records each address asked for and answers a shell. */
  function recordingFetch(body = TEMPLATE, init: ResponseInit = {}) {
    const asked: { url: string; init?: RequestInit }[] = [];
    const fetchFn = ((url: string, requestInit?: RequestInit) => {
      asked.push({ url, init: requestInit });
      return Promise.resolve(new Response(body, { headers: { 'Content-Type': 'text/html' }, ...init }));
    }) as typeof fetch;
    return { asked, fetchFn };
  }

  it('renders a product page from the configured site’s shell and names that site, never the request’s host', async () => {
    const { asked, fetchFn } = recordingFetch();
    const answer = await answerPage(db, hostile(encoded('আমের-আচার')), {
      ...site,
      template: () => hostedShell(site.origin, fetchFn),
    });
    expect(answer.status).toBe(200);
    expect(asked.map(({ url }) => url)).toEqual(['https://shop.test/shell']);
    expect(answer.body).toContain(`<link rel="canonical" href="https://shop.test${encoded('আমের-আচার')}">`);
    expect(answer.body).toContain(
      `<meta property="og:url" content="https://shop.test${encoded('আমের-আচার')}">`,
    );
    expect(answer.body).not.toMatch(/evil\.example|169\.254/);
  });

  it('lists the configured site in the sitemap', async () => {
    const answer = await answerPage(db, hostile('/sitemap.xml'), site);
    const locs = [...answer.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(locs.length).toBeGreaterThan(0);
    for (const loc of locs) expect(loc).toMatch(/^https:\/\/shop\.test\//);
  });

  it('takes the origin of SHOP_URL and refuses a value that is not an http(s) origin', () => {
    expect(shopOrigin('https://keraniganjachar.com.bd/')).toBe('https://keraniganjachar.com.bd');
    expect(shopOrigin('http://127.0.0.1:5000')).toBe('http://127.0.0.1:5000');
    for (const wrong of ['keraniganjachar.com.bd', 'ftp://shop.test', 'https://user:pw@shop.test', ''])
      expect(() => shopOrigin(wrong), wrong).toThrow(/SHOP_URL/);
  });
});

describe('the shell a page is rendered into', () => {
  const shell = (body: BodyInit | null, init: ResponseInit = {}) => {
    const asked: string[] = [];
    const fetchFn = ((url: string, requestInit?: RequestInit) => {
      asked.push(url);
      expect(requestInit?.redirect).toBe('error');
      expect(requestInit?.signal).toBeInstanceOf(AbortSignal);
      return Promise.resolve(new Response(body, init));
    }) as typeof fetch;
    return { asked, fetchFn };
  };

  it('is fetched once a minute from the one configured address, and kept as one copy', async () => {
    const { asked, fetchFn } = shell(TEMPLATE);
    await hostedShell('https://shop.test', fetchFn, 0);
    await hostedShell('https://shop.test', fetchFn, 59_000);
    expect(asked).toEqual(['https://shop.test/shell']);
    await hostedShell('https://shop.test', fetchFn, 61_000);
    expect(asked).toHaveLength(2);
    // Another address replaces the copy; nothing accumulates per address.
    await hostedShell('https://other.test', fetchFn, 62_000);
    await hostedShell('https://shop.test', fetchFn, 63_000);
    expect(asked).toEqual([
      'https://shop.test/shell',
      'https://shop.test/shell',
      'https://other.test/shell',
      'https://shop.test/shell',
    ]);
  });

  it('refuses a shell over its size limit, declared or streamed, and one that is not the app’s page', async () => {
    const huge = `${TEMPLATE}${' '.repeat(MAX_SHELL_BYTES)}`;
    await expect(hostedShell('https://shop.test', shell(huge).fetchFn, 0)).rejects.toThrow(/over/);
    const declared = shell(TEMPLATE, { headers: { 'Content-Length': String(MAX_SHELL_BYTES + 1) } });
    await expect(hostedShell('https://shop.test', declared.fetchFn, 0)).rejects.toThrow(/over/);
    await expect(hostedShell('https://shop.test', shell('<html>evil</html>').fetchFn, 0)).rejects.toThrow(
      /template/,
    );
    await expect(hostedShell('https://shop.test', shell('no', { status: 500 }).fetchFn, 0)).rejects.toThrow(
      /500/,
    );
  });

  it('keeps serving the copy it has when a refresh fails', async () => {
    await hostedShell('https://shop.test', shell(TEMPLATE).fetchFn, 0);
    const failing = shell('down', { status: 503 });
    expect(await hostedShell('https://shop.test', failing.fetchFn, 120_000)).toBe(TEMPLATE);
    expect(failing.asked).toHaveLength(1);
  });
});

describe('what the function answers', () => {
  it('answers 404 without a read for any path but /, a product’s and the sitemap', async () => {
    for (const url of ['/admin', '/shell.html', '/robots.txt', '/pages', '/sitemap.xml/x', '/px']) {
      const answer = await ask(url);
      expect(answer.status, url).toBe(404);
    }
    expect(reads).toEqual([]);
  });

  it('redirects an address with a query string to the one without, reading nothing', async () => {
    for (const [url, location] of [
      ['/?fbclid=abc', '/'],
      ['/sitemap.xml?x', '/sitemap.xml'],
      ['/sitemap.xml?', '/sitemap.xml'],
      [`${encoded('আমের-আচার')}?fbclid=abc`, encoded('আমের-আচার')],
      ['/p/nothing?x=1', '/p/nothing'],
    ]) {
      const answer = await ask(url);
      expect(answer.status, url).toBe(301);
      expect(answer.headers.Location).toBe(location);
      expect(answer.headers['Cache-Control']).toMatch(/s-maxage=\d+/);
    }
    expect(reads).toEqual([]);
  });

  it('carries the security headers on every answer: page, redirect, 404, sitemap', async () => {
    for (const url of [
      encoded('আমের-আচার'),
      '/p/mango',
      '/p/nothing',
      '/nothing',
      '/sitemap.xml',
      '/p/a?x',
    ]) {
      const answer = await ask(url);
      expect(answer.headers['Content-Security-Policy'], url).toContain("frame-ancestors 'none'");
      expect(answer.headers['X-Content-Type-Options'], url).toBe('nosniff');
      expect(answer.headers['X-Frame-Options'], url).toBe('DENY');
      expect(answer.headers['Strict-Transport-Security'], url).toMatch(/max-age=\d+/);
      expect(answer.headers['Referrer-Policy'], url).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['Permissions-Policy'], url).toContain('camera=()');
    }
  });

  it('names the emulators in its policy only in the Functions emulator', () => {
    expect(pageSecurityHeaders(false)['Content-Security-Policy']).not.toContain('127.0.0.1');
    expect(pageSecurityHeaders(true)['Content-Security-Policy']).toContain('http://127.0.0.1:8080');
  });
});

describe('a product page whatever photo address is stored', () => {
  const withPhoto = async (image_url: string) => {
    stored['products/odd'] = { ...stored['products/mango'], slug: 'odd', image_url };
    stored['slugs/odd'] = { product_id: 'odd' };
    try {
      return await ask('/p/odd');
    } finally {
      delete stored['products/odd'];
      delete stored['slugs/odd'];
    }
  };

  it.each([
    ['relative', '/photos/a.webp'],
    ['protocol-relative', '//evil.example/a.webp'],
    ['a quote in its host', 'https://a"onerror="alert(1).example/a.webp'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:image/svg+xml,<svg onload=alert(1)>'],
    ['huge', `https://firebasestorage.googleapis.com/${'a'.repeat(5000)}.webp`],
    ['with credentials', 'https://user:pw@firebasestorage.googleapis.com/a.webp'],
    ['not a URL', 'https://exa mple/a.webp'],
  ])('shows the drawn jar for a %s address and writes none of it', async (_kind, url) => {
    const answer = await withPhoto(url);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('data-testid="product-image-placeholder"');
    expect(answer.body).not.toContain('og:image');
    expect(answer.body).not.toContain('rel="preconnect"');
    expect(answer.body).not.toContain(url);
    expect(answer.body).not.toMatch(/alert\(1\)|evil\.example|javascript:/);
  });

  it('keeps an ordinary Storage address as it is', async () => {
    const url = 'https://firebasestorage.googleapis.com/v0/b/shop/o/products%2Fa.webp?alt=media&token=x';
    expect(pagePhotoUrl(url)).toBe(url);
    const answer = await withPhoto(url);
    expect(answer.body).toContain(`<meta property="og:image" content="${url.replace(/&/g, '&amp;')}">`);
    expect(answer.body).toContain('<link rel="preconnect" href="https://firebasestorage.googleapis.com">');
  });
});

describe('the answer on the wire', () => {
  it("is gzip'd for a client that accepts it, the same page once unpacked, and as it is for one that does not", async () => {
    const page = await ask('/');
    const packed = encodedAnswer(page, true);
    expect(packed.headers['Content-Encoding']).toBe('gzip');
    expect(packed.headers.Vary).toBe('Accept-Encoding');
    expect(packed.headers['Cache-Control']).toBe(page.headers['Cache-Control']);
    expect(gunzipSync(packed.body).toString('utf8')).toBe(page.body);
    expect(packed.body.length).toBeLessThan(Buffer.byteLength(page.body) / 3);

    const plain = encodedAnswer(page, false);
    expect(plain.headers['Content-Encoding']).toBeUndefined();
    expect(plain.headers.Vary).toBe('Accept-Encoding');
    expect(plain.body).toBe(page.body);
  });

  it('sends a redirect or any tiny body as it is', async () => {
    const redirect = encodedAnswer(await ask('/?x=1'), true);
    expect(redirect.headers['Content-Encoding']).toBeUndefined();
    expect(redirect.body).toBe('');
  });
});
