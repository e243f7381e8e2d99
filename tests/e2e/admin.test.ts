/**
 * The seller's live loop in a real browser (Debian Chromium, headless) against the local shop that
 * tests/support/global-setup.ts starts, or the one already running (npm start): a customer's order arriving on
 * the open dashboard, the seller's status change reaching the customer's open /orders, and the search and filter
 * finding it. (Access for admins only: admin-page.test.tsx and the rules suites; every tab at both widths: the
 * accessibility sweep; a product's life with its photo: photo-sizes.test.ts.)
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RESULTS,
  SHOP_URL,
  ShopBrowser,
  orderCards,
  signUp,
  uniqueEmail,
  uniquePhone,
  passPhoneCode,
  screenshotPage,
} from '../support/shop-browser';

const ADMIN = { email: 'admin@achar.test', password: 'admin123' };
let shop: ShopBrowser;
const newVisitor = (width?: number) => shop.newVisitor(width);

async function openDashboard(page: Page): Promise<void> {
  await page.goto(`${SHOP_URL}/admin`);
  await page.getByRole('heading', { name: 'অ্যাডমিন ড্যাশবোর্ড' }).waitFor({ timeout: 20_000 });
}

beforeAll(async () => {
  shop = await ShopBrowser.open();
});

afterAll(async () => {
  await shop?.close();
});

describe('admin dashboard in a browser', () => {
  it("shows a customer's new order to the admin within 2 s and the admin's status change to the customer live", async () => {
    const admin = await shop.signedInVisitor(ADMIN, 1280);
    await openDashboard(admin);
    await orderCards(admin).first().waitFor({ timeout: 20_000 });
    const before = await orderCards(admin).count();

    // A new account: the demo customer's orders from earlier runs would count against its open-order limit.
    const customer = await newVisitor(360);
    await signUp(customer, uniqueEmail('admin-flow'));
    const buyer = `ই-টু-ই ক্রেতা ${Date.now()}`;
    const product = customer.locator('#products article').first();
    await product.waitFor({ timeout: 30_000 });
    await product.getByRole('button', { name: 'অর্ডার করুন' }).click();
    const dialog = customer.getByRole('dialog');
    await dialog.getByLabel('আপনার নাম').fill(buyer);
    // A number of its own: order-guard.ts limits the orders of one number.
    const phone = uniquePhone();
    await dialog.getByLabel('মোবাইল নম্বর').fill(phone);
    await dialog.getByLabel('ডেলিভারি ঠিকানা').fill('আটি বাজার, কেরানীগঞ্জ, ঢাকা');
    await dialog.getByText('নগদ').click();
    await dialog.getByRole('button', { name: 'অর্ডার দিন' }).click();
    await passPhoneCode(dialog, phone); // the account's first order: the phone code, from the Auth emulator
    await customer.getByText('অর্ডার সফল!').waitFor({ timeout: 30_000 });

    // The order is stored once the customer sees success; the admin's open list must show it without reload.
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
  });
});
