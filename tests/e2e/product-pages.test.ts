/**
 * Each product's own page in a real browser (Debian Chromium, headless) and as a crawler that runs no
 * JavaScript reads it, against the local shop (tests/support/global-setup.ts): firebase-tools' Hosting emulator
 * with firebase.json's rewrites sends `/p/**` and `/sitemap.xml` to the `pages` function, as deployed. A card
 * leads to the page, the page opens the same order dialog as `/`; its HTML carries the link-preview tags;
 * a renamed product's old address redirects; an inactive one answers 404; the sitemap lists exactly the active
 * products and robots.txt names it. Screenshots land in test-results/.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProjectConfig } from '../../emulators/src/config.js';
import { DEMO_ACCOUNTS } from '../../scripts/seed/demo-accounts';
import { productPath } from '../../src/features/ordering/model';
import { RESULTS, SHOP_URL, ShopBrowser, screenshotPage } from '../support/shop-browser';

const root = fileURLToPath(new URL('../..', import.meta.url));
const config = readProjectConfig(root);

let shop: ShopBrowser;
let adminApp: App;
let db: Firestore;

beforeAll(async () => {
  shop = await ShopBrowser.open();
  process.env.FIRESTORE_EMULATOR_HOST ??= `${config.firestore.host}:${config.firestore.port}`;
  adminApp = initializeApp({ projectId: config.projectId }, 'product-pages-e2e');
  db = getFirestore(adminApp);
});

afterAll(async () => {
  await shop?.close();
  if (adminApp) await deleteApp(adminApp);
});

/** A <meta property|name="key"> of the served HTML. */
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1]?.replace(/&amp;/g, '&');

const visibleCards = (page: Page) => page.locator('#products article:visible');

/** Errors React reports while taking over the server's markup. */
function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) errors.push(message.text());
  });
  return errors;
}

/**
 * Waits until the page is hydrated: a tap before then is kept and replayed once (tests/e2e/tap-replay.test.ts
 * covers that path); this test is about the app's own answers.
 */
async function appAnswers(page: Page) {
  await page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
}

describe('a product’s own page', () => {
  it('is reached from its card, shows the product and opens the same order dialog as /', async () => {
    const visitor = await shop.newVisitor(360);
    const errors = hydrationErrors(visitor);
    await visitor.goto(SHOP_URL);
    const card = visibleCards(visitor).first();
    await card.waitFor({ timeout: 30_000 });
    const name = await card.getByRole('heading').innerText();
    const price = await card.getByTestId('product-price').innerText();
    await card.getByRole('link', { name }).click();
    await visitor.waitForURL(/\/p\//);
    await visitor.getByRole('heading', { level: 1, name }).waitFor();
    expect(await visitor.getByTestId('product-price').innerText()).toBe(price);
    expect(await visitor.title()).toContain(name);
    // The app took over the server's markup (hydrated it), rather than drawing the page again.
    expect(
      await visitor.evaluate(
        () => document.getElementById('root')?.dataset.prerendered === location.pathname,
      ),
    ).toBe(true);
    await screenshotPage(visitor, `${RESULTS}/product-page-360.png`);

    // The same order dialog as on /: signed out, it asks to sign in first. (A signed-in shopper's order from a
    // product's page, typed, sent and stored: tap-replay.test.ts, "an order typed before the app's code has
    // arrived", on a product's page; the dialog itself: order-dialog.test.tsx.)
    const order = visitor.getByRole('button', { name: 'অর্ডার করুন' });
    await expect.poll(() => order.isEnabled(), { timeout: 20_000 }).toBe(true);
    await appAnswers(visitor);
    await order.click();
    const dialog = visitor.getByRole('dialog');
    await dialog.getByLabel('আপনার নাম').waitFor();
    await visitor.screenshot({ path: `${RESULTS}/product-page-order-dialog-360.png` });
    await dialog.getByRole('button', { name: 'অর্ডার দিন' }).click();
    await visitor.getByText('অর্ডার করতে প্রথমে লগইন করুন।').waitFor();
    expect(errors).toEqual([]);
  });

  it('serves a crawler without JavaScript the title, description, canonical URL and preview photo', async () => {
    const products = await db.collection('products').where('is_active', '==', true).get();
    const product = products.docs.find((doc) => typeof doc.get('image_url') === 'string')!;
    const path = productPath({ id: product.id, slug: product.get('slug') as string });
    const response = await fetch(`${SHOP_URL}${path}`, {
      headers: { 'User-Agent': 'facebookexternalhit/1.1' },
    });
    expect(response.status).toBe(200);
    const cache = response.headers.get('cache-control') ?? '';
    expect(cache).toMatch(/s-maxage=\d+/);
    expect(cache).toMatch(/(^|[ ,])max-age=\d+/);
    const html = await response.text();

    const name = product.get('name') as string;
    expect(metaOf(html, 'og:title')).toContain(name);
    expect(metaOf(html, 'og:description')).toMatch(/৳[০-৯,]+/);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`<link rel="canonical" href="${SHOP_URL}${path}">`);
    expect(new RegExp(`<h1[^>]*>${name}</h1>`).test(html)).toBe(true);

    const photoUrl = metaOf(html, 'og:image')!;
    expect(photoUrl).toMatch(/^https?:\/\//);
    const photo = await fetch(photoUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toMatch(/^image\//);
    expect((await photo.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it('keeps a renamed product’s old address, redirecting, and answers 404 once it is inactive', async () => {
    const admin = await shop.signedInVisitor(DEMO_ACCOUNTS.admin, 1280);
    await admin.goto(`${SHOP_URL}/admin?tab=products`);
    const name = `পাতার আচার ${Date.now()}`;
    await admin.getByRole('button', { name: 'নতুন পণ্য' }).click();
    let form = admin.getByRole('dialog');
    await form.getByLabel(/^পণ্যের নাম/).fill(name);
    await form.getByLabel(/^দাম \(৳\)/).fill('199');
    await form.getByLabel(/^স্টক পরিমাণ/).fill('5');
    await form.getByRole('button', { name: 'সেভ করুন' }).click();
    await admin.getByText('পণ্য যোগ সফল').waitFor({ timeout: 30_000 });
    const oldPath = `/p/${encodeURIComponent(name.replace(/ /g, '-'))}`;
    expect((await fetch(`${SHOP_URL}${oldPath}`, { redirect: 'manual' })).status).toBe(200);

    const renamed = `নতুন ${name}`;
    await admin.getByRole('button', { name: `সম্পাদনা: ${name}` }).click();
    form = admin.getByRole('dialog');
    await form.getByLabel(/^পণ্যের নাম/).fill(renamed);
    await form.getByRole('button', { name: 'সেভ করুন' }).click();
    await admin.getByText('পণ্য আপডেট সফল').waitFor({ timeout: 30_000 });
    const newPath = `/p/${encodeURIComponent(renamed.replace(/ /g, '-'))}`;

    const redirect = await fetch(`${SHOP_URL}${oldPath}`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe(newPath);
    const visitor = await shop.newVisitor(360);
    await visitor.goto(`${SHOP_URL}${oldPath}`);
    await visitor.waitForURL(`${SHOP_URL}${newPath}`);
    await visitor.getByRole('heading', { level: 1, name: renamed }).waitFor();

    const row = admin.getByRole('row', { name: renamed });
    await row.getByRole('checkbox').click({ force: true });
    await admin.getByText('পণ্যটি নিষ্ক্রিয় করা হয়েছে').waitFor({ timeout: 10_000 });
    for (const path of [newPath, oldPath]) {
      const missing = await fetch(`${SHOP_URL}${path}`, { redirect: 'manual' });
      expect(missing.status, path).toBe(404);
      expect(await missing.text()).toContain('href="/"');
    }
    // A new visitor: the first one's browser may keep the page it saw for its max-age (a minute).
    const later = await shop.newVisitor(360);
    await later.goto(`${SHOP_URL}${newPath}`);
    await later.getByRole('heading', { name: '৪০৪' }).waitFor();
    await later.screenshot({ path: `${RESULTS}/product-page-404-360.png` });
    await later.getByRole('link', { name: 'হোমে ফিরে যান' }).click();
    await later.waitForURL(`${SHOP_URL}/`);
  });
});

describe('what search engines read', () => {
  it('lists in sitemap.xml the home page and exactly the active products, each with its last change', async () => {
    const response = await fetch(`${SHOP_URL}/sitemap.xml`);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    // Suites running beside this one add and delete products of their own: the sitemap and the products are
    // read again until one reading of each was made with no product changing between them.
    const reading = async () => {
      const xml = await (await fetch(`${SHOP_URL}/sitemap.xml`)).text();
      const listed = [...xml.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>[^<]+<\/lastmod><\/url>/g)].map(
        (match) => match[1],
      );
      const active = await db.collection('products').where('is_active', '==', true).get();
      const expected = active.docs.map(
        (doc) => `${SHOP_URL}${productPath({ id: doc.id, slug: (doc.get('slug') as string) ?? null })}`,
      );
      return { listed: listed.sort(), expected: [`${SHOP_URL}/`, ...expected].sort() };
    };
    await expect
      .poll(
        async () => {
          const { listed, expected } = await reading();
          return JSON.stringify(listed) === JSON.stringify(expected) ? 'the same' : { listed, expected };
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe('the same');
  });

  it('names the sitemap in robots.txt', async () => {
    const robots = await (await fetch(`${SHOP_URL}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${SHOP_URL}/sitemap.xml`);
    expect(robots).toContain('Disallow: /admin');
  });
});
