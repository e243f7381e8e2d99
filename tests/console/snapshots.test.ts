/**
 * Named snapshots in a real browser beside the running shop: the seed's state is listed as the first snapshot;
 * save one, change a product's price (the shop's open page follows), restore the snapshot from the console, and
 * the same open page shows the old price again without a reload; delete it. Screenshots of the page in both
 * languages.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_URL, ShopBrowser } from '../support/shop-browser';
import { forgetSignedInSessions } from '../support/signed-in-states';
import { DOCS, OWNER, openConsole, patchDocument, screenshotInBothLanguages } from './console-page';

const toBengali = (n: number) => String(n).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]);

let shop: ShopBrowser;
let consolePage: Page;

beforeAll(async () => {
  shop = await ShopBrowser.open();
  consolePage = await openConsole(shop, '/snapshots');
});
afterAll(async () => {
  await shop?.close();
});

describe('snapshots in the console', () => {
  it('lists the seed, saves the state, and a restore brings the old price back on the open shop page', async () => {
    const page = consolePage;
    await page.locator('[data-snapshot="seed"]').waitFor({ timeout: 20_000 });

    // The first product the shop shows, and its price as stored.
    const listed = (await (await fetch(`${DOCS}/products?pageSize=50`, { headers: OWNER })).json()) as {
      documents: {
        name: string;
        fields: { name: { stringValue: string }; price: { integerValue: string } };
      }[];
    };
    const shopper = await shop.newVisitor(1280);
    await shopper.goto(SHOP_URL);
    const firstCard = shopper.locator('#products article').first();
    await firstCard.waitFor({ timeout: 30_000 });
    const shownName = await firstCard.getByRole('heading').innerText();
    const product = listed.documents.find((d) => d.fields.name.stringValue === shownName)!;
    expect(product).toBeDefined();
    const productPath = product.name.split('/documents/')[1]!;
    const oldPrice = Number(product.fields.price.integerValue);
    const card = shopper.locator('#products article').filter({ hasText: shownName }).first();
    const price = card.getByTestId('product-price');
    await expect.poll(() => price.innerText()).toContain(toBengali(oldPrice));

    const name = `e2e-${Date.now()}`;
    await page.getByLabel('স্ন্যাপশটের নাম').fill(name);
    await page.getByRole('button', { name: 'এখনকার অবস্থা সেভ করুন' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `“${name}” সেভ হয়েছে।` })
      .waitFor({ timeout: 20_000 });
    const row = page.locator(`[data-snapshot="${name}"]`);
    await row.waitFor();

    // A session changes the data: the shop follows.
    const newPrice = oldPrice + 111;
    await patchDocument(productPath, { price: { integerValue: String(newPrice) } });
    await expect.poll(() => price.innerText(), { timeout: 15_000 }).toContain(toBengali(newPrice));

    // Restored from the console: the very same page shows the old price, no reload.
    await row.getByRole('button', { name: 'ফিরিয়ে আনুন' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `“${name}” ফিরিয়ে আনা হয়েছে` })
      .waitFor({ timeout: 30_000 });
    // The accounts were restored too: the sessions the suites saved were issued before.
    forgetSignedInSessions();
    await expect.poll(() => price.innerText(), { timeout: 15_000 }).toContain(toBengali(oldPrice));
    const stored = (await (await fetch(`${DOCS}/${productPath}`, { headers: OWNER })).json()) as {
      fields: { price: { integerValue: string } };
    };
    expect(stored.fields.price.integerValue).toBe(String(oldPrice));

    await screenshotInBothLanguages(page, 'snapshots');

    await row.getByRole('button', { name: 'মুছুন' }).click();
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    await page
      .getByRole('status')
      .filter({ hasText: `“${name}” মোছা হয়েছে।` })
      .waitFor();
  });

  it('refuses a name that cannot be a folder, and saves nothing', async () => {
    const page = consolePage;
    const before = await page.locator('[data-snapshot]').count();
    await page.getByLabel('স্ন্যাপশটের নাম').fill('../outside');
    await page.getByRole('button', { name: 'এখনকার অবস্থা সেভ করুন' }).click();
    await page.getByRole('alert').filter({ hasText: 'কিছুই বদলানো হয়নি' }).waitFor({ timeout: 10_000 });
    expect(await page.locator('[data-snapshot]').count()).toBe(before);
  });
});
