/**
 * The Cloud Functions bundle carries only the texts the functions send: the ordering model's refusals, the
 * shared order statuses and the seller's order mail, never the web app's pages (each part keeps its texts beside
 * it, ARCHITECTURE.md). The product pages' render, which is the storefront and carries its texts, is a bundle of its own
 * (pages.js).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../scripts/stack/builds.js';
import { orderMessages } from '../../src/features/ordering/model/texts.js';
import {
  TEXTS_MODULES,
  foreignTextsIn,
  unescapeUnicode,
  type TextsModule,
} from '../support/bundled-texts.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const FUNCTIONS_TEXTS: TextsModule[] = [
  'orderMessages',
  'courierPayoutTexts',
  'sharedTexts',
  'orderMailTexts',
  'lowStockMailTexts',
  'eveningMailTexts',
  'smsTexts',
];
let out = '';
let bundle = '';
let pagesBundle = '';

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'achar-functions-'));
  // The deploy's own build (firebase.json predeploy), into a private folder.
  await run(process.execPath, [join(root, 'functions/build.mjs'), '--outfile', join(out, 'index.js')], {
    cwd: root,
  });
  bundle = await readFile(join(out, 'index.js'), 'utf8');
  pagesBundle = await readFile(join(out, 'pages.js'), 'utf8');
}, 60_000);

afterAll(async () => {
  if (out) await rm(out, { recursive: true, force: true });
});

describe('the Cloud Functions bundle', () => {
  it('carries the refusals placeOrder and setOrderStatus send', () => {
    const plain = unescapeUnicode(bundle);
    expect(plain).toContain(orderMessages.errors.notEnoughStock);
    expect(plain).toContain(orderMessages.statusChange.orderNotFound);
  });

  it("carries no text of the web app's features, pages or layout", () => {
    const foreign = (Object.keys(TEXTS_MODULES) as TextsModule[]).filter(
      (name) => !FUNCTIONS_TEXTS.includes(name),
    );
    expect(foreign).toContain('adminProductsTexts');
    expect(foreignTextsIn(bundle, foreign, FUNCTIONS_TEXTS)).toEqual([]);
  });

  it('leaves the storefront to pages.js, which index.js loads only for a page', () => {
    expect(bundle).not.toContain('react-dom');
    expect(bundle).toContain('./pages.js');
    expect(pagesBundle).toContain('renderProductPage');
  });
});
