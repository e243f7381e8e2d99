/**
 * The one production build of the tests. It is wired to the real project's web config only, and it keeps what
 * makes the storefront open fast on a cheap phone (issue 9): the public pages are prerendered (text painted
 * before any JavaScript runs), the JavaScript needed before `/` works and the font files stay under their
 * budgets (the phone's own copy first), and the realtime SDKs are not part of it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_PAINT_JS_BUDGET_KB,
  INITIAL_JS_BUDGET_KB,
  WEB_FONT_BUDGET_KB,
  fontFacesOf,
  javascriptOf,
  preloadedFonts,
} from '../../scripts/web-budgets.js';
import { emulatorTraceIn } from '../../scripts/build/firebase-web-config.js';
import { PRERENDERED_STYLES } from '../../src/app/prerendered-styles.js';
import { layoutTexts } from '../../src/app/layout/texts.js';
import { catalogTexts } from '../../src/features/catalog/texts.js';
import { myOrdersTexts } from '../../src/features/my-orders/texts.js';
import { foreignTextsIn, unescapeUnicode } from '../support/bundled-texts.js';
import { renderHomePage, renderProductPage } from '../../src/app/server.js';
import { TAP_KEEPER_SCRIPT } from '../../src/lib/tap-keeper-script.js';
import { shop } from '../../src/config/shop.js';
import { aProduct } from '../../src/testing/products.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
let dist = '';
/** What `vite build` printed: its report (stdout) and its warnings (stderr, where Rolldown's and Vite's go). */
let buildOutput = { stdout: '', stderr: '' };
const readPage = (file: string) => readFile(join(dist, file), 'utf8');
/** Jars on sale, as the `pages` function reads them from Firestore. */
const onSale = [
  {
    ...aProduct('mango', { name: 'আমের আচার', price: 250, original_price: 300, slug: 'আমের-আচার' }),
    image_url: 'https://firebasestorage.googleapis.com/v0/b/b/o/mango.webp?alt=media',
  },
  aProduct('garlic', { name: 'রসুনের আচার', price: 200, slug: 'রসুনের-আচার' }),
];
/**
 * A built page; `index.html` stands for `/`, which the `pages` function renders on request with the jars on
 * sale into the deployed shell.html: rendered here the same way into this build's shell.
 */
const page = async (file: string) =>
  file === 'index.html' ? renderHomePage(await readPage('shell.html'), onSale) : readPage(file);
/** The text a reader sees, tags and styles removed. */
const visibleText = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/<script[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&');

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'achar-build-'));
  // A separate process, as `npm run build` runs it: the test runner's NODE_ENV=test would build React's dev copy.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')),
  );
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [vite, 'build', '--outDir', dist, '--emptyOutDir'],
    {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
      // A production build for a (made-up) real project, with only these VITE_ variables (none from this shell):
      // the build may refuse a missing web config.
      env: {
        ...inherited,
        NODE_ENV: 'production',
        VITE_FIREBASE_API_KEY: 'AIzaSyBuildTestOnly000000000000000000',
        VITE_FIREBASE_AUTH_DOMAIN: 'achar-shop-build-test.firebaseapp.com',
        VITE_FIREBASE_PROJECT_ID: 'achar-shop-build-test',
        VITE_FIREBASE_STORAGE_BUCKET: 'achar-shop-build-test.appspot.com',
        VITE_FIREBASE_APP_ID: '1:123456789012:web:0123456789abcdef',
      },
    },
  );
  buildOutput = { stdout, stderr };
}, 240_000);

afterAll(async () => {
  if (dist) await rm(dist, { recursive: true, force: true });
});

describe('the production build of the storefront', () => {
  it("builds without a single warning, every page talking to its project's functions only", async () => {
    expect(buildOutput.stdout).toContain('built in');
    // Vite's own warnings (a chunk over its limit) start with (!); Rolldown's ([EVAL], …) only go to stderr.
    expect(buildOutput.stdout).not.toContain('(!)');
    expect(buildOutput.stderr).toBe('');
    for (const file of ['shell.html', 'auth.html', 'orders.html']) {
      const html = await readPage(file);
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
      expect(policy.split(' '), file).toContain(
        'https://us-central1-achar-shop-build-test.cloudfunctions.net',
      );
      expect(policy, file).not.toContain('*');
    }
  });

  it('with the web config names no demo project and no emulator address', async () => {
    const assets = join(dist, 'assets');
    const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
    const code = (await Promise.all(scripts.map((name) => readFile(join(assets, name), 'utf8'))))
      .concat(await page('index.html'))
      .join('\n');
    expect(code).toContain('achar-shop-build-test.firebaseapp.com');
    expect(emulatorTraceIn(code)).toBeNull();
    expect(code).not.toContain('demo-achar-shop');
    expect(code).not.toContain('demo-api-key');
    expect(code).not.toContain('127.0.0.1');
  });

  it('has the hero headline, the header and the products heading in the HTML of / itself', async () => {
    const html = await page('index.html');
    expect(html).toContain('data-prerendered="/"');
    const text = visibleText(html);
    expect(text).toContain(catalogTexts.hero.headline);
    expect(text).toContain(catalogTexts.products.title);
    expect(text).toContain(catalogTexts.why.title);
    // Drawn by the prerender, taken over as they are by hydration (components/ui/prerendered-markup.tsx).
    expect(text).toContain(catalogTexts.why.natural.title);
    expect(text).toContain(layoutTexts.footer.aboutText);
    // The styles of that markup come with it, in <head> (src/app/prerendered-styles.ts), so the first paint is
    // styled and hydration has no <style> to move.
    const [head, body] = html.split('</head>');
    expect(head).toMatch(new RegExp(`<style ${PRERENDERED_STYLES}="[\\w ]+">[^<]*\\.css-`));
    expect(body).not.toContain('<style');
    expect(html).not.toContain('data-emotion');
  });

  it("carries the jars on sale in /'s HTML as the storefront's cards, the first photo eager, and preconnects to Storage", async () => {
    const html = await page('index.html');
    const [head, body] = html.split('</head>');
    const cards = [...body.matchAll(/<article\b[^>]*aria-label="([^"]+)"/g)].map((match) => match[1]);
    expect(cards).toEqual(['আমের আচার', 'রসুনের আচার']);
    expect(visibleText(body)).toContain('৳২৫০');
    expect(visibleText(body)).toContain('৳৩০০'); // struck out
    const photo = (/<img\b[^>]*mango\.webp[^>]*>/.exec(body)?.[0] ?? '').toLowerCase(); // names are case-blind
    for (const attribute of ['loading="eager"', 'fetchpriority="high"', 'width="480"', 'height="360"'])
      expect(photo).toContain(attribute);
    expect(head).toContain('<link rel="preconnect" href="https://firebasestorage.googleapis.com">');
    expect(head).toContain('<script type="application/json" id="shop-window-data">');
    // Nothing asks Firestore before the app: the jars came with the page.
    expect(html).not.toContain('documents:runQuery');
    // The app's code comes after the first paint: preloaded, it would compete with the page and its photos.
    // Only what the entry itself imports may be preloaded.
    const entryFiles = javascriptOf(dist).firstPaint.map((f) => `/${f.file}`);
    for (const file of ['index.html', 'auth.html', 'orders.html']) {
      const preloaded = [...(await page(file)).matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)];
      expect(preloaded.map((link) => link[1]).filter((href) => !entryFiles.includes(href))).toEqual([]);
    }
  });

  it('keeps taps from the top of every page with one inline script of at most 2 KB (gzip)', async () => {
    for (const file of ['index.html', 'auth.html', 'orders.html']) {
      const html = await page(file);
      const head = html.slice(0, html.indexOf('</head>'));
      const keeper = head.indexOf(`<script>${TAP_KEEPER_SCRIPT.code}</script>`);
      expect(keeper, file).toBeGreaterThan(0);
      expect(keeper, file).toBeLessThan(head.search(/<style|<link/));
    }
    expect(gzipSync(TAP_KEEPER_SCRIPT.code).length).toBeLessThanOrEqual(2048);
  });

  it('marks, before anything is painted, a browser where no shopper was signed in; /orders then invites to log in', async () => {
    for (const file of ['index.html', 'auth.html', 'orders.html']) {
      const html = await page(file);
      const head = html.slice(0, html.indexOf('</head>'));
      const hint = [...head.matchAll(/<script>([^<]*)<\/script>/g)].find((script) =>
        script[1].includes('data-session'),
      );
      expect(hint?.index, file).toBeLessThan(head.search(/<style|<link/));
      const root = { attributes: {} as Record<string, string> };
      const run = (stored: string | null) =>
        new Function('localStorage', 'document', hint![1])(
          { getItem: () => stored },
          {
            documentElement: {
              setAttribute: (name: string, value: string) => (root.attributes[name] = value),
            },
          },
        );
      run('1');
      expect(root.attributes).toEqual({});
      run(null);
      expect(root.attributes).toEqual({ 'data-session': 'none' });
    }
    const orders = visibleText(await page('orders.html'));
    expect(orders).toContain(myOrdersTexts.title);
    expect(orders).toContain(myOrdersTexts.loginRequired);
  });

  it(`starts the app with an entry of at most ${FIRST_PAINT_JS_BUDGET_KB} KB (gzip): the page needs none to paint`, () => {
    const { firstPaint } = javascriptOf(dist);
    expect(firstPaint.reduce((sum, f) => sum + f.bytes, 0) / 1024).toBeLessThanOrEqual(
      FIRST_PAINT_JS_BUDGET_KB,
    );
  });

  it("keeps the admin dashboard's and the login page's texts out of /'s first JavaScript", async () => {
    // Each part's texts live beside it, so they load with it: these are loaded on demand.
    const { initial } = javascriptOf(dist);
    const code = (await Promise.all(initial.map((f) => page(f.file)))).join('\n');
    expect(unescapeUnicode(code)).toContain(catalogTexts.products.title);
    const lazy = [
      'adminTexts',
      'adminOrdersTexts',
      'adminProductsTexts',
      'adminCustomersTexts',
      'adminStatsTexts',
      'authTexts',
    ] as const;
    const loaded = [
      'sharedTexts',
      'uiTexts',
      'layoutTexts',
      'routesTexts',
      'catalogTexts',
      'myOrdersTexts',
      'orderMessages',
      'orderingTexts',
      'paymentStateLabels',
    ] as const;
    expect(foreignTextsIn(code, lazy, loaded)).toEqual([]);
  });

  it('prerenders /auth and /orders, and keeps an empty shell for every other path (and `/`, the function’s)', async () => {
    await expect(readPage('index.html')).rejects.toThrow(); // Hosting would serve it before the rewrite
    expect(await page('index.html')).toContain('data-prerendered="/"');
    expect(await page('auth.html')).toContain('data-prerendered="/auth"');
    expect(await page('orders.html')).toContain('data-prerendered="/orders"');
    expect(await page('shell.html')).toContain('<div id="root"></div>');
  });

  it("has each page's content in its place, shown at the first paint, not moved in by a script later", async () => {
    const auth = await page('auth.html');
    // The login card is inside the lazily loaded page's Suspense boundary.
    const root = auth.slice(auth.indexOf('<div id="root"'), auth.lastIndexOf('</footer>'));
    expect(root).toContain('আপনার অ্যাকাউন্ট');
    for (const file of ['index.html', 'auth.html', 'orders.html']) {
      const html = await page(file);
      // React's outlined boundaries: hidden segments, and the script that reveals them after a paint.
      expect(html).not.toMatch(/<div hidden id="S:\d+"/);
      expect(html).not.toMatch(/\$RC\b|\$RT\b/);
    }
  });

  it(`needs at most ${INITIAL_JS_BUDGET_KB} KB of JavaScript (gzip) before / works, without Firestore or Auth`, () => {
    const { initial, lazy } = javascriptOf(dist);
    const total = initial.reduce((sum, file) => sum + file.bytes, 0);
    expect(total / 1024).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
    // The realtime SDK and the auth SDK are loaded after the first paint, in chunks of their own.
    const initialFiles = initial.map((f) => f.file).join(' ');
    expect(initialFiles).not.toMatch(/firestore|auth/);
    expect(lazy.some((f) => /firestore/.test(f.file))).toBe(true);
  });

  it("carries Chakra's global CSS in the prerendered page, which the browser then does not write again", async () => {
    // src/app/provider.tsx gives ChakraProvider none to write on such a page.
    expect(await page('index.html')).toMatch(
      new RegExp(`<style ${PRERENDERED_STYLES}="[\\w ]+">@layer reset`),
    );
  });

  it(`takes the phone's own Bengali font first, else downloads at most ${WEB_FONT_BUDGET_KB} KB, none preloaded`, async () => {
    const html = await page('index.html');
    const faces = fontFacesOf(dist, html);
    expect(faces.map((face) => face.file)).toEqual([
      expect.stringMatching(/noto-sans-bengali-bengali-400-normal-[\w-]+\.woff2$/),
      expect.stringMatching(/noto-sans-bengali-bengali-700-normal-[\w-]+\.woff2$/),
    ]);
    for (const face of faces) {
      expect(face.local).toContain(
        face.file.includes('-700-') ? 'NotoSansBengali-Bold' : 'NotoSansBengali-Regular',
      );
      // Bengali letters and the spaces between them: a text's runs of one font are not cut at every space.
      const range = face.unicodeRange.toUpperCase().split(/\s*,\s*/);
      expect(range).toEqual(expect.arrayContaining(['U+20', 'U+A0', 'U+980-9FE']));
    }
    expect(faces.reduce((sum, face) => sum + face.bytes, 0) / 1024).toBeLessThanOrEqual(WEB_FONT_BUDGET_KB);
    // Downloaded only when the text needs it: a preload would take the phone's bandwidth even when it has the font.
    for (const file of ['index.html', 'auth.html', 'orders.html'])
      expect(preloadedFonts(await page(file))).toEqual([]);
  });

  it('has no stylesheet to fetch: none blocks the first paint, none is added to the page at hydration', async () => {
    // A stylesheet the entry imported was a dependency of every lazy chunk: the first (the order form's) added a
    // <link> to it at hydration, which waited for it and then styled and laid out the whole page again.
    expect((await readdir(join(dist, 'assets'))).filter((file) => file.endsWith('.css'))).toEqual([]);
    for (const file of ['index.html', 'auth.html', 'orders.html', 'shell.html'])
      expect(await page(file)).not.toMatch(/<link\b[^>]*rel="stylesheet"/);
  });
});

/**
 * A product's page is not built: the `pages` function renders it on request into the deployed shell.html. Here it
 * is rendered the same way into this production build's shell, and held to what `/` is held to.
 */
describe('a product page rendered into the production build', () => {
  const product = {
    ...aProduct('mango', { name: 'আমের আচার', price: 250, original_price: 300, slug: 'আমের-আচার' }),
    image_url: 'https://firebasestorage.googleapis.com/v0/b/b/o/mango.webp?alt=media',
  };
  const path = `/p/${encodeURIComponent('আমের-আচার')}`;
  const render = async () =>
    renderProductPage(await page('shell.html'), { path, product }, 'https://shop.example');

  it('has the product, its photo first and eager, and the link-preview head in the HTML itself', async () => {
    const html = await render();
    expect(html).toContain(`data-prerendered="${path}"`);
    const [head, body] = html.split('</head>');
    expect(visibleText(body)).toContain('আমের আচার');
    expect(visibleText(body)).toContain('৳২৫০');
    const photo = (/<img[^>]*mango\.webp[^>]*>/.exec(body)?.[0] ?? '').toLowerCase(); // names are case-blind
    expect(photo).toContain('loading="eager"');
    expect(photo).toContain('fetchpriority="high"');
    expect(photo).toMatch(/width="\d+"/);
    expect(head).toContain('<link rel="preconnect" href="https://firebasestorage.googleapis.com">');
    expect(head).toContain(`<link rel="canonical" href="https://shop.example${path}">`);
    expect(head).toContain('<meta property="og:title" content="আমের আচার — ৳২৫০');
    expect(head).toContain('<title>আমের আচার — ৳২৫০');
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('is styled from <head>, marks the session hint first and preloads nothing but the entry', async () => {
    const html = await render();
    const [head, body] = html.split('</head>');
    expect(head).toMatch(new RegExp(`<style ${PRERENDERED_STYLES}="[\\w ]+">[^<]*\\.css-`));
    expect(body).not.toContain('<style');
    expect(html).not.toContain('data-emotion');
    const hint = [...head.matchAll(/<script>([^<]*)<\/script>/g)].find((script) =>
      script[1].includes('data-session'),
    );
    expect(hint?.index).toBeLessThan(head.search(/<style|<link/));
    const entryFiles = javascriptOf(dist).firstPaint.map((f) => `/${f.file}`);
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)];
    expect(preloaded.map((link) => link[1]).filter((href) => !entryFiles.includes(href))).toEqual([]);
    expect(html).not.toMatch(/<div hidden id="S:\d+"/);
    expect(html).not.toMatch(/\$RC\b|\$RT\b/);
  });

  it('writes robots.txt naming the sitemap on the shop’s site', async () => {
    expect(await page('robots.txt')).toContain(`Sitemap: ${shop.website}/sitemap.xml`);
  });
});
