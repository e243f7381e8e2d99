/**
 * Prints what the browser must download before `/` can render and be used — the entry chunk and every chunk it
 * imports statically (gzip-compressed), and the font files its @font-face rules can download — and fails above
 * the budgets (scripts/web-budgets.ts) or when a font is preloaded. Lazy chunks (Firestore, auth, the order
 * dialog, the admin dashboard) are listed for information only.
 *
 *   npx vite build && npx tsx scripts/bundle-size.ts [--dist dist] [--budget-kb 185]
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  FIRST_PAINT_JS_BUDGET_KB,
  INITIAL_JS_BUDGET_KB,
  javascriptOf,
  fontFacesOf,
  preloadedFonts,
  WEB_FONT_BUDGET_KB,
  type SizedFile,
} from './web-budgets.js';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

const dist = resolve(option('--dist', 'dist'));
const budgetKb = Number(option('--budget-kb', String(INITIAL_JS_BUDGET_KB)));
if (!Number.isFinite(budgetKb) || budgetKb <= 0) {
  console.error(`--budget-kb must be a positive number, got "${option('--budget-kb', '')}"`);
  process.exit(2);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (files: SizedFile[]) => files.reduce((sum, f) => sum + f.bytes, 0);

let js: ReturnType<typeof javascriptOf>;
try {
  js = javascriptOf(dist);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}

console.log(
  `JavaScript before the first paint and cards of / (gzip), budget ${FIRST_PAINT_JS_BUDGET_KB} KB:`,
);
for (const { file, bytes } of js.firstPaint) console.log(`  ${kb(bytes).padStart(10)}  ${file}`);
console.log(`Initial JavaScript of / (gzip, level 9), budget ${budgetKb} KB:`);
for (const { file, bytes } of js.initial) console.log(`  ${kb(bytes).padStart(10)}  ${file}`);
console.log(`  ${kb(total(js.initial)).padStart(10)}  total`);
if (js.lazy.length > 0) {
  console.log('Loaded later (dynamic imports):');
  for (const { file, bytes } of js.lazy) console.log(`  ${kb(bytes).padStart(10)}  ${file}`);
}

const home = readFileSync(join(dist, 'shell.html'), 'utf8');
const fonts = fontFacesOf(dist, home);
console.log(
  `Fonts / downloads on a phone without its own copy, budget ${WEB_FONT_BUDGET_KB} KB (none preloaded):`,
);
for (const { file, bytes } of fonts) console.log(`  ${kb(bytes).padStart(10)}  ${file}`);
console.log(`  ${kb(total(fonts)).padStart(10)}  total`);

let failed = false;
if (total(js.firstPaint) > FIRST_PAINT_JS_BUDGET_KB * 1024) {
  console.error(
    `Over budget: first-paint JavaScript ${kb(total(js.firstPaint))} > ${FIRST_PAINT_JS_BUDGET_KB} KB.`,
  );
  failed = true;
}
if (total(js.initial) > budgetKb * 1024) {
  console.error(`Over budget: initial JavaScript ${kb(total(js.initial))} > ${budgetKb} KB.`);
  failed = true;
}
if (total(fonts) > WEB_FONT_BUDGET_KB * 1024) {
  console.error(`Over budget: web fonts ${kb(total(fonts))} > ${WEB_FONT_BUDGET_KB} KB.`);
  failed = true;
}
const preloaded = preloadedFonts(home);
if (preloaded.length > 0) {
  console.error(`A font is preloaded: ${preloaded.join(', ')}; it would compete with the first paint.`);
  failed = true;
}
if (failed) process.exit(1);
console.log('Within budget.');
