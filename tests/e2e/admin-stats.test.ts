/**
 * The seller's statistics in a real browser (Debian Chromium, headless) against the local shop: the stats tab
 * and the orders tab's badge read the order_stats roll-ups live, so an order placed by a customer (through
 * placeOrder, from Node) shows up in both without a reload or a refresh button.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_URL, ShopBrowser, uniquePhone } from '../support/shop-browser';
import { jarOnSale, newShopperAccount, placeOrderAs } from '../support/shop-orders';

const ADMIN = { email: 'admin@achar.test', password: 'admin123' };

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

/** A new customer's order for the first jar of the shop window (a new account and number: no limit reached). */
async function placeOrderAsNewCustomer(): Promise<void> {
  const product = await jarOnSale();
  await placeOrderAs(await newShopperAccount('stats-flow'), {
    productId: product.id,
    quantity: 1,
    customerName: `পরিসংখ্যান ক্রেতা ${Date.now()}`,
    customerPhone: uniquePhone(),
    customerAddress: 'আটি বাজার, কেরানীগঞ্জ, ঢাকা',
    paymentMethod: 'nagad',
  });
}

describe('statistics in a browser', () => {
  it('counts a new order on the stats tab and the orders tab badge live, without a refresh button', async () => {
    const admin = await shop.signedInVisitor(ADMIN, 1280);
    await admin.goto(`${SHOP_URL}/admin?tab=stats`);
    const panel = admin.getByRole('tabpanel');
    await panel.getByText('মোট অর্ডার').waitFor({ timeout: 30_000 });
    expect(await panel.getByRole('button', { name: /হালনাগাদ/ }).count()).toBe(0);
    const ordersBefore = await statValue(panel, 'মোট অর্ডার');
    const pendingBefore = await statValue(panel, 'অমীমাংসিত অর্ডার');
    expect(ordersBefore).toBeGreaterThan(0); // the seeded shop's orders, counted by the roll-ups
    expect(await pendingBadge(admin)).toBe(pendingBefore);

    await placeOrderAsNewCustomer();

    await expect.poll(() => statValue(panel, 'মোট অর্ডার'), { timeout: 5_000 }).toBe(ordersBefore + 1);
    expect(await statValue(panel, 'অমীমাংসিত অর্ডার')).toBe(pendingBefore + 1);
    await expect.poll(() => pendingBadge(admin), { timeout: 5_000 }).toBe(pendingBefore + 1);
  });
});
