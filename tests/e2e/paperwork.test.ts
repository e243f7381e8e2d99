/**
 * The seller's paperwork in a real browser (Debian Chromium, headless) against the local shop: packing slips of
 * every confirmed order printed to PDF on A4 and on an 80 mm receipt roll, each slip's text read back from the
 * PDF and its QR code scanned back into the order number; and the CSV export downloaded from the dashboard and
 * reopened as a spreadsheet would, Bengali included. Screenshots and PDFs land in test-results/.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumberBn, formatTaka } from '../../src/lib/format';
import { RESULTS, SHOP_URL, ShopBrowser, shopAdminFirestore } from '../support/shop-browser';

const ADMIN = { email: 'admin@achar.test', password: 'admin123' };
const RUN = Date.now().toString(36).toUpperCase();

let shop: ShopBrowser;
let db: Firestore;

// 20 confirmed orders, in the future so they are the newest (the slips and the export list newest first), in a
// Dhaka day of their own (2030-01-15) that only this run's orders fill.
const DAY = '2030-01-15';
const orders = Array.from({ length: 20 }, (_, index) => {
  const cash = index % 4 !== 3;
  // Of the bKash orders, every other one's payment the seller verified; the rest are still awaited.
  const verified = !cash && index % 8 === 3;
  return {
    // The order number is the id's last 8 characters: this run's and the order's own.
    id: `paperwork-${RUN}${String(index).padStart(2, '0')}`,
    product_id: 'demo',
    product_name: index % 2 ? 'আমের আচার' : 'রসুনের আচার',
    product_price: 250,
    quantity: 1 + (index % 3),
    total_amount: 250 * (1 + (index % 3)),
    customer_name: `গ্রাহক ${index + 1}`,
    customer_phone: `0171${String(1000000 + index)}`,
    customer_email: '',
    customer_address: `বাড়ি ${index + 1}, কেরানীগঞ্জ, ঢাকা`,
    payment_method: cash ? 'cash_on_delivery' : 'bkash',
    payment_state: cash ? 'collect_on_delivery' : verified ? 'verified' : 'awaiting_payment',
    payment_trxid: verified ? `PW${String(index).padStart(2, '0')}ABCDEF` : null,
    user_id: 'paperwork-test',
    status: 'confirmed',
    // 09:00 Dhaka on the day, one minute apart, newest last.
    created_at: Timestamp.fromDate(new Date(Date.parse(`${DAY}T03:00:00Z`) + index * 60_000)),
  };
});
const orderNumber = (id: string) => id.slice(-8);

beforeAll(async () => {
  db = shopAdminFirestore();
  const batch = db.batch();
  for (const { id, ...fields } of orders) batch.set(db.doc(`orders/${id}`), fields);
  await batch.commit();
  shop = await ShopBrowser.open();
}, 120_000);

afterAll(async () => {
  await shop?.close();
  if (db) {
    const batch = db.batch();
    for (const { id } of orders) batch.delete(db.doc(`orders/${id}`));
    await batch.commit();
  }
});

/** The text of every page of a PDF, page by page (pdf.js, as a PDF reader extracts it). */
async function pdfPages(pdf: Uint8Array): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages;
}

async function openSlips(page: Page, paper: 'a4' | 'receipt80'): Promise<void> {
  await page.goto(`${SHOP_URL}/admin/slips?status=confirmed&paper=${paper}`);
  await page.locator('.packing-slip').first().waitFor({ timeout: 30_000 });
}

describe('packing slips', () => {
  it('prints every confirmed order on A4 with what the courier needs, the newest first', async () => {
    const page = await shop.signedInVisitor(ADMIN, 1280);
    await openSlips(page, 'a4');
    const slipIds = await page
      .locator('.packing-slip')
      .evaluateAll((slips) => slips.map((slip) => slip.getAttribute('data-order-id')));
    // Ours are the newest confirmed orders: the first twenty slips, newest first.
    expect(slipIds.slice(0, 20)).toEqual(orders.map((order) => order.id).reverse());
    await page.screenshot({ path: `${RESULTS}/packing-slips-a4-screen.png`, fullPage: false });

    // What is printed is the page's text: every slip in full, Bengali as written.
    for (const order of orders) {
      const slip = await page.locator(`.packing-slip[data-order-id="${order.id}"]`).innerText();
      expect(slip).toContain(`অর্ডার #${orderNumber(order.id)}`);
      for (const field of [
        order.customer_name,
        order.customer_phone,
        order.customer_address,
        order.product_name,
      ])
        expect(slip).toContain(field);
      expect(slip).toContain(`${formatNumberBn(order.quantity)} × ${formatTaka(order.product_price)}`);
      // The courier collects the total unless the seller verified the payment (a bKash order awaited is no money).
      expect(slip).toContain(
        order.payment_state === 'verified'
          ? `পরিশোধিত (TrxID ${order.payment_trxid}): আদায় করতে হবে না`
          : `ডেলিভারিতে আদায় করুন: ${formatTaka(order.total_amount)}`,
      );
      expect(slip).toContain('কেরানীগঞ্জ আচার ঘর');
      expect(slip).toContain('01712-345678');
    }

    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await writeFile(`${RESULTS}/packing-slips-a4.pdf`, pdf);
    const pages = await pdfPages(pdf);
    // Two columns, several rows: many slips share a sheet.
    expect(pages.length).toBeLessThanOrEqual(Math.ceil(slipIds.length / 6));
    // A PDF reader gets Latin letters and digits back exactly (Bengali conjuncts come back as shaped glyphs, so
    // the words are checked on the page above): each slip's number, phone, total and amount to collect.
    const text = pages.join('#').replace(/\s+/g, '');
    for (const order of orders) {
      const start = text.indexOf(`#${orderNumber(order.id)}`);
      expect(start, `slip of ${order.id} in the PDF`).toBeGreaterThanOrEqual(0);
      const slip = text.slice(start + 1, text.indexOf('#', start + 1));
      expect(slip).toContain(order.customer_phone);
      expect(slip).toContain(formatTaka(order.total_amount).replace(/\s+/g, ''));
    }
    // The shop's phone heads every slip, on paper too.
    expect(text.split('01712-345678').length - 1).toBe(slipIds.length);
  });

  it('prints one slip per page on an 80 mm receipt roll, and each QR code scans back into the order number', async () => {
    const page = await shop.signedInVisitor(ADMIN, 420);
    await openSlips(page, 'receipt80');
    const slips = await page.locator('.packing-slip').count();
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    await writeFile(`${RESULTS}/packing-slips-80mm.pdf`, pdf);
    const pages = await pdfPages(pdf);
    expect(pages.length).toBe(slips);
    const firstPage = pages[0].replace(/\s+/g, '');
    const newest = orders[orders.length - 1];
    expect(firstPage).toContain(`#${orderNumber(newest.id)}`);
    expect(firstPage).toContain(newest.customer_phone);
    expect(firstPage).not.toContain(`#${orderNumber(orders[orders.length - 2].id)}`);

    // The screen shows the roll as printed: scan the first slip's QR code from a screenshot.
    await page
      .locator('.packing-slip')
      .first()
      .screenshot({ path: `${RESULTS}/packing-slip-80mm.png` });
    const code = page.locator('.packing-slip').first().getByRole('img');
    const { data, info } = await sharp(await code.screenshot())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const scanned = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    expect(scanned?.data).toBe(orderNumber(newest.id));
  });
});

describe('the order export', () => {
  it('downloads the orders of a day as CSV that reopens with every field, Bengali included', async () => {
    const page = await shop.signedInVisitor(ADMIN, 1280);
    await page.goto(`${SHOP_URL}/admin`);
    await page.getByRole('button', { name: 'CSV ডাউনলোড' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('শুরুর তারিখ').fill(DAY);
    await dialog.getByLabel('শেষের তারিখ').fill(DAY);
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      dialog.getByRole('button', { name: 'ডাউনলোড করুন' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`orders-${DAY}-to-${DAY}.csv`);
    const path = `${RESULTS}/${download.suggestedFilename()}`;
    await download.saveAs(path);
    const file = await readFile(path);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte-order mark

    const rows = parse(file, { bom: true, columns: true }) as Record<string, string>[];
    const stored = (await db.collection('orders').where('user_id', '==', 'paperwork-test').get()).docs
      .map((document) => ({ ...(document.data() as (typeof orders)[number]), id: document.id }))
      .sort((a, b) => b.created_at.toMillis() - a.created_at.toMillis());
    expect(rows.map((row) => row['পূর্ণ অর্ডার নম্বর'])).toEqual(stored.map((order) => order.id));
    for (const [index, row] of rows.entries()) {
      const order = stored[index];
      expect(row['গ্রাহকের নাম']).toBe(order.customer_name);
      expect(row['ঠিকানা']).toBe(order.customer_address);
      expect(row['পণ্য']).toBe(order.product_name);
      expect(Number(row['মোট (৳)'])).toBe(order.total_amount);
      expect(Number(row['পরিমাণ'])).toBe(order.quantity);
      expect(row['স্ট্যাটাস']).toBe('নিশ্চিত');
      expect(row['তারিখ ও সময় (ঢাকা)'].startsWith(DAY)).toBe(true);
    }
  });
});
