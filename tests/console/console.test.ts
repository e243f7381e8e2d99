/**
 * The emulator console (http://127.0.0.1:4000) in a real browser (Debian Chromium, headless) beside the shop that
 * tests/support/global-setup.ts starts (or a running `npm start`): see the seeded data, change a price and watch
 * the shop follow, see an order's create and a stranger's denied read in Requests with the deciding rule marked,
 * make the demo customer an admin, upload and delete an image, read the outbox and the mail, and clear everything
 * (the demo data is brought back afterwards, for the suites that follow). Screenshots at 1280 px in test-results/.
 * The overview and the Logs page: language-and-logs.test.ts.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProjectConfig } from '../../emulators/src/config.js';
import { mockIdToken } from '../../emulators/src/testing/id-token.js';
import { DEMO_ACCOUNTS } from '../../scripts/seed/demo-accounts';
import { SEED_SNAPSHOT } from '../../scripts/stack/shop';
import { forgetSignedInSessions } from '../support/signed-in-states';
import { eveningMail } from '../../functions/src/evening-summary';
import {
  DEFAULT_SMS_TEXTS,
  fillSmsText,
  smsCollectText,
} from '../../src/features/admin-settings/model/sms-settings';
import { RESULTS, SHOP_URL, ShopBrowser, screenshotPage, uniquePhone } from '../support/shop-browser';
import { jarOnSale, placeOrderAs } from '../support/shop-orders';

const root = fileURLToPath(new URL('../..', import.meta.url));
const config = readProjectConfig(root);
const CONSOLE_URL = `http://${config.ui.host}:${config.ui.port}`;
const DOCS = `http://${config.firestore.host}:${config.firestore.port}/v1/projects/${config.projectId}/databases/(default)/documents`;
const toBengali = (n: number) => String(n).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]);

/** A window in which the console's outbox shows a message 360 px wide, beside its 190 px menu. */
const PHONE_WIDTH_BESIDE_MENU = 190 + 2 * 20 + 360;

let shop: ShopBrowser;
let consolePage: Page;

/**
 * The demo data back after a clear, for the suites that follow: the "seed" snapshot the shop saved once it was
 * seeded (scripts/stack/shop.ts), restored in about a second; a shop started without one (a developer's kept
 * `npm start`) is seeded again by the seed script, as a developer would (about 10 s).
 */
async function bringBackTheDemo(): Promise<void> {
  const restored = await fetch(`${CONSOLE_URL}/api/snapshots/${SEED_SNAPSHOT}/restore`, { method: 'POST' });
  if (restored.ok) return;
  await promisify(execFile)('npx', ['tsx', 'scripts/seed.ts'], { cwd: root, env: { ...process.env } });
}

async function openConsole(path: string): Promise<Page> {
  const page = await shop.newVisitor(1280);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${CONSOLE_URL}${path}`);
  await page.getByRole('heading', { name: 'এমুলেটর কনসোল' }).waitFor({ timeout: 20_000 });
  return page;
}

beforeAll(async () => {
  shop = await ShopBrowser.open();
  consolePage = await openConsole('/');
});

afterAll(async () => {
  await shop?.close();
});

describe('the emulator console in a browser', () => {
  it('shows the seeded products, and a price edited here appears on the shop live; a bad value changes nothing', async () => {
    const shopper = await shop.newVisitor(1280);
    await shopper.goto(SHOP_URL);
    const card = shopper.locator('#products article').first();
    await card.waitFor({ timeout: 30_000 });
    const name = await card.getByRole('heading').innerText();
    const shopCard = shopper.locator('#products article').filter({ hasText: name }).first();

    const page = consolePage;
    await page.goto(`${CONSOLE_URL}/firestore/products`);
    await page.locator('[data-doc-id]').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-doc-id]').count()).toBeGreaterThan(1);
    // The query box finds the product the shop shows first.
    await page.getByLabel('ফিল্টারের ফিল্ড').fill('name');
    await page.getByLabel('ফিল্টারের মান').fill(name);
    await page.getByRole('button', { name: 'চালান' }).click();
    await expect.poll(() => page.locator('[data-doc-id]').count(), { timeout: 10_000 }).toBe(1);
    await page.locator('[data-doc-id]').click();
    await page.locator('[data-field="name"]').filter({ hasText: name }).waitFor();

    const price = page.locator('[data-field="price"]');
    const priceBefore = await price.innerText();
    await price.getByRole('button', { name: 'সম্পাদনা' }).click();
    const editor = page.getByTestId('value-editor');
    await editor.getByLabel('মান').fill('12.5 taka');
    await editor.getByRole('button', { name: 'সেভ করুন' }).click();
    await editor.getByRole('alert').filter({ hasText: 'পূর্ণসংখ্যা নয়' }).waitFor();
    // The field still shows the old value (the open editor below it adds its own text).
    expect((await price.innerText()).startsWith(priceBefore)).toBe(true);

    const newPrice = 777;
    await editor.getByLabel('মান').fill(String(newPrice));
    await editor.getByRole('button', { name: 'সেভ করুন' }).click();
    await expect.poll(() => price.innerText(), { timeout: 10_000 }).toContain(String(newPrice));
    await expect
      .poll(() => shopCard.getByTestId('product-price').innerText(), { timeout: 10_000 })
      .toContain(toBengali(newPrice));
    await screenshotPage(page, `${RESULTS}/console-firestore-1280.png`);
  });

  it('adds a document with a typed field, refuses a bad reference, and deletes the document', async () => {
    const page = await openConsole('/firestore/console-e2e');
    await page.getByRole('button', { name: 'ডকুমেন্ট যোগ করুন' }).click();
    await page.getByLabel('ডকুমেন্ট id').fill('jar-1');
    const editor = page.getByTestId('value-editor');
    await editor.getByLabel('ফিল্ডের নাম').fill('product');
    await editor.getByLabel('ধরন').selectOption('reference');
    await editor.getByLabel('মান').fill('products');
    await editor.getByRole('button', { name: 'সেভ করুন' }).click();
    await editor.getByRole('alert').filter({ hasText: 'ডকুমেন্টের পাথ নয়' }).waitFor();
    expect(
      (await fetch(`${DOCS}/console-e2e/jar-1`, { headers: { Authorization: 'Bearer owner' } })).status,
    ).toBe(404);

    await editor.getByLabel('মান').fill('products/p1');
    await editor.getByRole('button', { name: 'সেভ করুন' }).click();
    await page.waitForURL(`${CONSOLE_URL}/firestore/console-e2e/jar-1`);
    const field = page.locator('[data-field="product"]');
    await field.getByRole('link', { name: '/products/p1' }).waitFor({ timeout: 10_000 });

    await page.getByRole('button', { name: 'ডকুমেন্ট মুছুন' }).click();
    await page.waitForURL(`${CONSOLE_URL}/firestore/console-e2e`);
    await page.getByText('কোনো ডকুমেন্ট নেই।').waitFor({ timeout: 10_000 });
    expect(
      (await fetch(`${DOCS}/console-e2e/jar-1`, { headers: { Authorization: 'Bearer owner' } })).status,
    ).toBe(404);

    // A path that does not exist says so in Bengali.
    await page.goto(`${CONSOLE_URL}/firestore/console-e2e/jar-1`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'এই ডকুমেন্টটি নেই (মুছে ফেলা হয়েছে, বা কখনো তৈরি হয়নি)।' })
      .waitFor({ timeout: 10_000 });
  });

  it("shows an order's create by the function's admin SDK, then a stranger's denied read with the deciding rule marked", async () => {
    const requests = await openConsole('/requests');
    await requests.getByText('লাইভ', { exact: true }).waitFor({ timeout: 20_000 });

    // The demo customer's order, placed as the order dialog places one (the callable; from Node).
    const product = await jarOnSale();
    await placeOrderAs(DEMO_ACCOUNTS.customer, {
      productId: product.id,
      quantity: 1,
      customerName: 'কনসোল পরীক্ষা',
      customerPhone: uniquePhone(),
      customerAddress: 'জিনজিরা, কেরানীগঞ্জ, ঢাকা',
      paymentMethod: 'bkash',
    });

    const created = requests.locator('[data-request^="create orders/"][data-verdict="allowed"]').first();
    await created.waitFor({ timeout: 20_000 });
    expect(await created.innerText()).toContain('admin SDK (রুলস প্রযোজ্য নয়)');
    const orderPath = (await created.getAttribute('data-request'))!.replace('create ', '');

    // Another customer asks for that order directly: the rules must say no.
    const denied = await fetch(`${DOCS}/${orderPath}`, {
      headers: { Authorization: `Bearer ${mockIdToken('stranger-1', { email: 'stranger@achar.test' })}` },
    });
    expect(denied.status).toBe(403);
    const row = requests.locator(`[data-request="get ${orderPath}"][data-verdict="denied"]`).first();
    await row.waitFor({ timeout: 20_000 });
    expect(await row.innerText()).toContain('stranger@achar.test');
    await row.click();
    const source = requests.getByTestId('rules-source');
    await source.waitFor();
    const marked = source.locator('[data-outcome]');
    expect(await marked.count()).toBeGreaterThan(0);
    expect(await source.locator('[data-outcome="granted"]').count()).toBe(0);
    expect(await marked.first().innerText()).toMatch(/allow (read|get)/);
    expect(
      await source.locator('[data-condition="false"], [data-condition="error"]').count(),
    ).toBeGreaterThan(0);

    await requests.getByLabel('ফলাফল').selectOption('denied');
    expect(await requests.locator('[data-verdict="allowed"]').count()).toBe(0);
    await screenshotPage(requests, `${RESULTS}/console-requests-1280.png`);
  });

  it('grants the demo customer admin in one click, which opens /admin for them, and revokes it', async () => {
    const page = await openConsole('/auth');
    const row = page.locator(`[data-user="${DEMO_ACCOUNTS.customer.email}"]`);
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: 'অ্যাডমিন করুন' }).click();
    await row.getByText('অ্যাডমিন', { exact: true }).waitFor();
    await screenshotPage(page, `${RESULTS}/console-auth-1280.png`);

    const customer = await shop.signedInVisitor(DEMO_ACCOUNTS.customer, 1280);
    await customer.goto(`${SHOP_URL}/admin`);
    await customer.getByRole('heading', { name: 'অ্যাডমিন ড্যাশবোর্ড' }).waitFor({ timeout: 20_000 });

    await row.getByRole('button', { name: 'অ্যাডমিন বাতিল' }).click();
    await row.getByRole('button', { name: 'অ্যাডমিন করুন' }).waitFor();
  });

  it('uploads an image into product-images, previews it, refuses a file over the limit, and deletes it', async () => {
    const page = await openConsole('/storage/product-images/');
    await page.getByTestId('files').waitFor();
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    const upload = page.getByLabel('ফাইল আপলোড');
    await upload.setInputFiles({ name: 'console-e2e.png', mimeType: 'image/png', buffer: png });
    const file = page.locator('[data-file="product-images/console-e2e.png"]');
    await file.waitFor({ timeout: 20_000 });
    await file.click();
    const preview = page.getByAltText('product-images/console-e2e.png এর প্রিভিউ');
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 })
      .toBe(64);
    await screenshotPage(page, `${RESULTS}/console-storage-1280.png`);

    await upload.setInputFiles({
      name: 'too-big.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(21 * 1024 * 1024),
    });
    await page
      .getByRole('alert')
      .filter({ hasText: 'সর্বোচ্চ ২০ MiB পর্যন্ত ফাইল নেয়। কিছুই আপলোড হয়নি।' })
      .waitFor();
    expect(await page.locator('[data-file="product-images/too-big.jpg"]').count()).toBe(0);

    await file.getByRole('button', { name: 'মুছুন' }).click();
    await file.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it("shows a customer's SMS in the outbox, as the phone would receive it, live", async () => {
    const page = await openConsole('/sms');
    await page.getByRole('heading', { name: 'SMS (আউটবক্স)' }).waitFor();
    // Written as order-sms.ts writes one, in the Twilio "Send Message" extension's format.
    const id = `console-test-${Date.now()}`;
    const body = fillSmsText(DEFAULT_SMS_TEXTS.delivering, {
      order: 'ABCD1234',
      total: '৳৫৪০',
      collect: smsCollectText('৳৫৪০'),
      shopPhone: '01712345678',
    });
    const written = await fetch(`${DOCS}/messages?documentId=${id}`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        fields: { to: { stringValue: '+8801712345678' }, body: { stringValue: body } },
      }),
    });
    expect(written.status).toBe(200);
    const message = page.locator(`article[data-message-id="${id}"]`);
    await message.waitFor({ timeout: 20_000 });
    const shown = await message.innerText();
    expect(shown).toContain('+8801712345678');
    expect(shown).toContain(body);
    await screenshotPage(page, `${RESULTS}/console-sms-1280.png`);
    // As it reads on a phone, 360 px wide (the console's 190 px menu and its margins beside it): the shop's name
    // first, one SMS.
    await page.setViewportSize({ width: PHONE_WIDTH_BESIDE_MENU, height: 900 });
    await message.screenshot({ path: `${root}/docs/screenshots/shop/console-sms-360.png` });
  });

  it("shows the seller's evening mail: days as people write them, and what its sales leave out", async () => {
    const page = await openConsole('/mail');
    const id = `evening-console-test-${Date.now()}`;
    const { to, message } = eveningMail('seller@example.com', {
      day: '2026-11-21',
      orders: 7,
      revenue: 254_000,
      lastWeekDay: '2026-11-14',
      lastWeekOrders: 5,
      lastWeekRevenue: 180_000,
      pending: 2,
      toVerify: 1,
      lowStock: [{ name: 'রসুনের আচার', stock: 3 }],
      documentsRead: 0,
    });
    const text = (value: string) => ({ stringValue: value });
    const written = await fetch(`${DOCS}/mail?documentId=${id}`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        fields: {
          to: text(to),
          message: {
            mapValue: {
              fields: { subject: text(message.subject), text: text(message.text), html: text(message.html) },
            },
          },
        },
      }),
    });
    expect(written.status).toBe(200);
    const mail = page.locator(`article[data-message-id="${id}"]`);
    await mail.waitFor({ timeout: 20_000 });
    expect(await mail.innerText()).toContain('আজকের হিসাব (২১ নভেম্বর): ৭টি অর্ডার, বিক্রি ৳২,৫৪০');
    await page.setViewportSize({ width: PHONE_WIDTH_BESIDE_MENU, height: 900 });
    await mail.getByRole('button', { name: 'সাধারণ লেখা দেখুন' }).click(); // the whole text, not a framed part
    await mail.screenshot({ path: `${root}/docs/screenshots/shop/evening-mail-360.png` });
  });

  it('clears Firestore, Storage and Auth after confirmation (then the demo data is brought back)', async () => {
    try {
      const page = await openConsole('/');
      for (const what of ['Firestore', 'Storage', 'Auth']) {
        await page.getByRole('button', { name: `${what} খালি করুন` }).click();
        await page
          .getByRole('status')
          .filter({ hasText: `${what} খালি করা হয়েছে।` })
          .waitFor({ timeout: 10_000 });
      }
      await page.goto(`${CONSOLE_URL}/firestore`);
      await page.getByText('এখনো কোনো ডেটা নেই।').waitFor({ timeout: 10_000 });
      await page.goto(`${CONSOLE_URL}/auth`);
      await page.getByText('কোনো ব্যবহারকারী নেই।').waitFor({ timeout: 10_000 });
    } finally {
      await bringBackTheDemo();
      // The accounts were cleared and brought back: the sessions the suites saved were issued before.
      forgetSignedInSessions();
    }
    const products = await fetch(`${DOCS}/products?pageSize=1`, {
      headers: { Authorization: 'Bearer owner' },
    });
    expect(((await products.json()) as { documents?: unknown[] }).documents?.length).toBe(1);
  });
});
