/**
 * Where a page's load spends the main thread, as Lighthouse observes it before its 4× CPU simulation: the page
 * loaded unthrottled (its 412 px phone, no network throttling), traced with the JavaScript sampler. Each
 * main-thread task costs its processor time × `--slowdown` (4), which a loaded machine stretches far less than
 * wall-clock time; printed: every task costing 50 ms or more with what ran in it (the browser's own work by
 * kind, JavaScript by chunk and function, wall-clock ms), their sum, and Σ (cost − 50 ms) after the first
 * contentful paint (a blocking time). `--compare label=dir` also serves other builds (scripts/bench/compare-builds.ts).
 *   flock /tmp/shop-ports.lock npx tsx scripts/profile-load.ts [--runs 3] [--routes /,product] [--save prefix]
 *   npx tsx scripts/profile-load.ts --analyse saved-trace.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../emulators/src/testing/browser.js';
import { startBenchShop } from './bench/compare-builds.js';
import { firstProductPath } from './bench/product-page.js';

process.env.METADATA_SERVER_DETECTION ??= 'none';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    routes: { type: 'string', default: '/,product' },
    compare: { type: 'string' },
    label: { type: 'string', default: 'dist-local' },
    save: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    /** The page runs unthrottled (as Lighthouse observes it); each task's processor time is multiplied by this. */
    slowdown: { type: 'string', default: '4' },
    /** Saved traces to analyse instead of a sitting. */
    analyse: { type: 'string', multiple: true },
  },
});

interface TraceEvent {
  name: string;
  cat?: string;
  ph?: string;
  ts: number;
  dur?: number;
  /** The thread's own (processor) time, which the machine's load does not stretch. */
  tdur?: number;
  pid?: number;
  tid?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      cpuProfile?: {
        nodes?: {
          id: number;
          parent?: number;
          callFrame: { functionName: string; url: string; lineNumber: number };
        }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
  };
}

interface Task {
  start: number;
  duration: number;
  kinds: Map<string, number>;
  js: Map<string, number>;
}

/** A task's cost in ms: its processor time × `slowdown` (Lighthouse's 4× CPU, applied to an unthrottled load). */
const slowdown = Number(values.slowdown);
const cost = (e: TraceEvent) => ((e.tdur ?? e.dur!) * slowdown) / 1000;

function analyse(events: TraceEvent[]) {
  // The page's navigation: the one its first contentful paint belongs to (not about:blank's).
  const navigationId = (e: TraceEvent) =>
    (e.args?.data as { navigationId?: string } | undefined)?.navigationId;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && fcp !== undefined && navigationId(e) === navigationId(fcp),
  );
  if (!navigation || !fcp) throw new Error('no navigationStart or first contentful paint in the trace');
  const pid = navigation.pid;
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === pid,
  )?.tid;
  const onMain = events.filter((e) => e.pid === pid && e.tid === main && e.ph === 'X' && e.dur !== undefined);
  const ms = (ts: number) => (ts - navigation.ts) / 1000;
  // The main thread's sampler: each sample's leaf (self time), on the trace's clock.
  const nodes = new Map<number, { parent?: number; fn: string; url: string }>();
  const samples: { ts: number; node: number; ms: number }[] = [];
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === main);
  let ts = (profile?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0;
  for (const chunk of events.filter(
    (e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile?.id,
  )) {
    const cpuProfile = chunk.args?.data?.cpuProfile;
    for (const node of cpuProfile?.nodes ?? [])
      nodes.set(node.id, {
        parent: node.parent,
        fn: node.callFrame.functionName,
        url: node.callFrame.url ?? '',
      });
    const deltas = chunk.args?.data?.timeDeltas ?? [];
    (cpuProfile?.samples ?? []).forEach((node, i) => {
      ts += deltas[i] ?? 0;
      const previous = samples.at(-1);
      if (previous) previous.ms = (ts - previous.ts) / 1000;
      samples.push({ ts, node, ms: 0 });
    });
  }
  const frame = (id: number | undefined) => {
    const node = id === undefined ? undefined : nodes.get(id);
    if (!node) return '?';
    const file =
      node.url
        .split('/')
        .pop()
        ?.replace(/-[\w-]{8}\.js$/, '') || '';
    return file ? `${file} ${node.fn || '(anonymous)'}` : node.fn;
  };
  // A leaf without a script (the browser's own function, e.g. appendChild) is named with its nearest script caller.
  const label = (id: number) => {
    const leaf = nodes.get(id);
    if (!leaf || leaf.url || leaf.fn.startsWith('(')) return frame(id);
    let caller = leaf.parent;
    while (caller !== undefined && !nodes.get(caller)?.url) caller = nodes.get(caller)?.parent;
    return `${leaf.fn} ← ${frame(caller)}`;
  };
  const tasks: Task[] = onMain
    .filter((e) => e.name === 'RunTask' && cost(e) >= 50)
    .map((task) => {
      const end = task.ts + task.dur!;
      const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
      const kinds = new Map<string, number>();
      // The browser's own work at the top level of the task (children of the RunTask).
      for (const e of inside) {
        const parent = inside.find(
          (p) => p !== e && p.ts <= e.ts && p.ts + p.dur! >= e.ts + e.dur! && p.dur! > e.dur!,
        );
        if (parent) continue;
        const where = e.args?.data?.url
          ?.split('/')
          .pop()
          ?.replace(/-[\w-]{8}\.js$/, '');
        const key = `${e.name}${where ? ` ${where}` : ''}`;
        kinds.set(key, (kinds.get(key) ?? 0) + e.dur! / 1000);
      }
      const js = new Map<string, number>();
      for (const s of samples) {
        const t = s.ts;
        if (t < task.ts || t >= end) continue;
        const key = label(s.node);
        js.set(key, (js.get(key) ?? 0) + s.ms);
      }
      return { start: ms(task.ts), duration: cost(task), kinds, js };
    });
  const fcpMs = ms(fcp.ts);
  const blocking = tasks
    .filter((t) => t.start >= fcpMs)
    .reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
  const longSum = tasks.reduce((sum, t) => sum + t.duration, 0);
  return { tasks, fcpMs, blocking, longSum, sampleCount: samples.length };
}

const top = (map: Map<string, number>, n: number, unit = '') =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${Math.round(v)}${unit}`)
    .join(', ');

function report(trace: { traceEvents: TraceEvent[] }, title: string, detail: boolean) {
  const result = analyse(trace.traceEvents);
  const { tasks, fcpMs, blocking, longSum, sampleCount } = result;
  console.log(
    `› ${title}: FCP ${fcpMs.toFixed(0)} ms, ${tasks.length} tasks ≥ 50 ms, ` +
      `sum ${longSum.toFixed(0)} ms, blocking after FCP ${blocking.toFixed(0)} ms (${sampleCount} samples, load ${loadavg()[0].toFixed(2)})`,
  );
  if (detail)
    for (const t of tasks) {
      console.log(
        `  ${t.start.toFixed(0).padStart(6)} +${t.duration.toFixed(0).padStart(4)}  ${top(t.kinds, 4)}`,
      );
      console.log(`                js (ms): ${top(t.js, 6)}`);
    }
  return result;
}

if (values.analyse) {
  for (const file of values.analyse) report(JSON.parse(readFileSync(file, 'utf8')), file, true);
  process.exit(0);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const { shop, variants, stop } = await startBenchShop(root, values.label, values.compare);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
const results: { variant: string; route: string; blocking: number; longSum: number; count: number }[] = [];
try {
  for (const route of values.routes.split(',')) {
    const path = route === 'product' ? await firstProductPath(shop.shopUrl) : route;
    await fetch(`${shop.shopUrl}${path}`); // the pages function warm
    for (let i = 0; i < Number(values.runs); i++) {
      for (const variant of variants) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
          locale: 'bn-BD',
        });
        const page = await context.newPage();
        await page.addInitScript({
          content: `new MutationObserver((_, observer) => {
            if (!document.querySelector('#root[data-hydrated]')) return;
            observer.disconnect();
            console.log('profile: hydrated');
          }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });`,
        });
        await browser.startTracing(page, {
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'blink.user_timing',
            'v8.execute',
            'disabled-by-default-v8.cpu_profiler',
          ],
        });
        // Told by the page itself (a console message), so that no script of Playwright's runs in it meanwhile.
        const hydrated = page.waitForEvent('console', {
          predicate: (message) => message.text() === 'profile: hydrated',
          timeout: 60_000,
        });
        await page.goto(`${variant.url}${path}`, { waitUntil: 'commit' });
        await hydrated;
        await page.waitForTimeout(1500); // what follows hydration (effects, listeners) in the trace too
        const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
        await context.close();
        if (values.save)
          writeFileSync(
            `${values.save}-${variant.label}-${route.replace(/\W+/g, '_')}-${i}.json`,
            JSON.stringify(trace),
          );
        const { tasks, blocking, longSum } = report(
          trace,
          `${variant.label} ${route} run ${i + 1}`,
          values.verbose || i === 0,
        );
        results.push({ variant: variant.label, route, blocking, longSum, count: tasks.length });
      }
    }
  }
} finally {
  await browser.close();
  await stop();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(
  `\nload average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}; ${new Date().toISOString()}`,
);
for (const variant of variants)
  for (const route of values.routes.split(',')) {
    const mine = results.filter((r) => r.variant === variant.label && r.route === route);
    console.log(
      `| ${variant.label} | ${route} | long tasks ${median(mine.map((r) => r.count))} | sum ${median(mine.map((r) => r.longSum)).toFixed(0)} ms | blocking after FCP ${median(mine.map((r) => r.blocking)).toFixed(0)} ms (${mine.map((r) => r.blocking.toFixed(0)).join(', ')}) |`,
    );
  }
