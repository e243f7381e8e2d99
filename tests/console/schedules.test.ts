/**
 * The Schedules page in a real browser beside the running shop: the shop's scheduled function is listed with
 * its schedule, time zone and next run; "run now" runs it in firebase-tools' Functions emulator and the row shows
 * the run's outcome. Screenshots of the page in both languages.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduledJob } from '../../emulators/src/console-server/extensions';
import { ShopBrowser } from '../support/shop-browser';
import { CONSOLE_URL, openConsole, screenshotInBothLanguages } from './console-page';

let shop: ShopBrowser;
let page: Page;

beforeAll(async () => {
  shop = await ShopBrowser.open();
  page = await openConsole(shop, '/schedules');
});
afterAll(async () => {
  await shop?.close();
});

/**
 * The suites' shop keeps its schedules out of the way (tests/support/global-setup.ts), but a developer's
 * `npm start` runs the job every 15 minutes by itself: a scheduled run finishing beside "run now" would be the
 * row's last run instead of the manual one. Waits for a scheduled run that is under way or due within 90 s to
 * have run (the next one is then 15 minutes away); in the suites' shop, none.
 */
async function clearOfTheScheduledRun(name: string): Promise<void> {
  for (;;) {
    const { jobs } = (await (await fetch(`${CONSOLE_URL}/api/scheduled-jobs`)).json()) as {
      jobs: ScheduledJob[];
    };
    const job = jobs.find((j) => j.name === name);
    if (!job) throw new Error(`the console lists no job ${name}`);
    const dueIn = job.nextRunAt ? Date.parse(job.nextRunAt) - Date.now() : Infinity;
    if (job.running === 0 && dueIn > 90_000) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the Schedules page of the console', () => {
  it('lists expireUnpaidOrders with its schedule and next run, and runs it now', async () => {
    await page.getByRole('link', { name: 'নির্ধারিত কাজ' }).waitFor();
    const row = page.locator('[data-job="expireUnpaidOrders"]');
    await row.waitFor({ timeout: 20_000 });
    // As declared (the suites' shop runs it on a longer schedule, and the row says so).
    await expect.poll(() => row.innerText()).toContain('every 15 minutes');
    expect(await row.innerText()).toContain('Asia/Dhaka');

    await clearOfTheScheduledRun('expireUnpaidOrders');
    await row.getByRole('button', { name: 'এখনই চালান' }).click();
    // The first run starts the function's worker: seconds on a busy machine.
    await page
      .getByRole('status')
      .filter({ hasText: '“expireUnpaidOrders” চালানো শেষ হয়েছে।' })
      .waitFor({ timeout: 120_000 });
    // The row may still show the last scheduled run's outcome for a moment: wait for the manual run's.
    await expect.poll(() => row.innerText(), { timeout: 10_000 }).toContain('হাতে চালানো');
    expect(await row.innerText()).toContain('সফল');

    await screenshotInBothLanguages(page, 'schedules');
  }, 360_000); // in a developer's shop, up to 90 s waiting out a scheduled run; the first run starts a worker
});
