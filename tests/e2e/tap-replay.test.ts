/**
 * Taps and typing before the app's code has arrived: the pages come rendered by the server (`/` and a product's
 * page by the `pages` function, /auth by the build), seconds before React on a slow phone. Here every script
 * file is held back by the test until after the shopper has acted: the tapped button must show at once that it
 * heard (src/lib/tap-replay.ts), and once the code arrives and the page is hydrated the tap is answered exactly
 * once; and when the code cannot be fetched at all, the page says so and offers to load it again. (What was
 * typed before hydration is handed to React by src/lib/tap-replay.ts, unit-tested there; /auth's
 * fields are disabled until Firebase Auth reports, so no page takes typing before the app yet.)
 */
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPageData } from '../../src/features/catalog';
import { APP_FAILED_RETRY, APP_FAILED_TEXT } from '../../src/lib/tap-replay';
import { RESULTS, SHOP_URL, ShopBrowser } from '../support/shop-browser';

let shop: ShopBrowser;

beforeAll(async () => {
  shop = await ShopBrowser.open();
});

afterAll(async () => {
  await shop?.close();
});

/** Holds every script file until `release()`: the app's code "has not arrived" meanwhile. */
async function holdAppCode(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(
    (url) => url.pathname.endsWith('.js'),
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

/** Counts, from the page's first line, the dialogs put on screen, and the most on screen at one time. */
async function countDialogs(page: Page) {
  await page.addInitScript(() => {
    const seen = new Set<Element>();
    let together = 0;
    Object.assign(window, { dialogsOpened: () => ({ opened: seen.size, together }) });
    new MutationObserver(() => {
      const shown = document.querySelectorAll('[role=dialog]');
      shown.forEach((dialog) => seen.add(dialog));
      together = Math.max(together, shown.length);
    }).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() =>
      (window as unknown as { dialogsOpened: () => { opened: number; together: number } }).dialogsOpened(),
    );
}

const hydrated = (page: Page) =>
  page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });

/** Taps `button` `taps` times where it is on screen, as a finger would (no waiting for it to be "ready"). */
async function tapAt(page: Page, button: ReturnType<Page['locator']>, taps: number) {
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) throw new Error('the button is not on screen');
  for (let i = 0; i < taps; i++) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The address of the page of a jar in stock (its order button enabled), from the sitemap. */
async function aProductPage(): Promise<string> {
  const sitemap = await (await fetch(`${SHOP_URL}/sitemap.xml`)).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)]
    .map(([, loc]) => `${SHOP_URL}${new URL(loc).pathname}`)
    .filter((url) => new URL(url).pathname.startsWith('/p/'));
  for (const url of pages) {
    const html = await (await fetch(url)).text();
    const data = /<script type="application\/json" id="product-page-data">(.*?)<\/script>/s.exec(html)?.[1];
    const product = data ? (JSON.parse(data) as ProductPageData).product : null;
    if (product && product.stock_quantity > 0) return url;
  }
  throw new Error('the sitemap lists no page of a jar in stock');
}

/**
 * Opens `url` with the code held back, double-taps its order button (`button` finds it) and checks it heard at
 * once; then lets the code in: the order dialog opens once, for `jar`, and closes on a tap beside it.
 */
async function orderBeforeTheApp(url: string, button: (page: Page) => ReturnType<Page['locator']>) {
  const page = await shop.newVisitor(360);
  const dialogsOpened = await countDialogs(page);
  const code = await holdAppCode(page);
  // Only until the answer starts: DOMContentLoaded waits for the held module scripts.
  await page.goto(url, { waitUntil: 'commit' });
  const order = button(page);
  await order.waitFor({ timeout: 30_000 });
  await tapAt(page, order, 2);
  expect(await order.getAttribute('aria-busy')).toBe('true');
  expect(await order.getAttribute('data-heard')).toBe('');
  expect(code.heldCount()).toBeGreaterThan(0);
  expect(await page.locator('[role=dialog]').count()).toBe(0);
  await page.screenshot({ path: `${RESULTS}/tap-heard-360.png` });

  await code.release();
  await hydrated(page);
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: 30_000 });
  // (The page under the modal dialog is aria-hidden: no role query reaches the button now. Buttons only: the
  // header's menu is rightly busy until Firebase Auth has said who is signed in.)
  expect(await page.locator('#root [data-heard], #root button[aria-busy=true]').count()).toBe(0);
  // A tap beside the dialog closes it.
  await page.mouse.click(8, 8);
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  expect(await dialogsOpened()).toEqual({ opened: 1, together: 1 });

  // From now on React answers the button: one tap, one dialog.
  await order.click();
  await dialog.waitFor({ timeout: 10_000 });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached', timeout: 10_000 });
  expect(await dialogsOpened()).toEqual({ opened: 2, together: 1 });
  return { page, dialog };
}

describe("a tap on an order button before the app's code has arrived", () => {
  it('on /: shows at once that it heard, and opens the order dialog exactly once when the app runs', async () => {
    const { page } = await orderBeforeTheApp(SHOP_URL, (page) =>
      page.locator('#products article:visible').first().getByRole('button', { name: 'অর্ডার করুন' }),
    );
    // The jars came with the page: the first card is the first of the data it was rendered from.
    const sent = await page.locator('#shop-window-data').textContent();
    const first = (JSON.parse(sent ?? '[]') as { name: string }[])[0]?.name;
    expect(await page.locator('#products article:visible').first().getAttribute('aria-label')).toBe(first);
  });

  it("on a product's page: the same", async () => {
    await orderBeforeTheApp(await aProductPage(), (page) => page.getByRole('button', { name: 'অর্ডার করুন' }));
  });
});

describe("when the app's code cannot be fetched", () => {
  it('says so at the foot of the page, stops the tapped button pulsing, and loads the page again on request', async () => {
    const page = await shop.newVisitor(360);
    // A dropped connection: every script file of the app fails.
    const failing = (url: URL) => url.pathname.endsWith('.js');
    await page.route(failing, (route) => route.abort('internetdisconnected'));
    await page.goto(SHOP_URL, { waitUntil: 'commit' });
    const order = page
      .locator('#products article:visible')
      .first()
      .getByRole('button', { name: 'অর্ডার করুন' });
    await order.waitFor({ timeout: 30_000 });
    await tapAt(page, order, 1);
    const notice = page.getByRole('alert').filter({ hasText: APP_FAILED_TEXT });
    await notice.waitFor({ timeout: 30_000 });
    expect(await order.getAttribute('data-heard')).toBeNull();
    await page.screenshot({ path: `${RESULTS}/app-failed-notice-360.png` });

    // The connection is back: the notice's button loads the page again, and the app runs.
    await page.unroute(failing);
    await notice.getByRole('button', { name: APP_FAILED_RETRY }).click();
    await hydrated(page);
    expect(await page.getByRole('alert').filter({ hasText: APP_FAILED_TEXT }).count()).toBe(0);
  });
});
