/**
 * What the browser end-to-end suites share: where the shop is, a headless Chromium with one context per
 * visitor, and signing in the way a shopper does.
 *
 * SHOP_URL overrides the address (default: firebase.json's hosting emulator, http://127.0.0.1:5000).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readProjectConfig } from '../../emulators/src/config.js';
import { launchChromium } from '../../emulators/src/testing/browser.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { hosting } = readProjectConfig(root);

export const SHOP_URL = process.env.SHOP_URL ?? `http://${hosting.host}:${hosting.port}`;
export const RESULTS = `${root}/test-results`;

export interface Account {
  email: string;
  password: string;
}

/** Fails with a sentence, not a browser timeout, when nothing serves the shop. */
export async function requireShop(): Promise<void> {
  const reachable = await fetch(SHOP_URL).then(
    (response) => response.ok,
    () => false,
  );
  if (!reachable) {
    throw new Error(
      `No shop answers at ${SHOP_URL}. Start it with \`npm start\` (or free the ports of firebase.json so the ` +
        'test setup starts one), or point SHOP_URL at a running shop.',
    );
  }
}

export class ShopBrowser {
  private readonly contexts: BrowserContext[] = [];

  private constructor(private readonly browser: Browser) {}

  static async open(): Promise<ShopBrowser> {
    await requireShop();
    mkdirSync(RESULTS, { recursive: true });
    return new ShopBrowser(await launchChromium());
  }

  /** A fresh visitor (own cookies and storage) on a screen `width` pixels wide. */
  async newVisitor(width = 1280): Promise<Page> {
    const context = await this.browser.newContext({ viewport: { width, height: 900 }, locale: 'bn-BD' });
    this.contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
    return page;
  }

  async close(): Promise<void> {
    for (const context of this.contexts) await context.close();
    await this.browser.close();
  }
}

/** Signs in through /auth and waits for the success toast and the way back home. */
export async function signIn(page: Page, { email, password }: Account): Promise<void> {
  await page.goto(`${SHOP_URL}/auth`);
  const form = page.getByRole('form', { name: 'লগইন করুন' });
  await form.getByLabel('ই-মেইল').fill(email);
  await form.getByLabel('পাসওয়ার্ড').fill(password);
  await form.getByRole('button', { name: 'লগইন করুন' }).click();
  await page.getByText('লগইন সফল!').first().waitFor({ timeout: 20_000 });
  await page.waitForURL(`${SHOP_URL}/`, { timeout: 20_000 });
  await page.getByRole('button', { name: 'লগআউট' }).first().waitFor();
}

/** An e-mail no account has yet, so a test's orders never count against another run's open-order limit. */
export const uniqueEmail = (who: string) =>
  `e2e-${who}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@achar.test`;

/** Opens a new account through /auth's sign-up tab and waits until the shopper is signed in at home. */
export async function signUp(page: Page, email: string, password = 'achar-e2e-123'): Promise<Account> {
  await page.goto(`${SHOP_URL}/auth`);
  await page.getByRole('tab', { name: 'সাইন আপ' }).click();
  const form = page.getByRole('form', { name: 'অ্যাকাউন্ট খুলুন' });
  await form.getByLabel('ই-মেইল').fill(email);
  await form.getByLabel('পাসওয়ার্ড').fill(password);
  await form.getByRole('button', { name: 'অ্যাকাউন্ট খুলুন' }).click();
  await page.getByText('সাইন আপ সফল!').first().waitFor({ timeout: 20_000 });
  await page.waitForURL(`${SHOP_URL}/`, { timeout: 20_000 });
  await page.getByRole('button', { name: 'লগআউট' }).first().waitFor();
  return { email, password };
}
