/**
 * A tap on "order" before the app's code has arrived: the entry paints the first cards from plain DOM seconds
 * before React on a slow phone (src/features/catalog/components/early-cards.ts), and a product's page comes drawn
 * by the server. Here the app's chunks are held back by the test until after the tap: the early order dialog
 * (src/features/ordering/components/early-order-dialog.ts) must open at once, and the app's dialog take it over
 * once the code arrives, with what was typed, exactly once; a confirm made meanwhile places one order.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPageData } from '../../src/features/catalog';
import { LOCAL_WEB_DIR } from '../../scripts/stack/builds';
import { RESULTS, SHOP_URL, ShopBrowser, signUp, uniqueEmail, uniquePhone } from '../support/shop-browser';

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
 * dist-local); the early order dialog is part of them. Every other script is the app's code, which the entry
 * imports once the page is painted.
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

/** Holds every script but the entry's until `release()`: the app's code "has not arrived" meanwhile. */
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

/**
 * Counts, from the page's first line, the order dialogs put on screen: the early ones (drawn by the entry before
 * the app) and the app's, and the most on screen at one time.
 */
async function countDialogs(page: Page) {
  await page.addInitScript(() => {
    const seen = new Set<Element>();
    let together = 0;
    const opened = () => {
      const all = [...seen];
      const early = all.filter((dialog) => dialog.closest('[data-early-dialog]')).length;
      return { early, app: all.length - early, together };
    };
    Object.assign(window, { dialogsOpened: opened });
    new MutationObserver(() => {
      const shown = document.querySelectorAll('[role=dialog]');
      shown.forEach((dialog) => seen.add(dialog));
      together = Math.max(together, shown.length);
    }).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() =>
      (
        window as unknown as { dialogsOpened: () => { early: number; app: number; together: number } }
      ).dialogsOpened(),
    );
}

/** Placements of orders the page sends (the placeOrder callable), counted. */
function countOrdersSent(page: Page) {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/placeOrder')) sent++;
  });
  return () => sent;
}

const earlyOrderButtons = (page: Page) => page.locator('#products article:visible [data-early-order]');
const earlyDialog = (page: Page) => page.locator('[data-early-dialog] [role=dialog]');
const appDialog = (page: Page) => page.locator('[role=dialog]:not([data-early-dialog] *)');

/** Taps `button` `taps` times where it is on screen (the early dialog covers it after the first). */
async function tapAt(page: Page, button: ReturnType<Page['locator']>, taps: number) {
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  if (!box) throw new Error('the order button is not on screen');
  for (let i = 0; i < taps; i++) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** Opens `/` with the app's code held back and taps the first card's order button: the early dialog opens. */
async function tapBeforeTheApp(page: Page, taps: number) {
  const dialogsOpened = await countDialogs(page);
  const ordersSent = countOrdersSent(page);
  const code = await holdAppCode(page);
  // Not until `load`: the held code keeps the page from loading.
  await page.goto(SHOP_URL, { waitUntil: 'domcontentloaded' });
  const button = earlyOrderButtons(page).first();
  await button.waitFor({ timeout: 30_000 });
  const jar = (await page.locator('#products article:visible').first().getAttribute('aria-label')) ?? '';
  await tapAt(page, button, taps);
  // Answered at once by the early dialog, though nothing of the app runs yet.
  await earlyDialog(page).waitFor({ timeout: 10_000 });
  expect(await earlyDialog(page).innerText()).toContain(jar);
  expect(await button.getAttribute('aria-busy')).toBe('true');
  expect(code.heldCount()).toBeGreaterThan(0);
  expect(await appDialog(page).count()).toBe(0);
  return { button, code, jar, dialogsOpened, ordersSent };
}

/** Fills the early dialog as a shopper would, leaving the caret inside the phone number. */
async function fillEarlyDialog(page: Page): Promise<string> {
  const dialog = earlyDialog(page);
  await dialog.getByRole('spinbutton', { name: 'পরিমাণ' }).fill('2');
  await dialog.getByRole('textbox', { name: /আপনার নাম/ }).fill('রহিম উদ্দিন');
  await dialog.getByRole('textbox', { name: /ডেলিভারি ঠিকানা/ }).fill('জিনজিরা, কেরানীগঞ্জ, ঢাকা');
  await dialog.getByRole('radio', { name: 'বিকাশ' }).check();
  // A number of its own: order-guard.ts limits the orders of one number.
  const phone = uniquePhone();
  await dialog.getByRole('textbox', { name: /মোবাইল নম্বর/ }).fill(phone);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  return phone;
}

/** The app's cards have replaced the early ones: by then any doubled answer would have opened a dialog again. */
async function appCardsDrawn(page: Page) {
  await page
    .locator('#products article:visible button')
    .and(page.locator(':not([data-early-order])'))
    .first()
    .waitFor({ state: 'attached', timeout: 30_000 });
}

describe("a tap on an order button before the app's code has arrived", () => {
  it("opens the early dialog at once; the app's dialog takes it over with what was typed, the caret where it was", async () => {
    const page = await shop.newVisitor(360);
    const { code, jar, dialogsOpened, ordersSent } = await tapBeforeTheApp(page, 1);
    const typedPhone = await fillEarlyDialog(page);
    await page.screenshot({ path: `${RESULTS}/early-order-dialog-360.png` });

    await code.release();
    const dialog = appDialog(page);
    await dialog.waitFor({ timeout: 30_000 });
    expect(await earlyDialog(page).count()).toBe(0);
    expect(await dialog.innerText()).toContain(jar);
    expect(await dialog.getByRole('spinbutton', { name: /পরিমাণ/ }).inputValue()).toBe('2');
    expect(await dialog.getByRole('textbox', { name: /আপনার নাম/ }).inputValue()).toBe('রহিম উদ্দিন');
    expect(await dialog.getByRole('radio', { name: 'বিকাশ' }).isChecked()).toBe(true);
    const phone = dialog.getByRole('textbox', { name: /মোবাইল নম্বর/ });
    expect(await phone.inputValue()).toBe(typedPhone);
    // The focus and the caret are given back: typing goes on where it was.
    await expect.poll(() => phone.evaluate((input) => input === document.activeElement)).toBe(true);
    await expect
      .poll(() => phone.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd]))
      .toEqual([9, 9]);

    await appCardsDrawn(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await dialogsOpened()).toEqual({ early: 1, app: 1, together: 1 });
    expect(ordersSent()).toBe(0);
  });

  it('keeps a confirm made in the early dialog and places that order once, for three taps on "order" (signed in)', async () => {
    const page = await shop.newVisitor(360);
    await signUp(page, uniqueEmail('early-confirm')); // a new customer: no open orders to count against the limit
    const { code, dialogsOpened, ordersSent } = await tapBeforeTheApp(page, 3);
    await fillEarlyDialog(page);
    await earlyDialog(page).getByRole('button', { name: 'অর্ডার দিন' }).click();
    expect(
      await earlyDialog(page).getByRole('button', { name: 'অর্ডার জমা হচ্ছে…' }).getAttribute('aria-busy'),
    ).toBe('true');

    await code.release();
    await page.getByText('অর্ডার সফল!').first().waitFor({ timeout: 30_000 });
    await appDialog(page).waitFor({ state: 'detached', timeout: 10_000 });
    await appCardsDrawn(page);
    expect(ordersSent()).toBe(1);
    expect(await dialogsOpened()).toEqual({ early: 1, app: 1, together: 1 });
  });

  it('drops a tap whose early dialog was closed: nothing opens when the app arrives, and its cards answer later taps', async () => {
    const page = await shop.newVisitor(360);
    const { button, code, dialogsOpened } = await tapBeforeTheApp(page, 1);
    await earlyDialog(page).getByRole('button', { name: 'বন্ধ করুন' }).click();
    expect(await earlyDialog(page).count()).toBe(0);
    expect(await button.getAttribute('aria-busy')).toBeNull();

    await code.release();
    await appCardsDrawn(page);
    expect(await dialogsOpened()).toEqual({ early: 1, app: 0, together: 1 });
    await page
      .locator('#products article:visible')
      .first()
      .getByRole('button', { name: 'অর্ডার করুন' })
      .click();
    await appDialog(page).waitFor({ timeout: 10_000 });
    expect(await dialogsOpened()).toEqual({ early: 1, app: 1, together: 1 });
  });
});

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

describe("a tap on a product page's order button before the app's code has arrived", () => {
  it("opens the order dialog once the code arrives, exactly once, and the button is React's after", async () => {
    const page = await shop.newVisitor(360);
    const dialogsOpened = await countDialogs(page);
    const code = await holdAppCode(page);
    await page.goto(await aProductPage(), { waitUntil: 'domcontentloaded' });
    const jar = await page.getByRole('heading', { level: 1 }).innerText();
    const order = page.getByRole('button', { name: 'অর্ডার করুন' });
    await tapAt(page, order, 2);
    await earlyDialog(page).waitFor({ timeout: 10_000 });
    expect(await earlyDialog(page).innerText()).toContain(jar);
    expect(await order.getAttribute('aria-busy')).toBe('true');
    expect(code.heldCount()).toBeGreaterThan(0);
    expect(await appDialog(page).count()).toBe(0);

    await code.release();
    const dialog = appDialog(page);
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.innerText()).toContain(jar);
    expect(await earlyDialog(page).count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await dialogsOpened()).toEqual({ early: 1, app: 1, together: 1 });
    expect(await order.getAttribute('aria-busy')).toBeNull();

    // From now on React answers the button: one tap, one dialog, no spinner left behind.
    await order.click();
    await dialog.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    expect(await dialogsOpened()).toEqual({ early: 1, app: 2, together: 1 });
    expect(await order.getAttribute('aria-busy')).toBeNull();
  });
});

describe("the header's and the banner's buttons before the app's code has arrived", () => {
  it('opens the menu tapped before the app once it runs, exactly once; the banner scrolls to the jars at once', async () => {
    const page = await shop.newVisitor(360);
    const code = await holdAppCode(page);
    await page.goto(SHOP_URL, { waitUntil: 'domcontentloaded' });
    await earlyOrderButtons(page).first().waitFor({ timeout: 30_000 });

    // The banner's buttons are links to the jars: they need no code.
    await page.getByRole('link', { name: 'এখনই কিনুন' }).click();
    await expect
      .poll(() => page.locator('#products').evaluate((section) => section.getBoundingClientRect().top), {
        timeout: 10_000,
      })
      .toBeLessThan(120);

    const menu = page.getByRole('button', { name: 'মেনু' });
    await menu.click();
    expect(await menu.getAttribute('aria-busy')).toBe('true');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(code.heldCount()).toBeGreaterThan(0);

    await code.release();
    await expect.poll(() => menu.getAttribute('aria-expanded'), { timeout: 30_000 }).toBe('true');
    expect(await menu.getAttribute('aria-busy')).toBeNull();
    // Answered once: still open once the app's cards are drawn, and React's alone from now on.
    await appCardsDrawn(page);
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('a shopper among the early cards as the app takes them over', () => {
  it('stays where they scrolled, and a card’s name pressed with a mouse meanwhile still opens its page', async () => {
    const page = await shop.newVisitor(1280);
    const code = await holdAppCode(page);
    await page.goto(SHOP_URL, { waitUntil: 'domcontentloaded' });
    const card = page.locator('#products article:visible').first();
    await earlyOrderButtons(page).first().waitFor({ timeout: 30_000 });
    const jar = (await card.getAttribute('aria-label')) ?? '';
    const name = card.getByRole('link', { name: jar });
    const href = (await name.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/p\//);
    await name.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    const box = (await name.boundingBox())!;

    // Down on the early card's name; React moves the early cards and draws its own in their place; up. The
    // browser makes no click of a press whose node was moved or replaced in between (early-links.ts).
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await code.release();
    await appCardsDrawn(page);
    expect(await name.evaluate((link) => link.closest('[data-early-taps]'))).toBeNull();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    await page.mouse.up();
    await page.waitForURL((url) => url.pathname === href, { timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: jar }).waitFor();
  });
});

describe("when the app's code cannot arrive", () => {
  it('says so in Bengali above the early dialog, and trying again loads the shop', async () => {
    const page = await shop.newVisitor(360);
    const entry = entryScripts();
    let failing = true;
    await page.route(
      (url) => url.pathname.endsWith('.js') && !entry.has(url.pathname),
      (route) => (failing ? route.abort('internetdisconnected') : route.continue()),
    );
    await page.goto(SHOP_URL, { waitUntil: 'domcontentloaded' });
    const button = earlyOrderButtons(page).first();
    await button.waitFor({ timeout: 30_000 });
    await tapAt(page, button, 1);
    await earlyDialog(page).waitFor({ timeout: 10_000 });

    const notice = page.getByRole('alert').filter({ hasText: 'দোকানের বাকি অংশ লোড হয়নি' });
    await notice.waitFor({ timeout: 30_000 });
    // Above the early dialog: its button takes the tap.
    failing = false;
    await notice.getByRole('button', { name: 'আবার চেষ্টা করুন' }).click();
    await appCardsDrawn(page);
    expect(await notice.count()).toBe(0);
  });
});
