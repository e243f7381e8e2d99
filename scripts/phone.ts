/**
 * `npm run phone`: the storefront on a slow phone as a shopper meets it, with the throttling applied in Chromium
 * (not simulated as Lighthouse does): DevTools' "slow 4G" as Lighthouse applies it (562.5 ms latency, 1.47 Mb/s
 * down, 0.66 Mb/s up), 4× CPU slowdown, a 360 px touch screen, a cold HTTP cache. Each run opens `/` in a
 * fresh browser context and taps the first card's order button as soon as that card shows its photo and price
 * (`--page product`: the first product page the sitemap lists, its order button once its price and photo show).
 * Prints the median of N runs, signed out and signed in, of:
 *
 *   first card  the first card's photo painted (the cards come in `/`'s HTML, rendered by the `pages` function)
 *   LCP         the largest contentful paint before the tap
 *   usable      the page hydrated (`#root[data-hydrated]`, src/lib/tap-replay.ts): every button is React's
 *   tap wait    from the first card to the moment its button took the tap (Playwright taps as soon as the button
 *               is visible, stable and enabled)
 *   answer      the tap's first visible answer (the button marked as heard by the tap keeper, or the dialog),
 *               from the tap itself
 *   dialog      the order form on screen, from the tap: the native <dialog> in the page, which the browser (or
 *               the tap keeper) opens before the app runs; signed out: the same, whose submit asks to sign in
 *   app's dialog  the same form once the page is hydrated (the app owns it), from the tap
 *
 * The page records every time itself (performance.now(), from navigation start; the tap from the event's own
 * timestamp, so that a busy main thread's delay counts). A benchmark, not a test; on a shared machine its noise
 * is large: it prints the load average, and A/B comparisons alternate their rounds (--compare).
 *
 *   npm run phone [-- --runs 5] [-- --who out,in] [-- --page product] [-- --compare B=dist-b,C=dist-c [--label current]] [-- --trace]
 *
 * --trace prints, for each build and visitor's first run, when each request was asked for and arrived and the
 * main thread's long tasks (./phone/timeline.ts): where that run's time went.
 *
 * --compare serves other builds (e.g. `vite build --mode emulators --outDir dist-ab/b` of another variant) beside
 * the shop's, each on a port from 5101 up (./bench/serve-build.ts: clean URLs, gzip, as Hosting), and alternates them run by run with dist-local. It binds the shop's
 * fixed ports: run it in a network namespace of its own on a shared machine (docs/performance.md).
 */
import { loadavg, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../emulators/src/testing/browser.js';
import { waitForQuietMachine } from './bench/quiet.js';
import { median, phoneCollector, type PhoneSample } from './phone/collect.js';
import { followRequests, formatTimeline, longTasks } from './phone/timeline.js';
import { startBenchShop } from './bench/compare-builds.js';
import { firstProductPath } from './bench/product-page.js';

process.env.METADATA_SERVER_DETECTION ??= 'none';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    who: { type: 'string', default: 'out,in' },
    /** `home` (`/`, its first card's button) or `product` (the first product page the sitemap lists). */
    page: { type: 'string', default: 'home' },
    compare: { type: 'string' },
    label: { type: 'string', default: 'dist-local' },
    json: { type: 'boolean', default: false },
    trace: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a positive whole number, got "${values.runs}"`);
  process.exit(2);
}
if (values.page !== 'home' && values.page !== 'product') {
  console.error(`--page takes "home" or "product", got "${values.page}"`);
  process.exit(2);
}
const who = values.who.split(',').map((w) => w.trim());
if (who.some((w) => w !== 'out' && w !== 'in')) {
  console.error(`--who takes "out", "in" or both, got "${values.who}"`);
  process.exit(2);
}

/** Lighthouse's DevTools throttling of its mobile profile (constants.js: throttling.mobileSlow4G × its factors). */
const PHONE = {
  latencyMs: 150 * 3.75,
  downloadKbps: 1.6 * 1024 * 0.9,
  uploadKbps: 750 * 0.9,
  cpuSlowdown: 4,
  viewport: { width: 360, height: 780 },
  deviceScaleFactor: 2,
} as const;

async function oneRun(
  browser: Browser,
  shopUrl: string,
  path: string,
  account: { email: string; password: string } | undefined,
  trace: boolean,
): Promise<PhoneSample> {
  const context = await browser.newContext({
    viewport: PHONE.viewport,
    deviceScaleFactor: PHONE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    locale: 'bn-BD',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    if (account) {
      // Signed in at full speed first; then the HTTP cache is emptied: the shopper comes back, cold.
      await page.goto(`${shopUrl}/auth`);
      await page.locator('input[type=email]:visible').first().fill(account.email);
      await page.locator('input[type=password]:visible').first().fill(account.password);
      await page.locator('form button[type=submit]:visible').first().click();
      await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: 60_000 });
      await page.getByRole('button', { name: 'লগআউট' }).first().waitFor({ timeout: 60_000 });
      await page.goto('about:blank');
      await cdp.send('Network.clearBrowserCache');
    }
    await page.addInitScript({ content: collectorScript });
    await cdp.send('Network.enable');
    const requests = trace ? followRequests(cdp) : undefined;
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: (PHONE.downloadKbps * 1024) / 8,
      uploadThroughput: (PHONE.uploadKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    if (trace)
      await browser.startTracing(page, {
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'],
      });
    await page.goto(`${shopUrl}${path}`, { waitUntil: 'commit' });
    // The tap, as soon as the first card (or the product page's price and photo) has been painted.
    const button =
      path === '/'
        ? page.locator('#products article:visible').first().getByRole('button')
        : page.locator('#root main button[commandfor]:visible').first();
    await page.waitForFunction(() => (window as unknown as PhoneWindow).phone.firstCard !== undefined, null, {
      timeout: 60_000,
      polling: 50,
    });
    await button.tap({ timeout: 60_000 });
    await page.waitForFunction(
      () => {
        const phone = (window as unknown as PhoneWindow).phone;
        return phone.appDialog !== undefined && phone.usable !== undefined;
      },
      null,
      { timeout: 60_000, polling: 100 },
    );
    if (trace) {
      const tasks = longTasks(JSON.parse((await browser.stopTracing()).toString()));
      for (const line of formatTimeline(requests!.spans(), tasks)) console.log(line);
    }
    return await page.evaluate(() => {
      const { phone } = window as unknown as PhoneWindow;
      return {
        firstCard: phone.firstCard!,
        tapWait: phone.tap! - phone.firstCard!,
        lcp: phone.lcp!,
        usable: phone.usable!,
        answer: phone.answer! - phone.tap!,
        dialog: phone.dialog! - phone.tap!,
        appDialog: phone.appDialog! - phone.tap!,
      };
    });
  } finally {
    await context.close();
  }
}

// As source text: tsx names functions with an `__name` helper that the page does not have.
const collectorScript = `var __name = (f) => f; (${phoneCollector.toString()})();`;

interface PhoneWindow {
  phone: Partial<Record<'firstCard' | 'lcp' | 'usable' | 'tap' | 'answer' | 'dialog' | 'appDialog', number>>;
}

const root = fileURLToPath(new URL('..', import.meta.url));
let loadBefore = loadavg();
const { shop, variants, stop } = await startBenchShop(root, values.label, values.compare);
const samples = new Map<string, PhoneSample[]>();
let browser: Browser | undefined;
let path = '/';
try {
  await waitForQuietMachine((line) => console.log(line));
  loadBefore = loadavg();
  path = values.page === 'product' ? await firstProductPath(shop.shopUrl) : '/';
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  for (let i = 0; i < runs; i++) {
    for (const signedIn of who) {
      for (const variant of variants) {
        const key = `${variant.label}\t${signedIn === 'in' ? 'signed in' : 'signed out'}`;
        if (values.trace && i === 0) console.log(`› timeline of ${key.replace('\t', ', ')}:`);
        const sample = await oneRun(
          browser,
          variant.url,
          path,
          signedIn === 'in' ? shop.accounts.customer : undefined,
          values.trace && i === 0,
        );
        samples.set(key, [...(samples.get(key) ?? []), sample]);
        console.log(
          `› run ${i + 1}/${runs} ${key.replace('\t', ', ')}: first card ${sample.firstCard.toFixed(0)} ms, ` +
            `usable ${sample.usable.toFixed(0)} ms, answer ${sample.answer.toFixed(0)} ms, ` +
            `dialog ${sample.dialog.toFixed(0)} ms, app's dialog ${sample.appDialog.toFixed(0)} ms ` +
            `(load ${loadavg()[0].toFixed(2)})`,
        );
      }
    }
  }
} finally {
  await browser?.close();
  await stop();
}

const loadAfter = loadavg();
const seconds = (ms: number) => (ms / 1000).toFixed(2);
console.log(
  `\nnpm run phone: applied slow 4G (562.5 ms, 1.47 Mb/s down, 0.66 Mb/s up), 4× CPU, 360 px, cold cache; ` +
    `median of ${runs}`,
);
console.log(
  `load average (1 min) before ${loadBefore[0].toFixed(2)}, after ${loadAfter[0].toFixed(2)}; cores: ${cpus().length}; ${new Date().toISOString()}`,
);
console.log(
  "| build | visitor | first card (s) | LCP (s) | usable (s) | tap wait (s) | tap → answer (ms) | tap → dialog (s) | tap → app's dialog (s) | spread of usable (s) |",
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [key, list] of samples) {
  const [label, visitor] = key.split('\t');
  const pick = (k: keyof PhoneSample) => median(list.map((s) => s[k]));
  const usable = list.map((s) => s.usable);
  console.log(
    `| ${label} | ${visitor} | ${seconds(pick('firstCard'))} | ${seconds(pick('lcp'))} | ${seconds(pick('usable'))} | ${seconds(pick('tapWait'))} | ` +
      `${pick('answer').toFixed(0)} | ${seconds(pick('dialog'))} | ${seconds(pick('appDialog'))} | ${seconds(Math.min(...usable))}–${seconds(Math.max(...usable))} |`,
  );
}
if (values.json) console.log(JSON.stringify(Object.fromEntries(samples), null, 2));
