/**
 * A product's whole life with its photo, end to end: the seller creates a product with a photo (the upload's
 * progress shown as it moves, the photo re-encoded to WebP in the browser), the resizeProductPhoto trigger (run
 * by the Functions emulator on the offline Storage emulator's event) stores its 320, 640 and 960 px WebP sizes
 * and marks the product, the storefront's card on Lighthouse's phone (360 px, 1.75 device pixels per CSS pixel)
 * loads a phone size, hiding the product takes it out of the open shop, and deleting it deletes every size.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProjectConfig } from '../../emulators/src/config.js';
import { productPhotoSizePaths } from '../../src/features/ordering/model/product-photo-sizes';
import { RESULTS, SHOP_URL, ShopBrowser } from '../support/shop-browser';

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

describe("a product's life with its photo", () => {
  it('creates a product with a photo in phone sizes, shows it, hides it and deletes it with every size', async () => {
    const admin = await shop.signedInVisitor(ADMIN, 1280);
    await admin.goto(`${SHOP_URL}/admin?tab=products`);
    const name = `ই-টু-ই মাপের আচার ${Date.now()}`;
    await admin.getByRole('button', { name: 'নতুন পণ্য' }).click({ timeout: 20_000 });
    const form = admin.getByRole('dialog');
    await form.getByLabel(/^পণ্যের নাম/).fill(name);
    await form.getByLabel(/^দাম \(৳\)/).fill('149.50');
    await form.getByLabel('আগের দাম (৳)').fill('180');
    await form.getByLabel('ক্যাটাগরি').fill('ঝাল');
    await form.getByLabel(/^স্টক পরিমাণ/).fill('9');
    // Noise does not compress: ~2.4 MB, and its WebP still enough chunks for the progress bar to move.
    const { width, height } = { width: 960, height: 720 };
    const noise = Buffer.from(
      Array.from({ length: width * height * 3 }, () => Math.floor(Math.random() * 256)),
    );
    const photo = await sharp(noise, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'কাঁচা মরিচ.png', mimeType: 'image/png', buffer: photo });
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
    await form.getByText(/ছবি আপলোড হচ্ছে… [১-৯][০-৯]*%/).waitFor({ timeout: 10_000 });
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

    // The photo is uploaded before the product is saved: whichever trigger runs last marks it.
    await expect.poll(async () => (await storedProduct(name))?.sizedPath, { timeout: 60_000 }).toBeTruthy();
    const stored = (await storedProduct(name))!;
    expect(stored.sizedPath).toBe(stored.path);
    // Re-encoded at display size in the browser before upload: WebP, smaller than the PNG chosen.
    expect(stored.path).toMatch(/^product-images\/[a-z0-9]+-\d+\.webp$/);
    const upload = await fetch(`${OBJECTS}/${encodeURIComponent(stored.path!)}?alt=media`, {
      headers: OWNER,
    });
    expect(upload.headers.get('content-type')).toBe('image/webp');
    expect((await upload.arrayBuffer()).byteLength).toBeLessThan(photo.length);
    const sizes = productPhotoSizePaths(stored.path!);
    expect(await Promise.all(sizes.map(objectStatus))).toEqual([200, 200, 200]);

    const phone = await shop.newVisitor(360, 1.75);
    await phone.goto(SHOP_URL);
    // Once the page is hydrated (the live list may then redraw the cards).
    await phone.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
    const card = phone.locator('#products article', { hasText: name });
    const image = card.locator('img').first();
    await image.waitFor({ timeout: 30_000 });
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).currentSrc),
      )
      .toMatch(/_(320|640)w\.webp/);
    expect(await image.getAttribute('srcset')).toContain('_960w.webp?alt=media 960w');
    await phone.screenshot({ path: `${RESULTS}/storefront-photo-sizes-360.png` });

    // Hidden, it leaves the open shop live; deleted, every size of its photo goes with it.
    await row.getByRole('checkbox').click({ force: true });
    await admin.getByText('পণ্যটি নিষ্ক্রিয় করা হয়েছে').waitFor({ timeout: 10_000 });
    await card.waitFor({ state: 'detached', timeout: 10_000 });
    await row.getByRole('button', { name: `মুছুন: ${name}` }).click({ timeout: 20_000 });
    const confirm = admin.getByRole('alertdialog');
    expect(await confirm.innerText()).toContain('আপনি কি নিশ্চিত যে এই পণ্যটি মুছে ফেলতে চান?');
    await admin.screenshot({ path: `${RESULTS}/admin-product-delete-confirm-1280.png` });
    await confirm.getByRole('button', { name: 'হ্যাঁ, মুছে ফেলুন' }).click();
    await admin.getByText('পণ্য মুছে ফেলা হয়েছে').waitFor({ timeout: 10_000 });
    await row.waitFor({ state: 'detached' });
    await expect
      .poll(async () => Promise.all([stored.path!, ...sizes].map(objectStatus)), { timeout: 30_000 })
      .toEqual([404, 404, 404, 404]);
  }, 240_000);
});
