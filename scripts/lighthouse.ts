/**
 * `npm run lighthouse`: builds the shop, serves it with demo data (the same stack as `npm start`, in memory) and
 * runs Lighthouse 12's default mobile profile (simulated slow 4G, 4× CPU slowdown) on the storefront's routes,
 * signed out and signed in, with Debian's Chromium. Prints route × (performance, accessibility, SEO, best
 * practices with its CSP-against-XSS and clickjacking checks, FCP, LCP, TBT, CLS, bytes), the median of N runs, and the machine's load: a loaded machine gives lower scores.
 * The route `product` is the first product page the shop's sitemap.xml lists (the `pages` function renders it).
 *
 * `--width 360` narrows Lighthouse's phone (412 CSS px, 1.75 device pixels each) to a 360 px one.
 * `photos (KB)` is what the phone downloaded of images (the product photos); `--without-photo-sizes` first
 * deletes the photos' phone sizes and their marks, so the cards show the photos as uploaded (the shop before
 * the sizes), for a before/after in one sitting.
 *
 * A benchmark, not a test: it binds the shop's fixed ports, so on a shared machine run it under the ports lock:
 *   flock /tmp/shop-ports.lock npm run lighthouse [-- --runs 3] [-- --routes /,/auth]
 */
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { DEMO_PROJECT_ID, useEmulators } from './seed/emulator-env.js';
import { waitForQuietMachine } from './bench/quiet.js';
import { startBenchShop } from './bench/compare-builds.js';
import { firstProductPath } from './bench/product-page.js';

// As in scripts/start.ts: the seed's firebase-admin would otherwise probe Google's metadata server and print a
// MetadataLookupWarning into the benchmark's output.
process.env.METADATA_SERVER_DETECTION ??= 'none';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    routes: { type: 'string', default: '/,/auth,/orders,/orders (signed in),product' },
    json: { type: 'boolean', default: false },
    /** Folder to keep each run's full Lighthouse report (JSON) in, for a closer look. */
    save: { type: 'string' },
    'without-photo-sizes': { type: 'boolean', default: false },
    /** The phone's width in CSS pixels instead of Lighthouse's 412 (its device pixel ratio, 1.75, stays). */
    width: { type: 'string' },
    /** Other builds served beside the shop, alternated with it run by run: "label=dir,…" (npm run phone's). */
    compare: { type: 'string' },
    label: { type: 'string', default: 'dist-local' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a positive whole number, got "${values.runs}"`);
  process.exit(2);
}

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'];

interface Sample {
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  /** Best practices' trust and safety audits (informative, weight 0): 1 passed, 0 failed (trustAuditPasses). */
  cspXss: number;
  clickjacking: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  photoBytes: number;
}

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Signs the demo customer in inside the Chrome that Lighthouse will drive (its storage is then kept). */
async function signIn(chrome: LaunchedChrome, shopUrl: string, email: string, password: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(`${shopUrl}/auth`);
    await page.locator('input[type=email]:visible').first().fill(email);
    await page.locator('input[type=password]:visible').first().fill(password);
    await page.locator('form button[type=submit]:visible').first().click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: 30_000 });
    await page.close();
  } finally {
    // Leaves the CDP connection only; the browser stays up for Lighthouse.
    await browser.close().catch(() => {});
  }
}

/** The bytes of the images the page downloaded, from Lighthouse's list of network requests. */
function imageBytes(details: unknown): number {
  const items = (details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)
    ?.items;
  return (items ?? [])
    .filter((request) => request.resourceType === 'Image')
    .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
}

/**
 * Whether one of best practices' trust and safety audits passes: they are informative (always scored 1), and
 * list their findings by severity, `High` meaning the check fails (no policy, or one that can be bypassed).
 */
function trustAuditPasses(details: unknown): number {
  const items = (details as { items?: { severity?: string }[] } | undefined)?.items ?? [];
  return items.some((item) => item.severity === 'High') ? 0 : 1;
}

/** The shop as it was before the photos' phone sizes: none stored, none marked on a product. */
async function removePhotoSizes(projectId: string) {
  useEmulators();
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getFirestore, FieldValue } = await import('firebase-admin/firestore');
  const { getStorage } = await import('firebase-admin/storage');
  const app = initializeApp({ projectId, storageBucket: `${projectId}.appspot.com` }, 'lighthouse-before');
  try {
    const [sizes] = await getStorage(app).bucket().getFiles({ prefix: 'product-images/resized/' });
    await Promise.all(sizes.map((file) => file.delete()));
    const products = await getFirestore(app).collection('products').get();
    await Promise.all(products.docs.map((doc) => doc.ref.update({ image_sized_path: FieldValue.delete() })));
    console.log(`› removed ${sizes.length} photo sizes and the marks of ${products.size} products`);
  } finally {
    await deleteApp(app);
  }
}

class LighthouseRuntimeError extends Error {
  constructor(
    url: string,
    readonly code: string,
    message: string,
  ) {
    super(`Lighthouse on ${url}: ${code} ${message}`);
  }
}

/**
 * Lighthouse's `NO_NAVSTART` ("Something went wrong with recording the trace…") is transient: a run that reports
 * it is run again, at most twice, and said so, instead of losing the whole sitting. Any other error stops it.
 */
async function measureRetrying(url: string, signedIn?: Parameters<typeof measure>[1]): Promise<Sample> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, signedIn);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError && error.code === 'NO_NAVSTART') || attempt > 2)
        throw error;
      console.log(
        `› ${url}: Lighthouse lost the trace (NO_NAVSTART); running it again (retry ${attempt} of 2)`,
      );
    }
  }
}

async function measure(url: string, signedIn?: { shopUrl: string; email: string; password: string }) {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    if (signedIn) await signIn(chrome, signedIn.shopUrl, signedIn.email, signedIn.password);
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: Boolean(signedIn) },
      {
        extends: 'lighthouse:default',
        settings: {
          onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
          ...(values.width && {
            screenEmulation: {
              mobile: true,
              width: Number(values.width),
              height: 823,
              deviceScaleFactor: 1.75,
              disabled: false,
            },
          }),
        },
      },
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (values.save) {
      await mkdir(values.save, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_')}${signedIn ? '-signed-in' : ''}-${Date.now()}.json`;
      await writeFile(join(values.save, name), JSON.stringify(result.lhr));
    }
    const { audits, categories, runtimeError } = result.lhr;
    if (runtimeError) throw new LighthouseRuntimeError(url, runtimeError.code, runtimeError.message);
    const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: categories.performance.score ?? 0,
      accessibility: categories.accessibility.score ?? 0,
      seo: categories.seo.score ?? 0,
      bestPractices: categories['best-practices'].score ?? 0,
      cspXss: trustAuditPasses(audits['csp-xss']?.details),
      clickjacking: trustAuditPasses(audits['clickjacking-mitigation']?.details),
      fcp: numeric('first-contentful-paint'),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      bytes: numeric('total-byte-weight'),
      photoBytes: imageBytes(audits['network-requests']?.details),
    } satisfies Sample;
  } finally {
    chrome.kill();
  }
}

const root = fileURLToPath(new URL('..', import.meta.url));
let loadBefore = loadavg();
const { shop, variants, stop } = await startBenchShop(root, values.label, values.compare);
const rows: { route: string; build: string; samples: Sample[] }[] = [];
try {
  if (values['without-photo-sizes']) await removePhotoSizes(DEMO_PROJECT_ID);
  await waitForQuietMachine((line) => console.log(line));
  loadBefore = loadavg();
  for (const route of values.routes.split(',').map((r) => r.trim())) {
    // "(signed in)": the demo customer signs in first in the same browser, so its cache is warm as well.
    const signedIn = route.endsWith('(signed in)');
    const named = route.replace('(signed in)', '').trim();
    const path = named === 'product' ? await firstProductPath(shop.shopUrl) : named;
    const samples = variants.map(() => [] as Sample[]);
    for (let i = 0; i < runs; i++) {
      for (const [v, variant] of variants.entries()) {
        const { email, password } = shop.accounts.customer;
        samples[v].push(
          await measureRetrying(
            `${variant.url}${path}`,
            signedIn ? { shopUrl: variant.url, email, password } : undefined,
          ),
        );
        const which = variants.length > 1 ? ` ${variant.label}` : '';
        console.log(
          `› ${route}${which} run ${i + 1}/${runs}: performance ${samples[v].at(-1)!.performance.toFixed(2)}`,
        );
      }
    }
    for (const [v, variant] of variants.entries())
      rows.push({ route, build: variant.label, samples: samples[v] });
  }
} finally {
  await stop();
}

const loadAfter = loadavg();
const pick = (samples: Sample[], key: keyof Sample) => median(samples.map((s) => s[key]));
const table = rows.map(({ route, build, samples }) => ({
  route,
  ...(variants.length > 1 && { build }),
  performance: pick(samples, 'performance').toFixed(2),
  ...(runs > 1 && {
    'performance (min–max)': `${Math.min(...samples.map((x) => x.performance)).toFixed(2)}–${Math.max(...samples.map((x) => x.performance)).toFixed(2)}`,
  }),
  accessibility: pick(samples, 'accessibility').toFixed(2),
  SEO: pick(samples, 'seo').toFixed(2),
  'best practices': pick(samples, 'bestPractices').toFixed(2),
  'CSP (XSS)': pick(samples, 'cspXss') === 1 ? 'pass' : 'fail',
  clickjacking: pick(samples, 'clickjacking') === 1 ? 'pass' : 'fail',
  'FCP (s)': (pick(samples, 'fcp') / 1000).toFixed(2),
  'LCP (s)': (pick(samples, 'lcp') / 1000).toFixed(2),
  'TBT (ms)': pick(samples, 'tbt').toFixed(0),
  CLS: pick(samples, 'cls').toFixed(3),
  'bytes (KB)': (pick(samples, 'bytes') / 1024).toFixed(0),
  'photos (KB)': (pick(samples, 'photoBytes') / 1024).toFixed(1),
}));
console.log(
  `\nLighthouse 12, mobile profile${values.width ? ` at ${values.width} px` : ''}, median of ${runs} run(s)` +
    (values['without-photo-sizes'] ? ', without the photo sizes' : ''),
);
console.log(
  `load average (1 min) before ${loadBefore[0].toFixed(2)}, after ${loadAfter[0].toFixed(2)}; ` +
    `cores: ${(await import('node:os')).cpus().length}`,
);
const headers = Object.keys(table[0] ?? {});
console.log(`| ${headers.join(' | ')} |`);
console.log(`| ${headers.map(() => '---').join(' | ')} |`);
for (const row of table) console.log(`| ${Object.values(row).join(' | ')} |`);
if (values.json) console.log(JSON.stringify(rows, null, 2));
