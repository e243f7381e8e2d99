/**
 * The Schedules page in a real browser beside the running shop: the shop's scheduled function is listed with
 * its schedule, time zone and next run; "run now" runs it in firebase-tools' Functions emulator and the row shows
 * the run's outcome. Screenshots of the page in both languages.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopBrowser } from '../support/shop-browser';
import { openConsole, screenshotInBothLanguages } from './console-page';

let shop: ShopBrowser;
let page: Page;

beforeAll(async () => {
  shop = await ShopBrowser.open();
  page = await openConsole(shop, '/schedules');
});
afterAll(async () => {
  await shop?.close();
});

describe('the Schedules page of the console', () => {
  it('lists expireUnpaidOrders with its schedule and next run, and runs it now', async () => {
    await page.getByRole('link', { name: 'নির্ধারিত কাজ' }).waitFor();
    const row = page.locator('[data-job="expireUnpaidOrders"]');
    await row.waitFor({ timeout: 20_000 });
    await expect.poll(() => row.innerText()).toContain('every 15 minutes');
    expect(await row.innerText()).toContain('Asia/Dhaka');

    await row.getByRole('button', { name: 'এখনই চালান' }).click();
    // The first run starts the function's worker: seconds on a busy machine.
    await page
      .getByRole('status')
      .filter({ hasText: '"expireUnpaidOrders" চালানো শেষ হয়েছে।' })
      .waitFor({ timeout: 120_000 });
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('সফল');
    expect(await row.innerText()).toContain('হাতে চালানো');

    await screenshotInBothLanguages(page, 'schedules');
  }, 180_000);
});
