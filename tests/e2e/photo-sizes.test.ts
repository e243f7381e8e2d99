/**
 * Product photos in phone sizes, end to end (issue 23): the seller uploads a photo with a new product, the
 * resizeProductPhoto trigger (run by the Functions emulator on the offline Storage emulator's event) stores its
 * 320, 640 and 960 px WebP sizes and marks the product, the storefront's card on Lighthouse's phone (360 px,
 * 1.75 device pixels per CSS pixel) loads a phone size, and deleting the product deletes every size.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProjectConfig } from '../../emulators/src/config.js';
import { productPhotoSizePaths } from '../../src/features/ordering/model/product-photo-sizes';
import { RESULTS, SHOP_URL, ShopBrowser, signIn } from '../support/shop-browser';

const ADMIN = { email: 'admin@achar.test', password: 'admin123' };
const config = readProjectConfig();
const DOCUMENTS = `http://${config.firestore.host}:${config.firestore.port}/v1/projects/${config.projectId}/databases/(default)/documents`;
const OBJECTS = `http://${config.storage.host}:${config.storage.port}/v0/b/${config.projectId}.appspot.com/o`;
const OWNER = { Authorization: 'Bearer owner' };

let shop: ShopBrowser;

beforeAll(async () => {
  shop = await ShopBrowser.open();
});

afterAll(async () => {
  await shop?.close();
});

/** The stored product named `name`, as the emulators' admin reads it: its photo and the mark of its sizes. */
async function storedProduct(name: string) {
  const response = await fetch(`${DOCUMENTS}:runQuery`, {
    method: 'POST',
    headers: { ...OWNER, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      structuredQuery: {
        from: [{ collectionId: 'products' }],
        where: { fieldFilter: { field: { fieldPath: 'name' }, op: 'EQUAL', value: { stringValue: name } } },
      },
    }),
  });
  const rows = (await response.json()) as {
    document?: { fields: Record<string, { stringValue?: string }> };
  }[];
  const fields = rows.find((row) => row.document)?.document?.fields;
  return fields && { path: fields.image_path?.stringValue, sizedPath: fields.image_sized_path?.stringValue };
}

const objectStatus = async (path: string) =>
  (await fetch(`${OBJECTS}/${encodeURIComponent(path)}`, { headers: OWNER })).status;

describe('product photos in phone sizes', () => {
  it("makes a new photo's three sizes, serves the phone one on a 360 px phone, and deletes them with the product", async () => {
    const admin = await shop.newVisitor(1280);
    await signIn(admin, ADMIN);
    await admin.goto(`${SHOP_URL}/admin?tab=products`);
    const name = `ই-টু-ই মাপের আচার ${Date.now()}`;
    await admin.getByRole('button', { name: 'নতুন পণ্য' }).click({ timeout: 20_000 });
    const form = admin.getByRole('dialog');
    await form.getByLabel(/^পণ্যের নাম/).fill(name);
    await form.getByLabel(/^দাম \(৳\)/).fill('120');
    await form.getByLabel(/^স্টক পরিমাণ/).fill('9');
    const photo = await sharp({
      create: { width: 960, height: 720, channels: 3, background: { r: 230, g: 140, b: 40 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="960" height="720"><circle cx="480" cy="360" r="300" fill="#5b8c2a"/></svg>',
          ),
        },
      ])
      .jpeg({ quality: 92 })
      .toBuffer();
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'jar.jpg', mimeType: 'image/jpeg', buffer: photo });
    await form.getByRole('img', { name: 'ছবির প্রিভিউ' }).waitFor();
    await form.getByRole('button', { name: 'সেভ করুন' }).click();
    await admin.getByText('পণ্য যোগ সফল').waitFor({ timeout: 30_000 });

    // The photo is uploaded before the product is saved: whichever trigger runs last marks it.
    await expect.poll(async () => (await storedProduct(name))?.sizedPath, { timeout: 60_000 }).toBeTruthy();
    const stored = (await storedProduct(name))!;
    expect(stored.sizedPath).toBe(stored.path);
    const sizes = productPhotoSizePaths(stored.path!);
    expect(await Promise.all(sizes.map(objectStatus))).toEqual([200, 200, 200]);

    const phone = await shop.newVisitor(360, 1.75);
    await phone.goto(SHOP_URL);
    // Once the page is hydrated (the live list may then redraw the cards).
    await phone.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
    const image = phone.locator('#products article', { hasText: name }).locator('img').first();
    await image.waitFor({ timeout: 30_000 });
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).currentSrc),
      )
      .toMatch(/_(320|640)w\.webp/);
    expect(await image.getAttribute('srcset')).toContain('_960w.webp?alt=media 960w');
    await phone.screenshot({ path: `${RESULTS}/storefront-photo-sizes-360.png` });

    await admin.goto(`${SHOP_URL}/admin?tab=products`);
    const row = admin.getByRole('row', { name });
    await row.getByRole('button', { name: `মুছুন: ${name}` }).click({ timeout: 20_000 });
    await admin.getByRole('alertdialog').getByRole('button', { name: 'হ্যাঁ, মুছে ফেলুন' }).click();
    await admin.getByText('পণ্য মুছে ফেলা হয়েছে').waitFor({ timeout: 10_000 });
    await expect
      .poll(async () => Promise.all([stored.path!, ...sizes].map(objectStatus)), { timeout: 30_000 })
      .toEqual([404, 404, 404, 404]);
  }, 240_000);
});
