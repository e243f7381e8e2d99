/**
 * The seller's statistics in a real browser (Debian Chromium, headless) against the local shop: the stats tab
 * and the orders tab's badge read the order_stats roll-ups live, so an order placed by a customer shows up in
 * both without a reload or a refresh button.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHOP_URL,
  ShopBrowser,
  signIn,
  signUp,
  uniqueEmail,
  uniquePhone,
  passPhoneCode,
} from '../support/shop-browser';

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

async function placeOrderAsNewCustomer(page: Page): Promise<void> {
  // A new account: the demo customer's orders from earlier runs would count against its open-order limit.
  await signUp(page, uniqueEmail('stats-flow'));
  const product = page.locator('#products article').first();
  await product.waitFor({ timeout: 30_000 });
  await product.getByRole('button', { name: 'অর্ডার করুন' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('আপনার নাম').fill(`পরিসংখ্যান ক্রেতা ${Date.now()}`);
  // A number of its own: order-guard.ts limits the orders of one number.
  const phone = uniquePhone();
  await dialog.getByLabel('মোবাইল নম্বর').fill(phone);
  await dialog.getByLabel('ডেলিভারি ঠিকানা').fill('আটি বাজার, কেরানীগঞ্জ, ঢাকা');
  await dialog.getByText('নগদ').click();
  await dialog.getByRole('button', { name: 'অর্ডার দিন' }).click();
  await passPhoneCode(dialog, phone); // the account's first order: the phone code, from the Auth emulator
  await page.getByText('অর্ডার সফল!').waitFor({ timeout: 30_000 });
}

describe('statistics in a browser', () => {
  it('counts a new order on the stats tab and the orders tab badge live, without a refresh button', async () => {
    const admin = await shop.newVisitor(1280);
    await signIn(admin, ADMIN);
    await admin.goto(`${SHOP_URL}/admin?tab=stats`);
    const panel = admin.getByRole('tabpanel');
    await panel.getByText('মোট অর্ডার').waitFor({ timeout: 30_000 });
    expect(await panel.getByRole('button', { name: /হালনাগাদ/ }).count()).toBe(0);
    const ordersBefore = await statValue(panel, 'মোট অর্ডার');
    const pendingBefore = await statValue(panel, 'অমীমাংসিত অর্ডার');
    expect(ordersBefore).toBeGreaterThan(0); // the seeded shop's orders, counted by the roll-ups
    expect(await pendingBadge(admin)).toBe(pendingBefore);

    await placeOrderAsNewCustomer(await shop.newVisitor(360));

    await expect.poll(() => statValue(panel, 'মোট অর্ডার'), { timeout: 5_000 }).toBe(ordersBefore + 1);
    expect(await statValue(panel, 'অমীমাংসিত অর্ডার')).toBe(pendingBefore + 1);
    await expect.poll(() => pendingBadge(admin), { timeout: 5_000 }).toBe(pendingBefore + 1);
  });
});
