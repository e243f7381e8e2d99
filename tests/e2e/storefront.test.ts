/**
 * The shopper's journey in a real browser (Debian Chromium, headless) against the local shop that
 * tests/support/global-setup.ts starts, or the one already running (npm start): browse, sign up, order a jar,
 * see it in /orders. What needs no browser is checked without one: a visitor asked to log in by the order
 * dialog (order-dialog.test.tsx), another shopper's orders out of reach (tests/rules/firestore-rules.test.ts,
 * my-orders-page.test.tsx), the admin link for admins only and the login link (site-header.test.tsx), a card's
 * price in taka with Bengali digits (product-card.test.tsx); the seeded window at both widths, with its
 * screenshots, is the accessibility sweep's. Screenshots land in test-results/.

 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBengaliDigits } from '../../src/features/ordering/model';
import {
  firestoreFromPage,
  ordersQuery,
  RESULTS,
  SHOP_URL,
  ShopBrowser,
  signedInUser,
  signUp,
  uniqueEmail,
  uniquePhone,
  addOwnProduct,
  screenshotPage,
  passPhoneCode,
} from '../support/shop-browser';

let shop: ShopBrowser;
const newShopper = (width?: number) => shop.newVisitor(width);

const productCards = (page: Page) => page.locator('#products article:visible');
// The jar this suite orders, its own (shop-browser.ts, addOwnProduct): the suites beside it add and delete
// products, so the first card could be gone by the time the order is confirmed.
const PRODUCT = `স্টোরফ্রন্ট-পরীক্ষার আচার ${Date.now()}`;

beforeAll(async () => {
  shop = await ShopBrowser.open();
  await addOwnProduct(PRODUCT, 50);
});

afterAll(async () => {
  await shop?.close();
});

describe('storefront in a browser', () => {
  it('starts the app on the prerendered page without moving or adding a stylesheet, its live listener in a worker', async () => {
    const page = await newShopper(360);
    const scripts: string[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
    const started = page.waitForEvent('worker');
    // Every <style> the page gains or loses after the HTML itself has been read.
    await page.addInitScript(() => {
      const changes: Array<{ change: 'added' | 'removed'; style: HTMLStyleElement }> = [];
      Object.assign(window, { styleChanges: changes });
      document.addEventListener('DOMContentLoaded', () =>
        new MutationObserver((records) =>
          records.forEach((record) => {
            for (const node of record.addedNodes)
              if (node instanceof HTMLStyleElement) changes.push({ change: 'added', style: node });
            for (const node of record.removedNodes)
              if (node instanceof HTMLStyleElement) changes.push({ change: 'removed', style: node });
          }),
        ).observe(document, { childList: true, subtree: true }),
      );
    });
    await page.goto(SHOP_URL);
    // The app has started: the server-rendered page is hydrated (src/lib/tap-replay.ts marks it).
    await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
    await expect.poll(() => page.getByRole('link', { name: 'লগইন' }).count()).toBeGreaterThan(0);
    const changes = await page.evaluate(() =>
      (
        window as unknown as { styleChanges: Array<{ change: string; style: HTMLStyleElement }> }
      ).styleChanges.map(
        ({ change, style }) =>
          `${change}: ${[...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText).join(' ')}`,
      ),
    );
    expect(changes).toEqual([]);
    // The page's own CSS styles it still: the headline in the theme's brand.900 (#672a12).
    const heading = page.getByRole('heading', { level: 1 });
    expect(await heading.evaluate((h1) => getComputedStyle(h1).color)).toBe('rgb(103, 42, 18)');

    // The shop window's live listener runs in a worker: the page itself loads no Firestore.
    const worker = await started;
    expect(worker.url()).toMatch(/\/assets\/active-products\.worker-[\w-]+\.js$/);
    await productCards(page).first().waitFor();
    // Firestore's realtime channel is the worker's, not the page's.
    const listens = () =>
      performance.getEntriesByType('resource').filter((r) => r.name.includes('/Listen/')).length;
    await expect.poll(() => worker.evaluate(listens), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.evaluate(listens)).toBe(0);
    expect(scripts.filter((url) => /\/assets\/firestore-/.test(url))).toEqual([]);
  });

  it('asks for the app and its theme at once, and the order form once they have arrived, before hydrating', async () => {
    const page = await newShopper(360);
    // The app's chunk held back until the theme's has been asked for, as a slow link would: on this machine's
    // loopback it could otherwise arrive before the browser got round to asking for the others, and their order
    // would prove nothing.
    const themeAsked = page.waitForRequest(/\/assets\/theme-in-steps-[\w-]+\.js$/, { timeout: 30_000 });
    await page.route(/\/assets\/boot-[\w-]+\.js$/, async (route) => {
      await themeAsked;
      await route.continue();
    });
    // When the page is hydrated (src/lib/tap-replay.ts marks it).
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('#root[data-hydrated]')) return;
        (window as { reactCardsAt?: number }).reactCardsAt ??= performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    });
    await page.goto(SHOP_URL);
    await productCards(page).first().waitFor();
    await page.waitForFunction(() => (window as { reactCardsAt?: number }).reactCardsAt !== undefined);
    const chunk = (name: string) =>
      page.evaluate((pattern) => {
        const entry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) =>
          new RegExp(`/assets/${pattern}-[\\w-]+\\.js$`).test(e.name),
        );
        return entry && { start: entry.startTime, end: entry.responseEnd };
      }, name);
    await expect.poll(() => chunk('ordering'), { timeout: 30_000 }).toBeDefined();
    const [boot, theme, ordering] = await Promise.all(['boot', 'theme-in-steps', 'ordering'].map(chunk));
    const hydratedAt = await page.evaluate(() => (window as { reactCardsAt?: number }).reactCardsAt!);
    // Their round trips overlap: each is asked for before the app's chunk (React DOM inside) has arrived.
    expect(theme!.start).toBeLessThan(boot!.end);
    // The order form after them (main.tsx), so that it does not share the slow link with the app's own code
    // (docs/performance.md), but while the page hydrates, not once the app runs nor at a tap.
    expect(ordering!.start).toBeGreaterThanOrEqual(boot!.end);
    expect(ordering!.start).toBeGreaterThanOrEqual(theme!.end);
    expect(ordering!.start).toBeLessThan(hydratedAt);
  });

  it('lets a new shopper sign up and order a jar, and shows the order in /orders', async () => {
    const page = await newShopper(360);
    await signUp(page, uniqueEmail('buyer'));

    const card = productCards(page).filter({ hasText: PRODUCT });
    await card.waitFor({ timeout: 30_000 });
    const name = await card.getByRole('heading').innerText();
    await card.getByRole('button', { name: 'অর্ডার করুন' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('পরিমাণ').fill('2');
    await dialog.getByLabel('আপনার নাম').fill('রহিম উদ্দিন');
    // Typed in Bengali digits; a number of its own (order-guard.ts limits the orders of one number).
    const phone = uniquePhone();
    await dialog.getByLabel('মোবাইল নম্বর').fill(toBengaliDigits(phone));
    await dialog.getByLabel('ডেলিভারি ঠিকানা').fill('জিনজিরা, কেরানীগঞ্জ, ঢাকা');
    await dialog.getByText('বিকাশ').click();
    const orderedTotal = await dialog.getByTestId('order-total').innerText();
    expect(orderedTotal).toMatch(/^৳/);
    await page.screenshot({ path: `${RESULTS}/storefront-order-dialog-360.png` });
    await dialog.getByRole('button', { name: 'অর্ডার দিন' }).click();
    await passPhoneCode(dialog, phone); // the account's first order: the phone code, from the Auth emulator

    await page.getByText('অর্ডার সফল!').waitFor({ timeout: 30_000 });
    await page.getByText('আপনার অর্ডারটি সফলভাবে জমা দেওয়া হয়েছে।').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('link', { name: /চলমান অর্ডার/ }).click();
    await page.waitForURL(`${SHOP_URL}/orders`);
    const myOrder = page.getByTestId('my-order').filter({ hasText: name });
    await myOrder.first().waitFor({ timeout: 20_000 });
    const text = await myOrder.first().innerText();
    expect(text).toContain('অমীমাংসিত');
    expect(text).toContain(orderedTotal);
    expect(await page.getByTestId('cart-badge').innerText()).toBe('১');
    await screenshotPage(page, `${RESULTS}/storefront-my-orders-360.png`);

    // The buyer may read the order directly too (another shopper's same requests are refused:
    // tests/rules/firestore-rules.test.ts, "a customer cannot read someone else's order or list all orders").
    const buyer = await signedInUser(page);
    const mine = await firestoreFromPage(page, buyer.idToken, 'POST', ':runQuery', ordersQuery(buyer.uid));
    expect(mine.status).toBe(200);
    const names = (mine.body as { document?: { name: string } }[]).flatMap((row) =>
      row.document ? [row.document.name] : [],
    );
    expect(names).toHaveLength(1);
    const orderPath = names[0].replace(/^.*\/documents\//, '');
    expect((await firestoreFromPage(page, buyer.idToken, 'GET', orderPath)).status).toBe(200);
  });
});
