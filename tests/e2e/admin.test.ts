/**
 * The seller's dashboard in a real browser (Debian Chromium, headless) against the local shop that
 * tests/support/global-setup.ts starts, or the one already running (npm start): access for admins only, a
 * customer's order arriving live, a status change reaching the customer live, and a product's whole life with
 * its picture. Screenshots of every tab at phone and laptop widths land in test-results/.

 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RESULTS,
  SHOP_URL,
  ShopBrowser,
  orderCards,
  selectTab,
  signIn,
  signUp,
  uniqueEmail,
  uniquePhone,
  screenshotPage,
  passPhoneCode,
} from '../support/shop-browser';

const ADMIN = { email: 'admin@achar.test', password: 'admin123' };
const CUSTOMER = { email: 'customer@achar.test', password: 'customer123' };
const TABS = [
  ['orders', 'অর্ডার'],
  ['products', 'পণ্য'],
  ['stats', 'পরিসংখ্যান'],
  ['customers', 'গ্রাহক'],
  ['settings', 'সেটিংস'],
] as const;

let shop: ShopBrowser;
const newVisitor = (width?: number) => shop.newVisitor(width);

async function openDashboard(page: Page, tab = 'orders'): Promise<void> {
  await page.goto(`${SHOP_URL}/admin${tab === 'orders' ? '' : `?tab=${tab}`}`);
  await page.getByRole('heading', { name: 'অ্যাডমিন ড্যাশবোর্ড' }).waitFor({ timeout: 20_000 });
}

beforeAll(async () => {
  shop = await ShopBrowser.open();
});

afterAll(async () => {
  await shop?.close();
});

describe('admin dashboard in a browser', () => {
  it('turns away a signed-in customer with the access-denied card', async () => {
    const page = await newVisitor(360);
    await signIn(page, CUSTOMER);
    await page.goto(`${SHOP_URL}/admin`);
    const card = page.getByRole('alert').filter({ hasText: 'অ্যাক্সেস অস্বীকার' });
    await card.waitFor({ timeout: 20_000 });
    expect(await card.innerText()).toContain('সিস্টেম অ্যাডমিনিস্ট্রেটরের সাথে যোগাযোগ করুন');
    expect(await page.getByRole('tab').count()).toBe(0);
    await screenshotPage(page, `${RESULTS}/admin-access-denied-360.png`);
  });

  it("shows a customer's new order to the admin within 2 s and the admin's status change to the customer live", async () => {
    const admin = await newVisitor(1280);
    await signIn(admin, ADMIN);
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

  it('creates a product with a picture, shows it in the shop, hides it and deletes it with its picture', async () => {
    const admin = await newVisitor(1280);
    await signIn(admin, ADMIN);
    await openDashboard(admin, 'products');
    const shop = await newVisitor(1280);
    await shop.goto(SHOP_URL);
    await shop.locator('#products article').first().waitFor({ timeout: 30_000 });

    const name = `ই-টু-ই কাঁচা মরিচের আচার ${Date.now()}`;
    await admin.getByRole('button', { name: 'নতুন পণ্য' }).click();
    const form = admin.getByRole('dialog');
    await form.getByLabel(/^পণ্যের নাম/).fill(name);
    await form.getByLabel(/^দাম \(৳\)/).fill('149.50');
    await form.getByLabel('আগের দাম (৳)').fill('180');
    await form.getByLabel('ক্যাটাগরি').fill('ঝাল');
    await form.getByLabel(/^স্টক পরিমাণ/).fill('9');
    // Noise does not compress: ~2.4 MB, enough chunks for the progress bar to move.
    const { width, height } = { width: 900, height: 900 };
    const noise = Buffer.from(
      Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256)),
    );
    const png = await sharp(noise, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'কাঁচা মরিচ.png', mimeType: 'image/png', buffer: png });
    await form.getByRole('img', { name: 'ছবির প্রিভিউ' }).waitFor();

    // Slow the upload down so the progress bar can be seen (and photographed) before it finishes.
    const cdp = await admin.context().newCDPSession(admin);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 600 * 1024,
    });
    await form.getByRole('button', { name: 'সেভ করুন' }).click();
    // Visible at all, then moving: a percentage above zero while the upload still runs.
    await form.getByText(/ছবি আপলোড হচ্ছে… [০-৯]+%/).waitFor({ timeout: 10_000 });
    const progress = form.getByText(/ছবি আপলোড হচ্ছে… [১-৯][০-৯]*%/);
    await progress.waitFor({ timeout: 10_000 });
    await admin.screenshot({ path: `${RESULTS}/admin-product-upload-progress-1280.png` });
    await admin.getByText('পণ্য যোগ সফল').waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const row = admin.getByRole('row', { name });
    await row.waitFor();
    expect(await row.innerText()).toContain('৳১৪৯.৫০');

    const card = shop.locator('#products article', { hasText: name });
    await card.waitFor({ timeout: 10_000 });
    const imageUrl = await card.locator('img').first().getAttribute('src');
    // The photo was re-encoded at display size in the browser before upload: WebP, smaller than the PNG chosen.
    expect(imageUrl).toMatch(/product-images%2F[a-z0-9]+-\d+\.webp/);
    const stored = await shop.request.get(imageUrl!);
    expect(stored.headers()['content-type']).toBe('image/webp');
    expect((await stored.body()).length).toBeLessThan(png.length);
    await expect
      .poll(() =>
        card
          .locator('img')
          .first()
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);

    await row.getByRole('checkbox').click({ force: true });
    await admin.getByText('পণ্যটি নিষ্ক্রিয় করা হয়েছে').waitFor({ timeout: 10_000 });
    await card.waitFor({ state: 'detached', timeout: 10_000 });

    await row.getByRole('button', { name: `মুছুন: ${name}` }).click();
    const confirm = admin.getByRole('alertdialog');
    expect(await confirm.innerText()).toContain('আপনি কি নিশ্চিত যে এই পণ্যটি মুছে ফেলতে চান?');
    await admin.screenshot({ path: `${RESULTS}/admin-product-delete-confirm-1280.png` });
    await confirm.getByRole('button', { name: 'হ্যাঁ, মুছে ফেলুন' }).click();
    await admin.getByText('পণ্য মুছে ফেলা হয়েছে').waitFor({ timeout: 10_000 });
    await row.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await shop.request.get(imageUrl!)).status(), { timeout: 10_000 })
      .toBe(404);
  });

  it('fits every tab on a 360 px phone and a 1280 px laptop', async () => {
    for (const width of [360, 1280]) {
      const page = await newVisitor(width);
      await signIn(page, ADMIN);
      await openDashboard(page);
      // From tab to tab as the seller goes: a tap on the tab, no reload.
      for (const [tab, label] of TABS) {
        await selectTab(page, label);
        const panel = page.getByRole('tabpanel');
        if (tab === 'orders') await orderCards(page).first().waitFor({ timeout: 20_000 });
        if (tab === 'stats') await panel.getByText('মোট অর্ডার').waitFor({ timeout: 30_000 });
        if (tab === 'products')
          await panel
            .getByRole('button', { name: /^মুছুন: / })
            .first()
            .waitFor();
        if (tab === 'customers') await panel.getByText(/মোট [০-৯]+ জন গ্রাহক/).waitFor({ timeout: 20_000 });
        if (tab === 'settings') await panel.getByRole('heading', { name: 'অর্ডারের ই-মেইল' }).waitFor();
        // Nothing may stick out sideways: the page itself never scrolls horizontally (the tab strip may).
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${tab} at ${width} px`).toBeLessThanOrEqual(0);
        await screenshotPage(page, `${RESULTS}/admin-${tab}-${width}.png`);
      }
    }
  });
});
