/**
 * The emulator console's rules pages in a real browser, beside the shop that tests/support/global-setup.ts starts:
 * the rules playground answers with the shop's real rules (a customer's own order and another's, an admin's
 * product update, a customer's product create) and writes nothing; the coverage page counts exactly a scripted
 * sequence of requests (Firestore and Storage); a request's payload and `resource.data` show in the request view,
 * and "replay as another user" asks the playground again. Screenshots at 1280 px in docs/screenshots/console/.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProjectConfig } from '../../emulators/src/config.js';
import { mockIdToken } from '../../emulators/src/testing/id-token.js';
import { DEMO_ACCOUNTS } from '../../scripts/seed/demo-accounts';
import { repoRules } from '../support/repo-rules';
import { ShopBrowser, screenshotPage } from '../support/shop-browser';

const root = fileURLToPath(new URL('../..', import.meta.url));
const config = readProjectConfig(root);
const CONSOLE_URL = `http://${config.ui.host}:${config.ui.port}`;
const DOCS = `http://${config.firestore.host}:${config.firestore.port}/v1/projects/${config.projectId}/databases/(default)/documents`;
const BUCKET = `${config.projectId}.appspot.com`;
const OBJECTS = `http://${config.storage.host}:${config.storage.port}/v0/b/${BUCKET}/o`;
const AUTH = `http://${config.auth.host}:${config.auth.port}/identitytoolkit.googleapis.com/v1/projects/${config.projectId}`;
const SCREENSHOTS = `${root}/docs/screenshots/console`;
const OWNER = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
const firestoreRules = repoRules('firestore.rules');
const storageRules = repoRules('storage.rules');
const toBengali = (n: number) => String(n).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]);

const ORDER = 'orders/rules-e2e-order';
const PRODUCT = 'products/rules-e2e-product';
const IMAGE = 'product-images/rules-e2e.png';
const ORDER_READ = firestoreRules.lineOf('allow read: if (signedIn()', 'match /orders/');
const PRODUCT_CREATE = firestoreRules.lineOf('allow create: if isAdmin()', 'match /products/');
const PRODUCT_UPDATE = firestoreRules.lineOf('allow update: if isAdmin()', 'match /products/');
const IMAGE_WRITE = storageRules.lineOf('allow create: if isAdmin()');

let shop: ShopBrowser;
let customerUid: string;
let adminUid: string;
const productFields = {
  name: { stringValue: 'রুলস পরীক্ষার আচার' },
  price: { integerValue: '250' },
  stock_quantity: { integerValue: '0' },
  is_active: { booleanValue: false },
};

async function uidOf(email: string): Promise<string> {
  const response = await fetch(`${AUTH}/accounts:lookup`, {
    method: 'POST',
    headers: OWNER,
    body: JSON.stringify({ email: [email] }),
  });
  const body = (await response.json()) as { users?: { localId: string }[] };
  const uid = body.users?.[0]?.localId;
  if (!uid) throw new Error(`No Auth user ${email}: is the demo data seeded?`);
  return uid;
}

async function putDocument(path: string, fields: object): Promise<void> {
  const response = await fetch(`${DOCS}/${path}`, {
    method: 'PATCH',
    headers: OWNER,
    body: JSON.stringify({ fields }),
  });
  expect(response.status).toBe(200);
}

async function storedDocument(path: string): Promise<{ status: number; fields?: Record<string, unknown> }> {
  const response = await fetch(`${DOCS}/${path}`, { headers: OWNER });
  return { status: response.status, ...((await response.json()) as { fields?: Record<string, unknown> }) };
}

async function openConsole(path: string): Promise<Page> {
  const page = await shop.newVisitor(1280);
  await page.goto(`${CONSOLE_URL}${path}`);
  await page.getByRole('heading', { name: 'এমুলেটর কনসোল' }).waitFor({ timeout: 20_000 });
  return page;
}

/** Fills the playground's form and asks; the answer panel once it is there. */
async function ask(
  page: Page,
  question: { user: string; method: string; path: string; fields?: object },
): Promise<Locator> {
  await page.getByLabel('কে', { exact: true }).selectOption(question.user);
  await page.getByLabel('সার্ভিস').selectOption('firestore');
  await page.getByLabel('মেথড').selectOption(question.method);
  await page.getByLabel('পাথ', { exact: true }).fill(question.path);
  if (question.fields)
    await page.getByLabel('যে ফিল্ডগুলো লেখা হবে (JSON)').fill(JSON.stringify(question.fields));
  const answer = page.getByTestId('playground-answer');
  const before = (await answer.count()) > 0 ? await answer.getAttribute('data-asked') : null;
  await page.getByRole('button', { name: 'রুলসকে জিজ্ঞেস করুন' }).click();
  await expect.poll(() => answer.getAttribute('data-asked'), { timeout: 10_000 }).not.toBe(before);
  await answer.getByTestId('rules-source').waitFor();
  return answer;
}

beforeAll(async () => {
  shop = await ShopBrowser.open();
  mkdirSync(SCREENSHOTS, { recursive: true });
  customerUid = await uidOf(DEMO_ACCOUNTS.customer.email);
  adminUid = await uidOf(DEMO_ACCOUNTS.admin.email);
  await putDocument(ORDER, { user_id: { stringValue: customerUid }, total_amount: { integerValue: '500' } });
  await putDocument(PRODUCT, productFields);
});

afterAll(async () => {
  await fetch(`${DOCS}/${ORDER}`, { method: 'DELETE', headers: OWNER });
  await fetch(`${DOCS}/${PRODUCT}`, { method: 'DELETE', headers: OWNER });
  await fetch(`${OBJECTS}/${encodeURIComponent(IMAGE)}`, { method: 'DELETE', headers: OWNER });
  await shop?.close();
});

describe('the rules pages of the emulator console', () => {
  it('answers playground questions with the shop’s rules and the deciding line, writing nothing', async () => {
    const page = await openConsole('/playground');
    await page.locator(`option[value="${customerUid}"]`).waitFor({ state: 'attached', timeout: 20_000 });

    const own = await ask(page, { user: customerUid, method: 'get', path: ORDER });
    expect(await own.getAttribute('data-verdict')).toBe('allowed');
    expect(await own.getByTestId('playground-verdict').innerText()).toContain(
      `সিদ্ধান্ত লাইন ${toBengali(ORDER_READ)}`,
    );
    expect(await own.locator(`[data-line="${ORDER_READ}"]`).getAttribute('data-outcome')).toBe('granted');
    expect(await own.getByTestId('playground-resource').innerText()).toContain(customerUid);

    // Another customer (a uid typed by hand) may not read it: the same line, false, and why.
    await page.getByLabel('কে', { exact: true }).selectOption({ label: 'অন্য uid (নিজে লিখুন)' });
    await page.getByLabel('uid', { exact: true }).fill('stranger-1');
    const other = await ask(page, { user: '(custom)', method: 'get', path: ORDER });
    expect(await other.getAttribute('data-verdict')).toBe('denied');
    const line = other.locator(`[data-line="${ORDER_READ}"]`);
    expect(await line.getAttribute('data-outcome')).toBe('false');
    expect(await line.locator('[data-condition="false"]').count()).toBe(2);
    await screenshotPage(page, `${SCREENSHOTS}/playground-denied.png`);

    const newPrice = { ...plain(productFields), price: 300 };
    const update = await ask(page, { user: adminUid, method: 'update', path: PRODUCT, fields: newPrice });
    expect(await update.getAttribute('data-verdict')).toBe('allowed');
    expect(await update.getByTestId('playground-verdict').innerText()).toContain(
      `সিদ্ধান্ত লাইন ${toBengali(PRODUCT_UPDATE)}`,
    );
    expect(await update.getByTestId('playground-request-resource').innerText()).toContain('"price": 300');
    await screenshotPage(page, `${SCREENSHOTS}/playground.png`);

    const create = await ask(page, {
      user: customerUid,
      method: 'create',
      path: 'products/rules-e2e-new',
      fields: plain(productFields),
    });
    expect(await create.getAttribute('data-verdict')).toBe('denied');
    expect(await create.getByTestId('playground-verdict').innerText()).toContain(
      `সিদ্ধান্ত লাইন ${toBengali(PRODUCT_CREATE)}`,
    );
    const createLine = create.locator(`[data-line="${PRODUCT_CREATE}"]`);
    expect(await createLine.getAttribute('data-outcome')).toBe('false');
    expect(await createLine.locator('[data-condition]').first().innerText()).toContain('isAdmin()');

    // A bad payload is refused on the page, in Bengali, and nothing is asked.
    await page.getByLabel('যে ফিল্ডগুলো লেখা হবে (JSON)').fill('{"price": ');
    await page.getByRole('button', { name: 'রুলসকে জিজ্ঞেস করুন' }).click();
    await page.getByRole('alert').filter({ hasText: 'JSON ঠিক নয়' }).waitFor();

    // Nothing was written.
    expect((await storedDocument(PRODUCT)).fields?.price).toEqual({ integerValue: '250' });
    expect((await storedDocument('products/rules-e2e-new')).status).toBe(404);
  });

  it('counts a scripted sequence of Firestore and Storage requests exactly, from a reset', async () => {
    const page = await openConsole('/coverage');
    await page.getByTestId('coverage-source').waitFor({ timeout: 20_000 });
    for (const service of ['storage', 'firestore']) {
      await page.getByLabel('সার্ভিস').selectOption(service);
      await page.getByRole('button', { name: 'গণনা শূন্য থেকে শুরু করুন' }).click();
      await page.getByRole('status').filter({ hasText: 'গণনা শূন্য করা হয়েছে।' }).waitFor();
    }

    // The seeded admin's e-mail is verified (rules ask for it as well as the role record).
    const as = (uid: string) => ({
      Authorization: `Bearer ${mockIdToken(uid, uid === adminUid ? { email_verified: true } : {})}`,
    });
    expect((await fetch(`${DOCS}/${ORDER}`, { headers: as(customerUid) })).status).toBe(200); // own
    expect((await fetch(`${DOCS}/${ORDER}`, { headers: as('stranger-1') })).status).toBe(403);
    expect((await fetch(`${DOCS}/${ORDER}`)).status).toBe(403); // signed out
    expect((await fetch(`${DOCS}/${ORDER}`, { headers: as(adminUid) })).status).toBe(200); // the admin
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    const upload = (uid: string) =>
      fetch(`${OBJECTS}?name=${encodeURIComponent(IMAGE)}`, {
        method: 'POST',
        headers: { ...as(uid), 'Content-Type': 'image/png' },
        body: new Uint8Array(png),
      });
    expect((await upload(customerUid)).status).toBe(403);
    expect((await upload(adminUid)).status).toBe(200);

    const counts = async (locator: Locator) =>
      Object.fromEntries(
        await Promise.all(
          ['evaluated', 'true', 'false', 'error'].map(
            async (k) => [k, Number(await locator.getAttribute(`data-${k}`))] as const,
          ),
        ),
      );
    await page.getByRole('button', { name: 'আবার দেখুন' }).click();
    const orderRead = page.locator(`[data-allow-line="${ORDER_READ}"]`);
    await expect.poll(() => orderRead.getAttribute('data-evaluated'), { timeout: 10_000 }).toBe('4');
    expect(await counts(orderRead)).toEqual({ evaluated: 4, true: 2, false: 2, error: 0 });
    const parts = orderRead.locator('[data-condition]');
    expect(await parts.count()).toBe(2);
    // (signedIn() && owner): true for the customer only; isAdmin(): asked after it failed, true for the admin.
    expect(await counts(parts.nth(0))).toEqual({ evaluated: 4, true: 1, false: 3, error: 0 });
    expect(await counts(parts.nth(1))).toEqual({ evaluated: 3, true: 1, false: 2, error: 0 });
    expect(await counts(page.locator(`[data-allow-line="${PRODUCT_UPDATE}"]`))).toEqual({
      evaluated: 0,
      true: 0,
      false: 0,
      error: 0,
    });
    await screenshotPage(page, `${SCREENSHOTS}/coverage.png`);

    await page.getByLabel('সার্ভিস').selectOption('storage');
    const imageWrite = page.locator(`[data-allow-line="${IMAGE_WRITE}"]`);
    await expect.poll(() => imageWrite.getAttribute('data-evaluated'), { timeout: 10_000 }).toBe('2');
    expect(await counts(imageWrite)).toEqual({ evaluated: 2, true: 1, false: 1, error: 0 });
    const imageParts = imageWrite.locator('[data-condition]');
    expect(await counts(imageParts.nth(0))).toEqual({ evaluated: 2, true: 1, false: 1, error: 0 });
    expect(await counts(imageParts.nth(1))).toEqual({ evaluated: 1, true: 1, false: 0, error: 0 });
    expect(await counts(imageParts.nth(2))).toEqual({ evaluated: 1, true: 1, false: 0, error: 0 });
    await screenshotPage(page, `${SCREENSHOTS}/coverage-storage.png`);

    // Google's report, served by the Firestore emulator, says the same.
    const html = await (
      await fetch(
        `http://${config.firestore.host}:${config.firestore.port}/emulator/v1/projects/${config.projectId}:ruleCoverage.html`,
      )
    ).text();
    expect(html).toContain(
      `data-allow-line="${ORDER_READ}">allow read: evaluated 4 · true 2 · false 2 · error 0`,
    );
  });

  it('shows a request’s payload and resource.data, and replays it as another user in the playground', async () => {
    const requests = await openConsole('/requests');
    await requests.getByText('লাইভ', { exact: true }).waitFor({ timeout: 20_000 });
    const change = { ...productFields, price: { integerValue: '275' } };
    const denied = await fetch(`${DOCS}/${PRODUCT}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${mockIdToken(customerUid)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fields: change }),
    });
    expect(denied.status).toBe(403);
    const row = requests.locator(`[data-request="update ${PRODUCT}"][data-verdict="denied"]`).first();
    await row.waitFor({ timeout: 20_000 });
    await row.click();
    const detail = requests.getByTestId('request-detail');
    expect(await detail.getByTestId('request-payload').innerText()).toContain('"price": 275');
    expect(await detail.getByTestId('request-resource').innerText()).toContain('"price": 250');
    await screenshotPage(requests, `${SCREENSHOTS}/request-payload.png`);

    await detail.getByRole('button', { name: 'অন্য ব্যবহারকারী হিসেবে আবার চালান' }).click();
    await requests.waitForURL(`${CONSOLE_URL}/playground`);
    await requests.getByTestId('replayed').waitFor();
    expect(await requests.getByLabel('পাথ', { exact: true }).inputValue()).toBe(PRODUCT);
    expect(await requests.getByLabel('মেথড').inputValue()).toBe('update');
    expect(await requests.getByLabel('যে ফিল্ডগুলো লেখা হবে (JSON)').inputValue()).toContain('"price": 275');
    await requests.locator(`option[value="${adminUid}"]`).waitFor({ state: 'attached', timeout: 20_000 });
    await requests.getByLabel('কে', { exact: true }).selectOption(adminUid);
    await requests.getByRole('button', { name: 'রুলসকে জিজ্ঞেস করুন' }).click();
    const answer = requests.getByTestId('playground-answer');
    await answer.waitFor({ timeout: 10_000 });
    expect(await answer.getAttribute('data-verdict')).toBe('allowed');
    expect((await storedDocument(PRODUCT)).fields?.price).toEqual({ integerValue: '250' });
  });
});

/** REST fields as the playground's payload box takes them (plain JSON). */
function plain(fields: Record<string, Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => {
      const [type, value] = Object.entries(v)[0];
      return [k, type === 'integerValue' ? Number(value) : value];
    }),
  );
}
