/**
 * What the browser end-to-end suites share: where the shop is, a headless Chromium with one context per
 * visitor, and signing in the way a shopper does. Every page runs under the shop's Content-Security-Policy
 * (firebase.json's headers, served by the Hosting emulator): any violation a page reports, as an event in the
 * page or a message in its console (its workers' too), fails the test that was running.
 *
 * SHOP_URL overrides the address (default: firebase.json's hosting emulator, http://127.0.0.1:5000).
 */
import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { readProjectConfig } from '../../emulators/src/config.js';
import { FieldValue, type Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { adminFirestore } from '../../emulators/src/testing/admin.js';
import { launchChromium } from '../../emulators/src/testing/browser.js';
import { afterEach, expect } from 'vitest';
import { SIGNED_IN_STATES, signedInStateFile } from './signed-in-states';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { hosting, firestore, auth, projectId } = readProjectConfig(root);

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

/** What a page calls on each `securitypolicyviolation` (the init script below). */
const VIOLATION_BINDING = '__acharCspViolation';

/** Chromium's console line for a blocked load or inline script/style/eval. */
const CSP_CONSOLE = /Content Security Policy|Content-Security-Policy/i;

/** The browsers open in this test file: their violations are checked after each test. */
const openBrowsers = new Set<ShopBrowser>();

afterEach(() => {
  const violations = [...openBrowsers].flatMap((browser) => browser.takeCspViolations());
  if (violations.length > 0)
    throw new Error(`The Content-Security-Policy was violated:\n  - ${violations.join('\n  - ')}`);
});

export class ShopBrowser {
  private readonly contexts: BrowserContext[] = [];
  private violations: string[] = [];

  private constructor(private readonly browser: Browser) {}

  static async open(): Promise<ShopBrowser> {
    await requireShop();
    mkdirSync(RESULTS, { recursive: true });
    const browser = new ShopBrowser(await launchChromium());
    openBrowsers.add(browser);
    return browser;
  }

  /** The CSP violations reported since the last call (afterEach fails the test on any). */
  takeCspViolations(): string[] {
    const taken = this.violations;
    this.violations = [];
    return taken;
  }

  private async watchCsp(context: BrowserContext): Promise<void> {
    await context.exposeBinding(VIOLATION_BINDING, (_source, text: string) => this.violations.push(text));
    await context.addInitScript((binding) => {
      document.addEventListener(
        'securitypolicyviolation',
        (event) => {
          const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
          const report = (window as unknown as Record<string, (text: string) => void>)[binding];
          void report(
            `${event.effectiveDirective} blocked ${event.blockedURI || 'an inline one'} on ` +
              `${event.documentURI}${where}${event.sample ? ` (${event.sample})` : ''}`,
          );
        },
        true,
      );
    }, VIOLATION_BINDING);
  }

  private watchConsole(page: Page): void {
    page.on('console', (message) => {
      if (CSP_CONSOLE.test(message.text())) this.violations.push(`console: ${message.text()}`);
    });
    page.on('worker', (worker) => {
      worker.on('console', (message) => {
        if (CSP_CONSOLE.test(message.text()))
          this.violations.push(`worker ${worker.url()} console: ${message.text()}`);
      });
    });
  }

  /**
   * A fresh visitor (own cookies and storage) on a screen `width` pixels wide, with `deviceScaleFactor` device
   * pixels per CSS pixel (e.g. 1.75, Lighthouse's phone), which decides what a srcset serves.
   */
  async newVisitor(width = 1280, deviceScaleFactor = 1, storageState?: string): Promise<Page> {
    const context = await this.browser.newContext({
      viewport: { width, height: 900 },
      deviceScaleFactor,
      storageState,
      locale: 'bn-BD',
      // No animation to wait for or to paint frame after frame (the app honours it: src/app/theme-config.ts).
      reducedMotion: 'reduce',
    });
    this.contexts.push(context);
    await this.watchCsp(context);
    context.on('page', (page) => this.watchConsole(page));
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
    return page;
  }

  /**
   * A visitor already signed in as `account` (on a blank page: go where the test goes). The account signs in
   * through /auth the first time in a run; every later visitor, in any suite, starts from that saved session.
   */
  async signedInVisitor(account: Account, width = 1280): Promise<Page> {
    const file = signedInStateFile(account.email);
    if (!existsSync(file)) {
      const page = await this.newVisitor(width);
      await signIn(page, account);
      const state = await page.context().storageState({ indexedDB: true });
      await page.context().close();
      // Written whole, then renamed: a suite reading it meanwhile sees no file or all of it.
      mkdirSync(SIGNED_IN_STATES, { recursive: true });
      writeFileSync(`${file}.${process.pid}`, JSON.stringify(state));
      renameSync(`${file}.${process.pid}`, file);
    }
    return this.newVisitor(width, 1, file);
  }

  async close(): Promise<void> {
    openBrowsers.delete(this);
    for (const context of this.contexts) await context.close();
    await this.browser.close();
    const violations = this.takeCspViolations();
    if (violations.length > 0)
      throw new Error(`The Content-Security-Policy was violated:\n  - ${violations.join('\n  - ')}`);
  }
}

/** The tallest a page's screenshot is: three screens. */
const SCREENSHOT_SCREENS = 3;

/**
 * A screenshot of the page from its top, as tall as the page but at most three screens: what a reader of the
 * screenshot looks at. Below that, a dashboard of hundreds of orders or the console's log is painted and
 * encoded for nobody (a 1280 × 27,600 px page took 5.5 s to take, 160 ms a screen).
 */
export async function screenshotPage(page: Page, path: string): Promise<void> {
  const { width, height } = page.viewportSize() ?? { width: 1280, height: 900 };
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({
    path,
    fullPage: true,
    clip: { x: 0, y: 0, width, height: Math.min(pageHeight, SCREENSHOT_SCREENS * height) },
  });
}

/**
 * How far the page scrolls sideways (0 when it does not), and when it does, the outermost elements that stick
 * out past the viewport's right edge (tag, test id, label or class, width, and the start of their text), so a
 * failure names what to fix.
 */
async function sidewaysOverflow(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(() => {
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow <= 0) return { overflow, culprits: [] };
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > window.innerWidth + 0.5;
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((element) => sticksOut(element) && !(element.parentElement && sticksOut(element.parentElement)))
      .slice(0, 5)
      .map((element) => {
        const rect = element.getBoundingClientRect();
        const name =
          element.getAttribute('data-testid') ??
          element.getAttribute('aria-label') ??
          element.getAttribute('class')?.slice(0, 60);
        const text = (element.textContent ?? '').trim().slice(0, 40);
        return `<${element.tagName.toLowerCase()}> ${name ?? ''} left ${Math.round(rect.left)} width ${Math.round(rect.width)} "${text}"`;
      });
    return { overflow, culprits };
  });
}

/** Fails, naming what sticks out, if `page` scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { overflow, culprits } = await sidewaysOverflow(page);
  expect(overflow, `${what} scrolls sideways: ${culprits.join('; ')}`).toBeLessThanOrEqual(0);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on `page` as it is now (its default rules, WCAG 2.x A/AA and best practices, plus the accessible
 * name that must contain a control's visible text) and fails with every violation: rule, impact and where.
 * Evaluated through the DevTools protocol, so the shop's Content-Security-Policy stays as strict as ever.
 * Left out: what is hidden (a tab panel not shown, kept mounted: checked when its tab is shown), and `repeats`,
 * the selector of a long list's later rows, drawn by the same component as its first ones (axe took 8–13 s over
 * the console's live request log and function logs, 2 s over the orders tab behind each later tab).
 */
export async function expectNoAxeViolations(
  page: Page,
  screen: string,
  { repeats }: { repeats?: string } = {},
): Promise<void> {
  // A fade or a transition still running would be measured half-way (colour contrast): let them end first.
  await page.evaluate(() =>
    // An animation cancelled meanwhile (a toast closed) rejects its promise: it has ended all the same.
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const exclude = ['[hidden]', ...(repeats ? [repeats] : [])].map((selector) => [selector]);
  const violations = await page.evaluate(async (exclude) => {
    const { axe } = window as unknown as {
      axe: {
        run(
          context: { exclude: string[][] },
          options: object,
        ): Promise<{
          violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
        }>;
      };
    };
    const result = await axe.run(
      { exclude },
      { rules: { 'label-content-name-mismatch': { enabled: true } } },
    );
    return result.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  }, exclude);
  const width = page.viewportSize()?.width;
  if (violations.length > 0) {
    throw new Error(`axe-core on ${screen} at ${width} px:\n  - ${violations.join('\n  - ')}`);
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
  const form = page.getByRole('form', { name: 'সাইন আপ করুন' });
  await form.getByLabel('ই-মেইল').fill(email);
  await form.getByLabel('পাসওয়ার্ড').fill(password);
  await form.getByRole('button', { name: 'সাইন আপ করুন' }).click();
  await page.getByText('সাইন আপ সফল!').first().waitFor({ timeout: 20_000 });
  await page.waitForURL(`${SHOP_URL}/`, { timeout: 20_000 });
  await page.getByRole('button', { name: 'লগআউট' }).first().waitFor();
  return { email, password };
}

/** Who is signed in on `page`, with the ID token the page's Firebase Auth holds (from its IndexedDB). */
export async function signedInUser(page: Page): Promise<{ uid: string; idToken: string }> {
  return page.evaluate(
    () =>
      new Promise<{ uid: string; idToken: string }>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(open.error ?? new Error('IndexedDB did not open'));
        open.onsuccess = () => {
          const read = open.result
            .transaction('firebaseLocalStorage', 'readonly')
            .objectStore('firebaseLocalStorage')
            .getAll();
          read.onerror = () => reject(read.error ?? new Error('IndexedDB read failed'));
          read.onsuccess = () => {
            const users = (
              read.result as { value?: { uid?: string; stsTokenManager?: { accessToken?: string } } }[]
            )
              .map((entry) => entry.value)
              .filter((value) => value?.uid && value.stsTokenManager?.accessToken);
            if (users.length !== 1) reject(new Error(`expected one signed-in user, found ${users.length}`));
            else resolve({ uid: users[0]!.uid!, idToken: users[0]!.stsTokenManager!.accessToken! });
          };
        };
      }),
  );
}

export interface FirestoreAnswer {
  status: number;
  body: unknown;
}

/**
 * A Firestore REST call made from inside `page` (its origin, its signed-in user's ID token), as a shopper who
 * opened the browser's console could make it: the security rules, not the app's own queries, must refuse it.
 * `path` is below …/databases/(default)/documents, e.g. "orders/abc" or ":runQuery".
 */
export async function firestoreFromPage(
  page: Page,
  idToken: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<FirestoreAnswer> {
  const url =
    `http://${firestore.host}:${firestore.port}/v1/projects/${projectId}/databases/(default)/documents` +
    (path.startsWith(':') ? path : `/${path}`);
  return page.evaluate(
    async ({ url, method, idToken, body }) => {
      const response = await fetch(url, {
        method,
        headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as unknown };
    },
    { url, method, idToken, body },
  );
}

/** A runQuery body for the orders of one customer (or, without `uid`, every order). */
export const ordersQuery = (uid?: string) => ({
  structuredQuery: {
    from: [{ collectionId: 'orders' }],
    ...(uid && {
      where: { fieldFilter: { field: { fieldPath: 'user_id' }, op: 'EQUAL', value: { stringValue: uid } } },
    }),
  },
});

/** firebase-admin on the shop's Firestore: how a test arranges data that no shopper could write. */
export function shopAdminFirestore(): AdminFirestore {
  return adminFirestore(projectId, firestore.port);
}

const phonesGiven = new Set<string>();
/**
 * A mobile number no other order of this run has used: order-guard.ts limits orders per number (one a minute,
 * five a day), so suites that are not about those limits order each time for a number of its own. Random, so
 * that two suites running side by side (two processes) do not make the same one in the same millisecond.
 */
export function uniquePhone(): string {
  let phone: string;
  do phone = `019${String(randomInt(100_000_000)).padStart(8, '0')}`;
  while (phonesGiven.has(phone));
  phonesGiven.add(phone);
  return phone;
}

/**
 * A product of the calling suite's own, with `stock` jars, written as the seller's save writes one and shown
 * first in the shop window (the newest is). A suite that counts jars orders this one: nothing else in the
 * shared shop (another suite, the unpaid-order scheduler returning jars) changes its stock meanwhile. Its
 * picture is a seeded product's. Returns its id.
 */
export async function addOwnProduct(name: string, stock: number): Promise<string> {
  const db = shopAdminFirestore();
  const pictured = (await db.collection('products').where('image_path', '!=', null).limit(1).get()).docs[0];
  const { id } = await db.collection('products').add({
    name,
    description: 'পরীক্ষার জন্য',
    price: 250,
    original_price: null,
    category: null,
    stock_quantity: stock,
    is_active: true,
    image_url: pictured?.get('image_url') ?? null,
    image_path: pictured?.get('image_path') ?? null,
    slug: null,
    created_at: FieldValue.serverTimestamp(),
    updated_at: FieldValue.serverTimestamp(),
  });
  return id;
}

/** The shop window's card of the product named `name` (a suite's own: addOwnProduct). */
export const productCardOf = (page: Page, name: string) =>
  page.locator('#products article').filter({ hasText: name });

/** The dashboard's order cards. */
export const orderCards = (page: Page) => page.locator('article[aria-label^="অর্ডার #"]');

/** Goes to the dashboard's tab named `label` as the seller does, with a tap, and waits until it is selected. */
export async function selectTab(page: Page, label: string): Promise<void> {
  await page.getByRole('tab', { name: label }).click();
  await page.getByRole('tab', { name: label, selected: true }).waitFor();
}

/** The code the Auth emulator made for this number (it sends none by SMS), from its REST list. */
export async function phoneCodeFor(phone: string): Promise<string> {
  const e164 = `+88${phone}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const response = await fetch(
      `http://${auth.host}:${auth.port}/emulator/v1/projects/${projectId}/verificationCodes`,
    );
    const body = (await response.json()) as { verificationCodes?: { phoneNumber: string; code: string }[] };
    const found = (body.verificationCodes ?? []).filter((entry) => entry.phoneNumber === e164).pop();
    if (found) return found.code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The Auth emulator made no code for ${e164}`);
}

/**
 * After a cash order's confirm: when the dialog asks for the phone code (a first cash order of the account),
 * sends it, reads it from the Auth emulator and confirms it, as a shopper reading the SMS would. Returns
 * whether it was asked.
 */
export async function passPhoneCode(dialog: Locator, phone: string): Promise<boolean> {
  const step = dialog.getByTestId('phone-verification');
  const asked = await Promise.race([
    step.waitFor({ timeout: 60_000 }).then(() => true),
    dialog.waitFor({ state: 'hidden', timeout: 60_000 }).then(() => false),
  ]);
  if (!asked) return false;
  await step.getByRole('button', { name: 'কোড পাঠান' }).click();
  const code = await phoneCodeFor(phone);
  await step.getByRole('textbox').fill(code);
  await step.getByRole('button', { name: 'কোড যাচাই করে অর্ডার দিন' }).click();
  return true;
}
