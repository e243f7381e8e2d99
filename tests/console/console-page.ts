/**
 * What the console's browser suites share: where the console is, opening it as a fresh visitor (Bengali, as the
 * shop's browser is set up), the owner's REST access to Firestore, and screenshots of a page in both languages
 * for docs/screenshots/console/.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { readProjectConfig } from '../../emulators/src/config.js';
import { screenshotPage, type ShopBrowser } from '../support/shop-browser';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const config = readProjectConfig(root);
export const CONSOLE_URL = `http://${config.ui.host}:${config.ui.port}`;
export const DOCS = `http://${config.firestore.host}:${config.firestore.port}/v1/projects/${config.projectId}/databases/(default)/documents`;
export const OWNER = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
const SCREENSHOTS = `${root}/docs/screenshots/console`;

/** A new visitor on the console at `path`, 1280 px wide, confirming every dialog it is asked. */
export async function openConsole(shop: ShopBrowser, path: string): Promise<Page> {
  const page = await shop.newVisitor(1280);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(`${CONSOLE_URL}${path}`);
  await page.getByRole('heading', { name: 'এমুলেটর কনসোল' }).waitFor({ timeout: 20_000 });
  return page;
}

/** The language switch's button for `language`, whichever language the page shows. */
export const languageButton = (page: Page, language: 'bn' | 'en') =>
  page
    .getByRole('group', { name: /^(ভাষা|Language)$/ })
    .getByRole('button', { name: language === 'bn' ? 'বাংলা' : 'English' });

/** docs/screenshots/console/<name>-en.png and -bn.png of the page as it is; it is left in Bengali. */
export async function screenshotInBothLanguages(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const language of ['en', 'bn'] as const) {
    await languageButton(page, language).click();
    await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
    await page.evaluate(() => document.fonts.ready);
    await screenshotPage(page, `${SCREENSHOTS}/${name}-${language}.png`);
  }
}

/** Sets fields of a document as the admin SDK would (the shop's pages see it live). */
export async function patchDocument(path: string, fields: Record<string, unknown>): Promise<void> {
  const mask = Object.keys(fields)
    .map((f) => `updateMask.fieldPaths=${encodeURIComponent(f)}`)
    .join('&');
  const response = await fetch(`${DOCS}/${path}?${mask}`, {
    method: 'PATCH',
    headers: OWNER,
    body: JSON.stringify({ fields }),
  });
  if (!response.ok) throw new Error(`PATCH ${path}: ${response.status} ${await response.text()}`);
}
