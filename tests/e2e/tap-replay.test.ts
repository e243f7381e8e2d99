/**
 * Taps and typing before the app's code has arrived: the pages come rendered by the server (`/` and a product's
 * page by the `pages` function, /auth by the build), seconds before React on a slow phone. Here every script
 * file is held back by the test until after the shopper has acted: the order form (a native <dialog> in the
 * page) opens at once from a tap and takes typing, a tap on its confirm shows at once that it was heard (the tap
 * keeper, src/lib/tap-keeper.ts), and once the code arrives and the page is hydrated the same form, with what
 * was typed, sends the order exactly once; and when the code cannot be fetched at all, the page says so and
 * offers to load it again.
 */
import { fileURLToPath } from 'node:url';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPageData } from '../../src/features/catalog';
import { formatTaka } from '../../src/lib/format';
import { APP_FAILED_RETRY, APP_FAILED_TEXT } from '../../src/lib/tap-replay';
import {
  firestoreFromPage,
  ordersQuery,
  passPhoneCode,
  productCardOf,
  RESULTS,
  SHOP_URL,
  ShopBrowser,
  signedInUser,
  signUp,
  uniqueEmail,
  uniquePhone,
} from '../support/shop-browser';
import { jarOnSale } from '../support/shop-orders';

/** The 360 px screenshots of the order form before and after the app, kept with the docs. */
const SCREENSHOTS = fileURLToPath(new URL('../../docs/screenshots/shop', import.meta.url));

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

/** Counts, from the page's first line, the times a dialog opened, and the most open at one time. */
async function countDialogs(page: Page) {
  await page.addInitScript(() => {
    let opened = 0;
    let together = 0;
    Object.assign(window, { dialogsOpened: () => ({ opened, together }) });
    new MutationObserver((changes) => {
      for (const change of changes)
        if (change.attributeName === 'open' && (change.target as HTMLDialogElement).open) opened++;
      together = Math.max(together, document.querySelectorAll('dialog[open]').length);
    }).observe(document, { attributes: true, attributeFilter: ['open'], subtree: true });
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
 * Opens `url` with the code held back, double-taps its order button (`button` finds it): the order form opens
 * at once, once, and takes typing; then lets the code in: the same form stays open with what was typed, closes
 * on a tap beside it, and opens and closes (Escape) as the app's from then on.
 */
async function orderBeforeTheApp(
  url: string,
  button: (page: Page) => ReturnType<Page['locator']>,
  whileHeld: (page: Page) => Promise<void> = async () => {},
) {
  const page = await shop.newVisitor(360);
  const dialogsOpened = await countDialogs(page);
  // What the app reports when its hydration does not match the server's page (src/boot.tsx).
  const mismatches: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('hydration:')) mismatches.push(message.text());
  });
  const code = await holdAppCode(page);
  // Only until the answer starts: DOMContentLoaded waits for the held module scripts.
  await page.goto(url, { waitUntil: 'commit' });
  const order = button(page);
  await order.waitFor({ timeout: 30_000 });
  await tapAt(page, order, 2);
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: 5_000 });
  expect(await dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
  const name = dialog.getByLabel('আপনার নাম');
  await name.pressSequentially('রহিম');
  expect(code.heldCount()).toBeGreaterThan(0);
  expect(await page.locator('#root[data-hydrated]').count()).toBe(0);
  await whileHeld(page);

  await code.release();
  await hydrated(page);
  expect(await name.inputValue()).toBe('রহিম');
  expect(await dialog.isVisible()).toBe(true);
  expect(mismatches).toEqual([]);
  // Buttons only: the header's menu is rightly busy until Firebase Auth has said who is signed in.
  expect(await page.locator('#root [data-heard], #root button[aria-busy=true]').count()).toBe(0);
  // A tap beside the dialog closes it.
  await page.mouse.click(8, 8);
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
  expect(await dialogsOpened()).toEqual({ opened: 1, together: 1 });

  // From now on React answers the button: one tap, one dialog.
  await order.click();
  await dialog.waitFor({ timeout: 10_000 });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden', timeout: 10_000 });
  expect(await dialogsOpened()).toEqual({ opened: 2, together: 1 });
  return { page, dialog };
}

describe("a tap on an order button before the app's code has arrived", () => {
  it('on /: opens the order form at once, once, naming the tapped jar, and the app takes it over with what was typed', async () => {
    await orderBeforeTheApp(
      SHOP_URL,
      (page) => page.locator('#products article:visible').first().getByRole('button', { name: 'অর্ডার করুন' }),
      // The jars came with the page: before the app (whose live list may already hold a jar another suite has
      // just added), the first card is the first of the data it was rendered from.
      async (page) => {
        const sent = await page.locator('#shop-window-data').textContent();
        const first = (JSON.parse(sent ?? '[]') as { name: string }[])[0]?.name;
        expect(await page.locator('#products article:visible').first().getAttribute('aria-label')).toBe(
          first,
        );
        // The form names the tapped jar (its button's words, written in by the tap keeper).
        const line = await page.getByRole('dialog').locator('[data-shows-subject]').textContent();
        expect(line?.startsWith(`${first} · `), line ?? '').toBe(true);
      },
    );
  });

  it("on a product's page: the same, the form naming the jar and its price from the first tap", async () => {
    await orderBeforeTheApp(
      await aProductPage(),
      (page) => page.getByRole('button', { name: 'অর্ডার করুন' }),
      async (page) => {
        const sent = await page.locator('#product-page-data').textContent();
        const { product } = JSON.parse(sent ?? '{}') as ProductPageData;
        const dialog = page.getByRole('dialog');
        expect(await dialog.getByText(product!.name, { exact: false }).count()).toBeGreaterThan(0);
        expect(await dialog.getByTestId('order-total').textContent()).toBe(formatTaka(product!.price));
      },
    );
  });
});

/** Types as a shopper does, a key at a time (the keeper takes a tap within 500 ms of the opening one as a double tap). */
const typeInto = (field: ReturnType<Page['locator']>, text: string) =>
  field.pressSequentially(text, { delay: 20 });

/**
 * Signs a new shopper up, opens `url` with the code held back, taps its order button (`button` finds it), types
 * a whole order and taps confirm twice; then lets the code in: the same form sends that order, once, as typed.
 * Screenshots at 360 px of the form with the order typed, before the app and once it has taken the form over.
 */
async function typedOrderBeforeTheApp(
  url: string,
  button: (page: Page) => ReturnType<Page['locator']>,
  screen: string,
) {
  const page = await shop.newVisitor(360);
  await signUp(page, uniqueEmail('early'));
  const buyer = await signedInUser(page);
  const code = await holdAppCode(page);
  await page.goto(url, { waitUntil: 'commit' });
  const order = button(page);
  await order.waitFor({ timeout: 30_000 });
  await tapAt(page, order, 1);
  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: 5_000 });
  const phone = uniquePhone();
  await typeInto(dialog.getByLabel('আপনার নাম'), 'করিম মিয়া');
  await typeInto(dialog.getByLabel('মোবাইল নম্বর'), phone);
  await typeInto(dialog.getByLabel('ডেলিভারি ঠিকানা'), 'জিনজিরা, কেরানীগঞ্জ');
  await page.screenshot({ path: `${SCREENSHOTS}/${screen}-before-app-360.png` });
  const confirm = dialog.getByRole('button', { name: 'অর্ডার দিন' });
  await confirm.click();
  await confirm.click(); // a double tap: still one order
  expect(await confirm.getAttribute('data-heard')).toBe('');
  expect(code.heldCount()).toBeGreaterThan(0);
  expect(await page.locator('#root[data-hydrated]').count()).toBe(0);

  await code.release();
  await hydrated(page);
  await page.screenshot({ path: `${SCREENSHOTS}/${screen}-after-app-360.png` });
  await passPhoneCode(dialog, phone); // the account's first order: the phone code, from the Auth emulator
  await page.getByText('অর্ডার সফল!').waitFor({ timeout: 30_000 });
  await dialog.waitFor({ state: 'hidden' });
  const mine = await firestoreFromPage(page, buyer.idToken, 'POST', ':runQuery', ordersQuery(buyer.uid));
  const orders = (mine.body as { document?: { fields: Record<string, { stringValue?: string }> } }[]).flatMap(
    (row) => (row.document ? [row.document.fields] : []),
  );
  expect(orders).toHaveLength(1);
  expect(orders[0].customer_name?.stringValue).toBe('করিম মিয়া');
  expect(orders[0].customer_phone?.stringValue).toBe(phone);
  expect(orders[0].customer_address?.stringValue).toBe('জিনজিরা, কেরানীগঞ্জ');

  // The same form, the app's now: opened again, it is empty and ready for the next order.
  await order.click();
  await dialog.waitFor();
  expect(await dialog.getByLabel('ডেলিভারি ঠিকানা').inputValue()).toBe('');
}

describe("an order typed before the app's code has arrived", () => {
  it('on /: is sent once, as typed, by the same form when the app runs', async () => {
    const jar = await jarOnSale();
    await typedOrderBeforeTheApp(
      SHOP_URL,
      (page) => productCardOf(page, jar.name).getByRole('button', { name: 'অর্ডার করুন' }),
      'order-form-home',
    );
  });

  it("on a product's page: the same", async () => {
    await typedOrderBeforeTheApp(
      await aProductPage(),
      (page) => page.getByRole('button', { name: 'অর্ডার করুন' }),
      'order-form-product-page',
    );
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
