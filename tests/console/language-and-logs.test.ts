/**
 * The console in Bengali and English: it follows the browser's language (which language for which browser:
 * emulators/console-app/src/i18n/language.test.ts), the switch changes every text at once and is remembered; the
 * overview's running emulators; and the Logs page's live lines, text search and clear button. Screenshots of the
 * Overview and Logs pages in both languages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopBrowser } from '../support/shop-browser';
import { CONSOLE_URL, config, languageButton, openConsole, screenshotInBothLanguages } from './console-page';

let shop: ShopBrowser;

/** The lines the Logs page holds, from its "<total>টির মধ্যে <shown>টি দেখানো হচ্ছে" (Bengali digits). */
const linesHeld = (count: string) =>
  Number(
    /^([০-৯,]+)টির/
      .exec(count.trim())![1]
      .replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6))
      .replaceAll(',', ''),
  );

beforeAll(async () => {
  shop = await ShopBrowser.open();
});
afterAll(async () => {
  await shop?.close();
});

describe("the console's language", () => {
  it('follows a Bengali browser, switches every text to English and back, and remembers the choice', async () => {
    const page = await openConsole(shop, '/');
    const nav = page.getByRole('navigation');
    await nav.getByRole('link', { name: 'সারসংক্ষেপ', exact: true }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('bn');
    await page.getByRole('button', { name: 'এখনই ডেটা এক্সপোর্ট করুন' }).waitFor();
    // The overview: every emulator running on 127.0.0.1 at its port, and the project.
    const firestore = page.locator('[data-emulator="firestore"]');
    await expect.poll(() => firestore.innerText(), { timeout: 20_000 }).toContain('চলছে');
    expect(await firestore.innerText()).toContain(`127.0.0.1:${config.firestore.port}`);
    await expect.poll(() => page.locator('[data-emulator="auth"]').innerText()).toContain('চলছে');
    expect(await page.getByText(config.projectId).count()).toBeGreaterThan(0);

    await languageButton(page, 'en').click();
    for (const name of ['Overview', 'Requests', 'Users (Auth)', 'Files (Storage)', 'Logs', 'Snapshots'])
      await nav.getByRole('link', { name, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Export the data now' }).waitFor();
    await page.getByRole('heading', { name: 'Emulator console' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.title()).toBe('Emulator console');
    expect(await languageButton(page, 'en').getAttribute('aria-pressed')).toBe('true');
    // No Bengali left on the page but the switch's own name for Bengali.
    const text = await page.locator('body').innerText();
    expect(text.replace('বাংলা', '')).not.toMatch(/[\u0980-\u09FF]/);

    await page.reload();
    await page.getByRole('heading', { name: 'Emulator console' }).waitFor({ timeout: 20_000 });
    await screenshotInBothLanguages(page, 'overview');
    await nav.getByRole('link', { name: 'সারসংক্ষেপ', exact: true }).waitFor();
  });

  it('shows every page in English, with no Bengali text of its own left', async () => {
    const page = await openConsole(shop, '/');
    await languageButton(page, 'en').click();
    const pages: [string, string][] = [
      ['/firestore', 'Firestore'],
      ['/requests', 'Requests'],
      ['/playground', 'Rules playground: "what if this user does this?"'],
      ['/coverage', 'Rule coverage'],
      ['/auth', 'Users (Authentication)'],
      ['/storage', 'Files (Storage)'],
      ['/logs', 'Logs'],
      ['/snapshots', 'Snapshots'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(`${CONSOLE_URL}${path}`);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor({ timeout: 20_000 });
      // Settled: what the page loads (users, collections, the rules file) is in before its text is read.
      await page.locator('main:not([aria-busy])').waitFor({ timeout: 20_000 });
      // The request log's rows and the function logs' lines hold what other suites do meanwhile (document paths
      // such as a product's Bengali slug, arriving live even right after "Clear"): data, not the console's own
      // text. The page's text is read without them.
      const text = await page.locator('main').evaluate((main) => {
        const ownText = main.cloneNode(true) as HTMLElement;
        ownText
          .querySelectorAll('[data-testid=requests] tbody, [data-testid=logs]')
          .forEach((data) => data.remove());
        return (ownText.textContent ?? '').trim();
      });
      expect(text.length, path).toBeGreaterThan(0);
      expect(text, path).not.toMatch(/[\u0980-\u09FF]/);
    }
    await page.goto(`${CONSOLE_URL}/playground`);
    await page.getByRole('heading', { name: 'Rules playground: "what if this user does this?"' }).waitFor();
    await screenshotInBothLanguages(page, 'playground');
    await page.goto(`${CONSOLE_URL}/coverage`);
    await page.getByRole('heading', { name: 'রুল কভারেজ', exact: true }).waitFor({ timeout: 20_000 });
    await screenshotInBothLanguages(page, 'coverage');
  });
});

describe('the Logs page', () => {
  it("shows the functions' lines live, finds lines by text, and clears them", async () => {
    const page = await openConsole(shop, '/logs');
    await page.getByText('লাইভ', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByLabel('ফাংশন').selectOption('*');
    await page.locator('[data-function]').first().waitFor({ timeout: 20_000 });
    const lines = page.getByTestId('logs').locator('> div');
    await expect.poll(() => lines.count(), { timeout: 20_000 }).toBeGreaterThan(1);
    const all = await lines.allInnerTexts();
    // A word from one of the lines, that not every line holds.
    const word = all
      .flatMap((line) => line.split(/\s+/))
      .find(
        (w) => /^[A-Za-z]{5,}$/.test(w) && all.some((line) => !line.toLowerCase().includes(w.toLowerCase())),
      )!;
    expect(word).toBeDefined();

    await page.getByLabel('লগে খুঁজুন').fill(word);
    // Every line shown holds the word (before, some did not). The page shows at most its newest 500 lines, so
    // with a long history the count alone may not drop.
    await expect
      .poll(async () => {
        const shown = await lines.allInnerTexts();
        return shown.length > 0 && shown.every((line) => line.toLowerCase().includes(word.toLowerCase()));
      })
      .toBe(true);
    await screenshotInBothLanguages(page, 'logs');

    await page.getByLabel('লগে খুঁজুন').fill('no-line-says-this-4711');
    await page.getByText('এখনো কোনো লগ নেই।').waitFor();
    await page.getByLabel('লগে খুঁজুন').fill('');
    await expect.poll(() => lines.count()).toBeGreaterThan(1);

    const beforeClear = new Set(await lines.allInnerTexts());
    await page.getByRole('button', { name: 'লগ পরিষ্কার করুন' }).click();
    await page.getByText('এখনো কোনো লগ নেই।').waitFor();
    // Still cleared after a reload: the logging emulator sends its history again, and it stays hidden. Lines
    // logged since the clear (the shop's functions keep working meanwhile) are new, and shown. The history comes
    // whole as the socket opens, then each line as it is logged: a line logged once the page is connected
    // ("লাইভ") comes after all of it, and once the page holds every line it was sent up to that one (those
    // after the clear), it has had the whole history to hide or show.
    let sent: number[] = [];
    page.on('websocket', (socket) => {
      if (!socket.url().includes(`:${config.logging.port}`)) return;
      const timestamps: number[] = [];
      sent = timestamps;
      socket.on('framereceived', ({ payload }) =>
        timestamps.push((JSON.parse(String(payload)) as { timestamp: number }).timestamp),
      );
    });
    await page.reload();
    await page.getByText('লাইভ', { exact: true }).waitFor({ timeout: 20_000 });
    const connectedAt = Date.now();
    // A refused call (no account) makes the Functions emulator log a line.
    await fetch(
      `http://${config.functions.host}:${config.functions.port}/${config.projectId}/us-central1/placeOrder`,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"data":{}}' },
    );
    await expect
      .poll(() => sent.some((timestamp) => timestamp >= connectedAt), { timeout: 30_000, interval: 100 })
      .toBe(true);
    const clearedAt = Number(
      await page.evaluate(() => sessionStorage.getItem('emulator-console-logs-cleared-at')),
    );
    const upToLive = sent.slice(0, sent.findIndex((timestamp) => timestamp >= connectedAt) + 1);
    const sinceClear = upToLive.filter((timestamp) => timestamp > clearedAt).length;
    await expect
      .poll(
        () =>
          page
            .getByText(/টির মধ্যে .*টি দেখানো হচ্ছে/)
            .innerText()
            .then(linesHeld),
        { interval: 100 },
      )
      .toBeGreaterThanOrEqual(Math.min(sinceClear, 2000));
    const shownAgain = (await lines.allInnerTexts()).filter((line) => beforeClear.has(line));
    expect(shownAgain).toEqual([]);
  });
});
