/**
 * A tap on "order" before the app's code has arrived: the entry paints the first cards from plain DOM seconds
 * before React on a slow phone (src/features/catalog/components/early-cards.ts), and a product's page comes drawn
 * by the server. Here the app's chunks are held back by the test until after the tap; then the order dialog must
 * open, exactly once, for the jar tapped.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/seed/seed-demo-data';
import { LOCAL_WEB_DIR } from '../../scripts/stack/builds';
import { RESULTS, SHOP_URL, ShopBrowser, signIn } from '../support/shop-browser';

const root = fileURLToPath(new URL('../..', import.meta.url));

let shop: ShopBrowser;

beforeAll(async () => {
  shop = await ShopBrowser.open();
});

afterAll(async () => {
  await shop?.close();
});

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The entry's files: its own and those it imports statically, from the build's manifest (the shop serves
 * dist-local). Every other script is the app's code, which the entry imports once the page is painted.
 */
function entryScripts(): Set<string> {
  const manifest = JSON.parse(
    readFileSync(join(root, LOCAL_WEB_DIR, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    chunk.imports?.forEach(add);
  };
  add('index.html');
  return files;
}

/** Holds every script but the entry until `release()`: the app's code "has not arrived" meanwhile. */
async function holdAppCode(page: Page) {
  const entry = entryScripts();
  const held: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.pathname.endsWith('.js') && !entry.has(url.pathname),
    (route) => (released ? route.continue() : void held.push(route)),
  );
  return {
    heldCount: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/** Counts, from the page's first line, how many times an order dialog is put on screen. */
async function countDialogs(page: Page) {
  await page.addInitScript(() => {
    const seen = new Set<Element>();
    Object.assign(window, { dialogsOpened: () => seen.size });
    new MutationObserver(() => {
      document.querySelectorAll('[role=dialog]').forEach((dialog) => seen.add(dialog));
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { dialogsOpened: () => number }).dialogsOpened());
}

const earlyOrderButtons = (page: Page) => page.locator('#products article:visible [data-early-order]');

async function tapBeforeTheApp(page: Page, taps: number) {
  const dialogsOpened = await countDialogs(page);
  const code = await holdAppCode(page);
  // Not until `load`: the held code keeps the page from loading.
  await page.goto(SHOP_URL, { waitUntil: 'domcontentloaded' });
  const button = earlyOrderButtons(page).first();
  await button.waitFor({ timeout: 30_000 });
  const jar = await page.locator('#products article:visible').first().getAttribute('aria-label');
  for (let i = 0; i < taps; i++) await button.click();
  // Heard at once, though nothing of the app runs yet.
  expect(await button.getAttribute('aria-busy')).toBe('true');
  expect(code.heldCount()).toBeGreaterThan(0);
  expect(await page.locator('[role=dialog]').count()).toBe(0);
  await page.screenshot({ path: `${RESULTS}/early-tap-held-360.png` });

  await code.release();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: 30_000 });
  expect(await dialog.innerText()).toContain(jar);
  // The app's own cards take over; by then any doubled answer would have opened the dialog again.
  await page
    .locator('#products article:visible button')
    .and(page.locator(':not([data-early-order])'))
    .first()
    .waitFor({ state: 'attached', timeout: 30_000 });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  expect(await dialogsOpened()).toBe(1);
  expect(await page.locator('[role=dialog]').count()).toBe(0);
}

describe("a tap on an order button before the app's code has arrived", () => {
  it('opens the order dialog once the code arrives, exactly once (signed out)', async () => {
    const page = await shop.newVisitor(360);
    await tapBeforeTheApp(page, 1);
  });

  it('opens it once for three taps (signed in)', async () => {
    const page = await shop.newVisitor(360);
    await signIn(page, DEMO_ACCOUNTS.customer);
    await tapBeforeTheApp(page, 3);
  });
});

/** The address of an active product's page, from the sitemap. */
async function aProductPage(): Promise<string> {
  const sitemap = await (await fetch(`${SHOP_URL}/sitemap.xml`)).text();
  const page = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)]
    .map(([, loc]) => new URL(loc))
    .find((url) => url.pathname.startsWith('/p/'));
  if (!page) throw new Error('the sitemap lists no product page');
  return `${SHOP_URL}${page.pathname}`;
}

describe("a tap on a product page's order button before the app's code has arrived", () => {
  it("opens the order dialog once the code arrives, exactly once, and the button is React's after", async () => {
    const page = await shop.newVisitor(360);
    const dialogsOpened = await countDialogs(page);
    const code = await holdAppCode(page);
    await page.goto(await aProductPage(), { waitUntil: 'domcontentloaded' });
    const jar = await page.getByRole('heading', { level: 1 }).innerText();
    const order = page.getByRole('button', { name: 'অর্ডার করুন' });
    await order.click();
    await order.click();
    expect(await order.getAttribute('aria-busy')).toBe('true');
    expect(code.heldCount()).toBeGreaterThan(0);
    expect(await page.locator('[role=dialog]').count()).toBe(0);

    await code.release();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.innerText()).toContain(jar);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await dialogsOpened()).toBe(1);
    expect(await order.getAttribute('aria-busy')).toBeNull();

    // From now on React answers the button: one tap, one dialog, no spinner left behind.
    await order.click();
    await dialog.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await dialogsOpened()).toBe(2);
    expect(await order.getAttribute('aria-busy')).toBeNull();
  });
});
