/**
 * Prints how much JavaScript the browser must download before `/` can render (the entry chunk and every
 * chunk it imports statically, gzip-compressed) and fails above the budget. Lazy chunks (the auth page,
 * the order dialog, the admin dashboard, the Firestore data layer) are listed for information only.
 *
 *   npx vite build && npx tsx scripts/bundle-size.ts [--dist dist] [--budget-kb 250]
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index >= 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback;
}

const dist = resolve(option('--dist', 'dist'));
const budgetKb = Number(option('--budget-kb', '250'));
if (!Number.isFinite(budgetKb) || budgetKb <= 0) {
  console.error(`--budget-kb must be a positive number, got "${option('--budget-kb', '')}"`);
  process.exit(2);
}
const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npx vite build\` first (vite.config.ts sets build.manifest).`);
  process.exit(2);
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error(`${manifestPath} names no entry chunk.`);
  process.exit(2);
}

const gzipBytes = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The entry and everything reachable from it through static imports, each once. */
function staticClosure(start: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(start);
  return [...seen];
}

const initial = staticClosure(entryKey);
let total = 0;
console.log(`Initial JavaScript of / (gzip, level 9), budget ${budgetKb} KB:`);
for (const key of initial) {
  const size = gzipBytes(manifest[key].file);
  total += size;
  console.log(`  ${kb(size).padStart(10)}  ${manifest[key].file}`);
}
console.log(`  ${kb(total).padStart(10)}  total`);

const lazy = Object.keys(manifest).filter(
  (key) => !initial.includes(key) && manifest[key].file.endsWith('.js'),
);
if (lazy.length > 0) {
  console.log('Loaded later (dynamic imports):');
  for (const key of lazy)
    console.log(`  ${kb(gzipBytes(manifest[key].file)).padStart(10)}  ${manifest[key].file}`);
}

if (total > budgetKb * 1024) {
  console.error(`Over budget: ${kb(total)} > ${budgetKb} KB.`);
  process.exit(1);
}
console.log(`Within budget (${kb(total)} ≤ ${budgetKb} KB).`);
