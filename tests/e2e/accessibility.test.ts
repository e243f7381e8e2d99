/**
 * axe-core on every screen of the shop and the emulator console, at a phone's 360 px and a laptop's 1280 px: the
 * storefront, login, the order dialog, /orders, each dashboard tab, the packing slips and every console page.
 * A violation of any rule (WCAG 2.x A/AA, best practices, the accessible name that must hold a control's visible
 * text) fails with its rule and where it is; so does a shop screen that scrolls sideways at either width (a tab


 */
import { fileURLToPath } from 'node:url';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProjectConfig } from '../../emulators/src/config.js';
import { orderSearchTerms, searchPhone } from '../../src/features/ordering/model';
import {
  RESULTS,
  SHOP_URL,
  ShopBrowser,
  selectTab,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  shopAdminFirestore,
  signedInUser,
  screenshotPage,
} from '../support/shop-browser';
import { DEMO_ACCOUNTS } from '../../scripts/seed/demo-accounts';

const ADMIN = DEMO_ACCOUNTS.admin;
const WIDTHS = [360, 1280] as const;
const config = readProjectConfig(fileURLToPath(new URL('../..', import.meta.url)));
const CONSOLE_URL = `http://${config.ui.host}:${config.ui.port}`;
// The order number is the id's last 8 characters: this run's.
const ORDER_ID = `a11y-order-${Date.now().toString(36).toUpperCase().slice(-8)}`;

/**
 * The later rows of the long lists, drawn by the same component as the first ones (shop-browser.ts,
 * expectNoAxeViolations): order cards after the first 20, and the console's request-log rows and log lines after
 * the first 60 (the whole run's traffic, arriving live).
 */
const ORDER_CARDS_REPEATED = 'article[aria-label^="অর্ডার #"]:nth-of-type(n+21)';
const CONSOLE_ROWS_REPEATED =
  '[data-testid="requests"] tbody tr:nth-child(n+61), [data-testid="logs"] > div:nth-child(n+61)';

let shop: ShopBrowser;
let db: Firestore;

beforeAll(async () => {
  db = shopAdminFirestore();
  shop = await ShopBrowser.open();
  const customer = await shop.signedInVisitor(DEMO_ACCOUNTS.customer);
  await customer.goto(SHOP_URL);
  await customer.getByRole('button', { name: 'লগআউট' }).first().waitFor();
  const { email } = DEMO_ACCOUNTS.customer;
  const { uid } = await signedInUser(customer);
  await customer.context().close();
  // An order of the demo customer's own, written as placeOrder stores it (no seeded product's stock changes):
  // on /orders, in the seller's search and on a packing slip.
  await db.doc(`orders/${ORDER_ID}`).set({
    product_id: 'a11y-demo',
    product_name: 'আমের আচার',
    product_price: 249.5,
    quantity: 2,
    total_amount: 499,
    customer_name: 'সুলতানা রাজিয়া',
    customer_phone: '01712345678',
    customer_email: email,
    customer_address: 'বাড়ি ১২, রোড ৪, জিনজিরা\nকেরানীগঞ্জ, ঢাকা',
    payment_method: 'nagad',
    payment_state: 'awaiting_payment',
    payment_trxid: null,
    user_id: uid,
    status: 'confirmed',
    // Not on 2030-01-15: the paperwork suite's slips and export are that day's newest orders, and only its own.
    created_at: Timestamp.fromDate(new Date('2029-06-01T03:19:00Z')),
    // What the seller's search finds it by (placeOrder writes them the same way).
    search_terms: orderSearchTerms({
      id: ORDER_ID,
      customer_name: 'সুলতানা রাজিয়া',
      product_name: 'আমের আচার',
    }),
    search_phone: searchPhone('01712345678'),
  });
}, 120_000);

afterAll(async () => {
  await shop?.close();
  await db?.doc(`orders/${ORDER_ID}`).delete();
});

/**
 * Runs axe on the screen `page` shows; on the shop's own screens (`fits`) nothing may stick out sideways either,
 * and `screenshot` names a picture taken at the page's width.
 */
async function checkScreen(
  page: Page,
  screen: string,
  { fits = true, screenshot, repeats }: { fits?: boolean; screenshot?: string; repeats?: string } = {},
): Promise<void> {
  const width = page.viewportSize()?.width;
  await expectNoAxeViolations(page, screen, { repeats });
  if (fits) await expectNoSidewaysScroll(page, `${screen} at ${width} px`);
  if (screenshot) await screenshotPage(page, `${RESULTS}/${screenshot}-${width}.png`);
}

// Each width is a visitor of its own, on a screen that wide from the start, as a phone and a laptop are. One
// page resized from 1280 px to 360 px was, twice in about twenty runs, laid out 360 px wide with the 1280 px
// media queries still applied (the laptop's menu in a phone's header, 361 px too wide), which no phone shows.
describe.each(WIDTHS)('no axe-core violation at %i px', (width) => {
  it("on the storefront, a product's page and the login page", async () => {
    const page = await shop.newVisitor(width);
    await page.goto(SHOP_URL);
    await page.locator('#products article').first().waitFor({ timeout: 30_000 });
    await checkScreen(page, 'the storefront', { screenshot: 'storefront-home' });
    // The first card's link opens its jar's own page (rendered by the pages function).
    await page.locator('#products article').first().getByRole('link').first().click();
    await page.waitForURL(/\/p\//);
    await page.getByRole('button', { name: 'অর্ডার করুন' }).first().waitFor({ timeout: 30_000 });
    await checkScreen(page, "a product's page");
    await page.goto(`${SHOP_URL}/auth`);
    // Once hydrated: until then the submit button is disabled, and it fades in as it is enabled.
    const login = page.getByRole('form', { name: 'লগইন করুন' });
    await login.locator('button[type=submit]:enabled').waitFor();
    await checkScreen(page, '/auth');
  });

  it("in the order dialog and on the shopper's /orders", async () => {
    // The demo customer, from the run's saved session: signing up is the storefront journey's.
    const page = await shop.signedInVisitor(DEMO_ACCOUNTS.customer, width);
    await page.goto(SHOP_URL);
    await page.getByRole('button', { name: 'লগআউট' }).first().waitFor();
    await page.locator('#products article').first().getByRole('button', { name: 'অর্ডার করুন' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('আপনার নাম').waitFor();
    await checkScreen(page, 'the order dialog');
    await dialog.getByLabel('আপনার নাম').fill('সুলতানা রাজিয়া');
    // The seeded shop offers Nagad: its steps show in the dialog.
    await dialog.getByText('নগদ (Nagad)', { exact: true }).click();
    await dialog.getByText('নগদ (Nagad)-এ যেভাবে টাকা পাঠাবেন').waitFor();
    await checkScreen(page, 'the order dialog with Nagad chosen');
    if (width === 360) await dialog.screenshot({ path: `${RESULTS}/order-dialog-360.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.goto(`${SHOP_URL}/orders`);
    await page.getByText(ORDER_ID.slice(-8)).first().waitFor();
    await checkScreen(page, '/orders');
  });

  it('on every dashboard tab and on the packing slips', async () => {
    const page = await shop.signedInVisitor(ADMIN, width);
    // The orders tab last: a tab stays mounted once shown (hidden), and axe reads the whole page each time, so
    // the orders' hundreds of cards would be read again behind every later tab (2 s each).
    const tabs: [tab: string, ready: string, name: string][] = [
      ['পণ্য', 'পণ্য তালিকা', 'products'],
      ['পরিসংখ্যান', 'মোট অর্ডার', 'stats'],
      ['গ্রাহক', 'গ্রাহক তালিকা', 'customers'],
      ['সেটিংস', 'অর্ডারের ই-মেইল', 'settings'],
      ['অর্ডার', 'স্ট্যাটাস পরিবর্তন', 'orders'],
    ];
    await page.goto(`${SHOP_URL}/admin?tab=products`);
    // From tab to tab as the seller goes: a tap on the tab, no reload.
    for (const [tab, ready, name] of tabs) {
      await selectTab(page, tab);
      await page.getByRole('tabpanel').getByText(ready).first().waitFor({ timeout: 30_000 });
      await checkScreen(page, `the dashboard's ${tab} tab`, {
        screenshot: `admin-${name}`,
        repeats: ORDER_CARDS_REPEATED,
      });
    }

    if (width === 360) {
      // This run's order card, found with the orders tab's search (no reload).
      await page.getByRole('searchbox', { name: 'অর্ডার খুঁজুন' }).fill(ORDER_ID.slice(-8));
      const card = page.getByRole('article').filter({ hasText: `#${ORDER_ID.slice(-8)}` });
      await card.waitFor({ timeout: 30_000 });
      // The live list may draw the card before the search's answer draws it again: the picture is taken again
      // when the card it was taking was replaced meanwhile.
      const pictured = () =>
        card.screenshot({ path: `${RESULTS}/order-card-360.png`, timeout: 5_000 }).then(
          () => true,
          () => false,
        );
      await expect.poll(pictured, { timeout: 30_000 }).toBe(true);
    }

    await page.goto(`${SHOP_URL}/admin/slips?order=${ORDER_ID}`);
    await page
      .getByText(`#${ORDER_ID.slice(-8)}`)
      .first()
      .waitFor();
    await checkScreen(page, 'the packing slip', { screenshot: 'packing-slip' });
  }, 240_000); // every tab and the slips, each waiting for its data

  it('on every page of the emulator console', async () => {
    const page = await shop.newVisitor(width);
    await page.goto(CONSOLE_URL);
    await page.getByRole('heading', { name: 'এমুলেটর কনসোল' }).waitFor({ timeout: 20_000 });
    const links = page.getByRole('navigation').first().getByRole('link');
    const paths = await links.evaluateAll((anchors) =>
      anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
    );
    for (const path of [...new Set(paths)]) {
      await page.goto(`${CONSOLE_URL}${path}`);
      // Its data, once: the console's <main> is aria-busy until every first answer is in.
      await page.locator('main:not([aria-busy])').waitFor({ timeout: 20_000 });
      await checkScreen(page, `the console's ${path}`, { fits: false, repeats: CONSOLE_ROWS_REPEATED });
    }
  }, 300_000); // every page, each waiting for its data (a side-by-side run took over 60 s at two widths)
});
