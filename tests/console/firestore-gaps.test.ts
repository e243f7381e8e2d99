/**
 * The gaps users of Google's emulator UI keep reporting, closed here, in a real browser: a document that does
 * not exist but has sub-collections is listed (in italics) and opens; two `where` conditions run, and one that
 * needs a composite index fails with production's message and the index to declare; a whole document edited as
 * JSON keeps every type (timestamps, references, geopoints, bytes, nested too), as does a map field; a
 * collection is deleted with everything below it after a confirmation that counts it. Screenshots in both
 * languages.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopBrowser } from '../support/shop-browser';
import { CONSOLE_URL, DOCS, OWNER, config, openConsole, screenshotInBothLanguages } from './console-page';

const ROOT = `projects/${config.projectId}/databases/(default)/documents`;
const RUN = `${Date.now()}`;
const MISSING = `console-e2e-missing-${RUN}`;
const WHERE = `console-e2e-where-${RUN}`;
const JSON_DOCS = `console-e2e-json-${RUN}`;

async function put(path: string, fields: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${DOCS}/${path}`, {
    method: 'PATCH',
    headers: OWNER,
    body: JSON.stringify({ fields }),
  });
  if (!response.ok) throw new Error(`PATCH ${path}: ${response.status} ${await response.text()}`);
}
async function read(path: string): Promise<{ status: number; fields?: Record<string, unknown> }> {
  const response = await fetch(`${DOCS}/${path}`, { headers: OWNER });
  const body = (await response.json()) as { fields?: Record<string, unknown> };
  return { status: response.status, fields: body.fields };
}

/** One of every type, nested too: what a JSON edit must give back unchanged. */
const EVERY_TYPE = {
  text: { stringValue: 'আমের আচার' },
  count: { integerValue: '12' },
  price: { doubleValue: 12.5 },
  whole: { doubleValue: 3 },
  active: { booleanValue: true },
  nothing: { nullValue: null },
  at: { timestampValue: '2026-11-22T12:30:00.123456Z' },
  product: { referenceValue: `${ROOT}/products/p1` },
  where: { geoPointValue: { latitude: 23.81, longitude: 90.41 } },
  photo: { bytesValue: 'iVBORw0KGgo=' },
  nested: {
    mapValue: {
      fields: {
        when: { timestampValue: '2026-01-01T00:00:00Z' },
        items: {
          arrayValue: {
            values: [
              { referenceValue: `${ROOT}/orders/o1` },
              { geoPointValue: { latitude: -1.5, longitude: 2 } },
              { bytesValue: 'AAE=' },
              { mapValue: { fields: { deep: { timestampValue: '2025-05-05T05:05:05.500Z' } } } },
            ],
          },
        },
      },
    },
  },
};

let shop: ShopBrowser;
let page: Page;

beforeAll(async () => {
  shop = await ShopBrowser.open();
  await put(`${MISSING}/ghost/lines/l1`, { qty: { integerValue: '2' } });
  await put(`${MISSING}/real`, { note: { stringValue: 'here' } });
  await put(`${WHERE}/a`, {
    kind: { stringValue: 'jar' },
    spicy: { booleanValue: true },
    size: { integerValue: '1' },
  });
  await put(`${WHERE}/b`, {
    kind: { stringValue: 'jar' },
    spicy: { booleanValue: false },
    size: { integerValue: '2' },
  });
  await put(`${WHERE}/c`, {
    kind: { stringValue: 'bottle' },
    spicy: { booleanValue: true },
    size: { integerValue: '3' },
  });
  await put(`${JSON_DOCS}/every`, EVERY_TYPE);
  page = await openConsole(shop, `/firestore/${MISSING}`);
});
afterAll(async () => {
  await shop?.close();
});

describe('the Firestore page', () => {
  it('lists a document that does not exist but has sub-collections, in italics, and opens it', async () => {
    const ghost = page.locator('[data-doc-id="ghost"]');
    await ghost.waitFor({ timeout: 20_000 });
    expect(await ghost.getAttribute('data-missing')).toBe('true');
    expect(await ghost.evaluate((el) => getComputedStyle(el).fontStyle)).toBe('italic');
    expect(await page.locator('[data-doc-id="real"]').getAttribute('data-missing')).toBeNull();

    await ghost.click();
    await page.waitForURL(`${CONSOLE_URL}/firestore/${MISSING}/ghost`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'এই ডকুমেন্টটি নেই, কিন্তু এর নিচে সাব-কালেকশন আছে' })
      .waitFor({ timeout: 10_000 });
    await page.getByTestId('subcollections').getByRole('link', { name: 'lines' }).click();
    await page.locator('[data-doc-id="l1"]').waitFor({ timeout: 10_000 });
    await page.goto(`${CONSOLE_URL}/firestore/${MISSING}`);
    await page.locator('[data-doc-id="ghost"]').waitFor({ timeout: 20_000 });
    await screenshotInBothLanguages(page, 'firestore-missing-parent');
  });

  it('runs two where conditions, and shows a missing index as production reports it', async () => {
    await page.goto(`${CONSOLE_URL}/firestore/${WHERE}`);
    await page.locator('[data-doc-id]').first().waitFor({ timeout: 20_000 });
    await page.getByLabel('ফিল্টারের ফিল্ড', { exact: true }).fill('kind');
    await page.getByLabel('ফিল্টারের মান', { exact: true }).fill('jar');
    await page.getByRole('button', { name: '+ শর্ত (where)' }).click();
    await page.getByLabel('ফিল্টারের ফিল্ড ২').fill('spicy');
    await page.getByLabel('ফিল্টারের মান ২').fill('true');
    await page.getByRole('button', { name: 'চালান' }).click();
    await expect
      .poll(() => page.locator('[data-doc-id]').allInnerTexts(), { timeout: 10_000 })
      .toEqual(['a']);

    // Equality and a range on another field: production needs a composite index nobody declared.
    await page.getByLabel('ফিল্টারের ফিল্ড ২').fill('size');
    await page.getByLabel('অপারেটর ২').selectOption('>');
    await page.getByLabel('ফিল্টারের মান ২').fill('0');
    await page.getByRole('button', { name: 'চালান' }).click();
    const failure = page.getByTestId('index-needed');
    await failure.waitFor({ timeout: 10_000 });
    const production = await failure.getByTestId('production-error').innerText();
    expect(production).toMatch(
      new RegExp(
        `^FAILED_PRECONDITION: The query requires an index\\. You can create it here: https://console\\.firebase\\.google\\.com/v1/r/project/${config.projectId}/firestore/indexes\\?create_composite=`,
      ),
    );
    expect(JSON.parse(await failure.getByTestId('index-json').innerText())).toEqual({
      collectionGroup: WHERE,
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'kind', order: 'ASCENDING' },
        { fieldPath: 'size', order: 'ASCENDING' },
      ],
    });
    await screenshotInBothLanguages(page, 'firestore-two-where-index');
  });

  it('edits a whole document as JSON and keeps every type, nested ones included, and a map field too', async () => {
    await page.goto(`${CONSOLE_URL}/firestore/${JSON_DOCS}/every`);
    await page.locator('[data-field="at"]').waitFor({ timeout: 20_000 });
    // As the emulator stores it (timestamps in its canonical form).
    const original = (await read(`${JSON_DOCS}/every`)).fields!;
    expect(Object.keys(original).sort()).toEqual(Object.keys(EVERY_TYPE).sort());
    await page.getByRole('button', { name: 'JSON হিসেবে সম্পাদনা' }).click();
    const editor = page.getByTestId('json-editor');
    const box = editor.getByLabel('ডকুমেন্ট (JSON)');
    const text = await box.inputValue();
    for (const tag of [
      '"$timestamp"',
      '"$reference": "products/p1"',
      '"$geopoint"',
      '"$bytes"',
      '"$double": 3',
    ])
      expect(text).toContain(tag);
    await screenshotInBothLanguages(page, 'firestore-json-editor');

    // A mistake deep inside is named, and nothing is written.
    await box.fill(text.replace(/"2025-05-05T05:05:05\.50*Z"/, '"the fifth of May"'));
    await editor.getByRole('button', { name: 'সেভ করুন' }).click();
    await editor.getByRole('alert').filter({ hasText: 'nested.items[3].deep' }).waitFor();
    expect((await read(`${JSON_DOCS}/every`)).fields).toEqual(original);

    await box.fill(text.replace('"count": 12', '"count": 13'));
    await editor.getByRole('button', { name: 'সেভ করুন' }).click();
    await editor.waitFor({ state: 'detached', timeout: 10_000 });
    await expect
      .poll(async () => (await read(`${JSON_DOCS}/every`)).fields, { timeout: 10_000 })
      .toEqual({ ...original, count: { integerValue: '13' } });

    // The map field's own editor speaks the same typed JSON: saved unchanged, its timestamp stays one.
    const nested = page.locator('[data-field="nested"]');
    await nested.getByRole('button', { name: 'সম্পাদনা' }).click();
    const fieldEditor = page.getByTestId('value-editor');
    expect(await fieldEditor.getByLabel('মান').inputValue()).toMatch(
      /"\$timestamp": "2026-01-01T00:00:00(\.0+)?Z"/,
    );
    await fieldEditor.getByRole('button', { name: 'সেভ করুন' }).click();
    await fieldEditor.waitFor({ state: 'detached', timeout: 10_000 });
    expect((await read(`${JSON_DOCS}/every`)).fields).toEqual({
      ...original,
      count: { integerValue: '13' },
    });
  });

  it('deletes a collection with everything below it, after a confirmation that counts it', async () => {
    const confirmations: string[] = [];
    page.on('dialog', (dialog) => confirmations.push(dialog.message()));
    await page.goto(`${CONSOLE_URL}/firestore/${MISSING}`);
    await page.locator('[data-doc-id="ghost"]').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'কালেকশনটি সবসহ মুছুন' }).click();
    await page.getByRole('status').filter({ hasText: '২টি ডকুমেন্ট মোছা হয়েছে' }).waitFor({ timeout: 10_000 });
    expect(confirmations.at(-1)).toContain(`/${MISSING} আর তার নিচের সব মিলিয়ে ২টি ডকুমেন্ট মুছবেন?`);
    expect((await read(`${MISSING}/ghost/lines/l1`)).status).toBe(404);
    expect((await read(`${MISSING}/real`)).status).toBe(404);
    await page.getByText('কোনো ডকুমেন্ট নেই।').waitFor({ timeout: 10_000 });
  });
});
