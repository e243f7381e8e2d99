/**
 * The seller's live loop in a real browser (Debian Chromium, headless) against the local shop that
 * tests/support/global-setup.ts starts, or the one already running (npm start): a customer's order arriving on
 * the open dashboard, counted on the stats tab and the orders tab's badge without a reload or a refresh button,
 * the seller's status change reaching the customer's open /orders, and the search and filter finding it. The
 * order comes through the placeOrder callable as the customer (the order dialog, the sign-up and the phone code
 * are the storefront journey's). (Access for admins only: admin-page.test.tsx and the rules suites; every tab at
 * both widths: the accessibility sweep; a product's life with its photo: photo-sizes.test.ts.)
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../scripts/seed/demo-accounts';
import {
  RESULTS,
  SHOP_URL,
  ShopBrowser,
  orderCards,
  selectTab,
  uniquePhone,
  screenshotPage,
} from '../support/shop-browser';
import { jarOnSale, newShopperAccount, placeOrderAs } from '../support/shop-orders';

let shop: ShopBrowser;

beforeAll(async () => {
  shop = await ShopBrowser.open();
});

afterAll(async () => {
  await shop?.close();
});

/** "১,২৫০" → 1250. */
function fromBengaliNumber(text: string): number {
  const latin = text.replace(/[০-৯]/g, (digit) => String('০১২৩৪৫৬৭৮৯'.indexOf(digit))).replace(/[^\d]/g, '');
  return Number(latin);
}

/** The number on the stat card with this label. */
async function statValue(panel: Locator, label: string): Promise<number> {
  const card = panel.locator('.chakra-stat__root').filter({ hasText: label }).first();
  return fromBengaliNumber(await card.locator('.chakra-stat__valueText').innerText());
}

/** The pending badge on the orders tab (0 when it has none). */
async function pendingBadge(page: Page): Promise<number> {
  const text = await page.getByRole('tab', { name: /^অর্ডার/ }).innerText();
  const digits = text.replace('অর্ডার', '').trim();
  return digits === '' ? 0 : fromBengaliNumber(digits);
}

describe('admin dashboard in a browser', () => {
  it("shows a customer's new order to the admin within 2 s and the admin's status change to the customer live", async () => {
    const admin = await shop.signedInVisitor(DEMO_ACCOUNTS.admin, 1280);
    await admin.goto(`${SHOP_URL}/admin?tab=stats`);
    const stats = admin.getByRole('tabpanel');
    await stats.getByText('মোট অর্ডার').waitFor({ timeout: 30_000 });
    expect(await stats.getByRole('button', { name: /হালনাগাদ/ }).count()).toBe(0);
    const ordersBefore = await statValue(stats, 'মোট অর্ডার');
    const pendingBefore = await statValue(stats, 'অমীমাংসিত অর্ডার');
    expect(ordersBefore).toBeGreaterThan(0); // the seeded shop's orders, counted by the roll-ups
    expect(await pendingBadge(admin)).toBe(pendingBefore);
    // From tab to tab as the seller goes (no reload): the stats tab stays mounted, and live, behind the orders.
    await selectTab(admin, 'অর্ডার');
    await orderCards(admin).first().waitFor({ timeout: 20_000 });
    const before = await orderCards(admin).count();

    // A new account (the demo customer's orders from earlier runs would count against its open-order limit),
    // watching its /orders at 360 px; a number of its own: order-guard.ts limits the orders of one number.
    const account = await newShopperAccount('admin-flow');
    const customer = await shop.signedInVisitor(account, 360);
    const buyer = `ই-টু-ই ক্রেতা ${Date.now()}`;
    const phone = uniquePhone();
    const product = await jarOnSale();
    await placeOrderAs(account, {
      productId: product.id,
      quantity: 1,
      customerName: buyer,
      customerPhone: phone,
      customerAddress: 'আটি বাজার, কেরানীগঞ্জ, ঢাকা',
      paymentMethod: 'nagad',
    });

    // The order is stored once the callable answers; the admin's open list must show it without reload.
    const arrived = orderCards(admin).filter({ hasText: buyer });
    await arrived.waitFor({ timeout: 2_000 });
    expect(await orderCards(admin).count()).toBe(before + 1);
    expect(await arrived.getAttribute('data-fresh')).not.toBeNull();
    const text = await arrived.innerText();
    expect(text).toContain('নগদ');
    expect(text).toContain('অমীমাংসিত');
    expect(await arrived.getByRole('link', { name: phone }).getAttribute('href')).toBe(`tel:${phone}`);
    await admin.screenshot({ path: `${RESULTS}/admin-new-order-1280.png` });
    const shortId = (await arrived.getAttribute('aria-label'))!.replace('অর্ডার #', '');
    await expect.poll(() => pendingBadge(admin), { timeout: 5_000 }).toBe(pendingBefore + 1);

    await customer.goto(`${SHOP_URL}/orders`);
    const mine = customer.getByTestId('my-order').filter({ hasText: `#${shortId}` });
    await mine.waitFor({ timeout: 20_000 });
    expect(await mine.innerText()).toContain('অমীমাংসিত');

    await arrived.getByLabel('স্ট্যাটাস পরিবর্তন').selectOption('confirmed');
    await admin.getByText('অর্ডার স্ট্যাটাস আপডেট হয়েছে।').waitFor({ timeout: 10_000 });
    await expect.poll(() => mine.innerText(), { timeout: 5_000 }).toContain('নিশ্চিত');
    await screenshotPage(customer, `${RESULTS}/admin-status-seen-by-customer-360.png`);

    // Search and the status filter are Firestore queries on the fields placeOrder wrote: the unique word of
    // the buyer's name finds this order alone; the phone in Bengali digits with +880 finds it among others.
    const search = admin.getByRole('searchbox', { name: 'অর্ডার খুঁজুন' });
    await search.fill(buyer.split(' ')[2]);
    await expect.poll(() => orderCards(admin).count(), { timeout: 5_000 }).toBe(1);
    await arrived.waitFor({ timeout: 5_000 });
    const statusFilter = admin.getByLabel('স্ট্যাটাস অনুযায়ী দেখুন');
    await statusFilter.selectOption('pending');
    await admin.getByText('এই খোঁজ বা ফিল্টারে কোনো অর্ডার পাওয়া যায়নি।').waitFor({ timeout: 5_000 });
    await statusFilter.selectOption('confirmed');
    await arrived.waitFor({ timeout: 5_000 });
    await search.fill('+৮৮০ ১৮১২-৩৪৫৬৭৮');
    await orderCards(admin).first().filter({ hasText: buyer }).waitFor({ timeout: 5_000 });
    await search.fill('');
    await statusFilter.selectOption('all');
    await expect
      .poll(() => orderCards(admin).first().getAttribute('aria-label'), { timeout: 5_000 })
      .toBe(`অর্ডার #${shortId}`);

    // The stats tab, mounted before the order came, counted it (and the confirmation took it off the pending).
    await selectTab(admin, 'পরিসংখ্যান');
    const shown = admin.getByRole('tabpanel');
    await expect.poll(() => statValue(shown, 'মোট অর্ডার'), { timeout: 5_000 }).toBe(ordersBefore + 1);
    await expect.poll(() => statValue(shown, 'অমীমাংসিত অর্ডার'), { timeout: 5_000 }).toBe(pendingBefore);
  });
});
