/**
 * `npm run bench`: the speed and memory figures the issues ask for, printed as one table.
 * Each row comes from a benchmark function beside the code it measures; nothing here is a pass/fail test.
 *   npm run bench [-- --skip-shop]   (the shop rows need the ports of firebase.json free)
 */
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { benchRoleCheck } from '../emulators/src/rules/bench.js';
import { RequestLog } from '../emulators/src/console-server/request-log.js';
import { benchUpload } from '../emulators/src/storage/bench.js';
import { readProjectConfig } from '../emulators/src/config.js';
import { launchChromium } from '../emulators/src/testing/browser.js';
import { takenPorts } from './stack/ports.js';

interface BenchRow {
  name: string;
  value: number;
  unit: string;
  note?: string;
  /** The least the value may be: below it, `npm run bench` fails (after printing every row). */
  floor?: number;
}

const { values } = parseArgs({ options: { 'skip-shop': { type: 'boolean', default: false } } });
const root = fileURLToPath(new URL('..', import.meta.url));
const rows: BenchRow[] = [];

async function firestoreRows(): Promise<BenchRow[]> {
  const benchPath = '../emulators/src/firestore/bench/bench.js';
  const module = (await import(benchPath).catch(() => null)) as {
    benchFirestore?: () => Promise<BenchRow[]>;
  } | null;
  if (!module?.benchFirestore)
    return [{ name: 'firestore', value: NaN, unit: '', note: 'bench module missing' }];
  return module.benchFirestore();
}

const RULES_EVALS_PER_CPU_SECOND_FLOOR = 50_000;

function rulesRows(): BenchRow[] {
  benchRoleCheck(2_000); // warm-up
  const { evalsPerSecond, evalsPerCpuSecond } = benchRoleCheck(50_000);
  // As the emulators run it: every decision goes to the console's request log; with no console open, untraced.
  const log = new RequestLog();
  const recorded = benchRoleCheck(50_000, (rules) =>
    log.watch(
      'firestore',
      () => rules,
      () => null,
    )()!,
  );
  return [
    { name: 'rules: role check with one get()', value: Math.round(evalsPerSecond), unit: 'evals/s' },
    {
      name: 'rules: role check, per second of CPU time',
      value: Math.round(evalsPerCpuSecond),
      unit: 'evals/s',
      // The role check runs on every admin read; 50,000 a CPU second is the target (a shared machine's wall
      // clock would move the row above with the load, so the floor judges CPU time).
      floor: RULES_EVALS_PER_CPU_SECOND_FLOOR,
    },
    {
      name: 'rules: same, recorded in the request log (console closed)',
      value: Math.round(recorded.evalsPerSecond),
      unit: 'evals/s',
    },
  ];
}

async function storageRows(): Promise<BenchRow[]> {
  const results = await benchUpload([100 * 1024, 1024 * 1024, 4 * 1024 * 1024]);
  return results.map((r) => ({
    name: `storage: upload ${Math.round(r.size / 1024)} KiB (${r.protocol})`,
    value: Math.round(r.uploadMs),
    unit: 'ms',
    note: `${r.uploadMiBps.toFixed(1)} MiB/s up, download ${Math.round(r.downloadMs)} ms`,
  }));
}

/** Time from `npm start` to a browser page showing seeded products. */
async function shopStartMs(): Promise<number> {
  const started = Date.now();
  const child = spawn('npx', ['tsx', 'scripts/start.ts', '--no-persist'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start not ready in 180 s:\n${output}`)), 180_000);
      child.stdout.on(
        'data',
        () => output.includes('is running locally') && (clearTimeout(timer), resolve()),
      );
      child.once(
        'exit',
        (code) => (clearTimeout(timer), reject(new Error(`npm start exited (${code}):\n${output}`))),
      );
    });
    const { hosting } = readProjectConfig(root);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`http://${hosting.host}:${hosting.port}/`);
      await page.locator('[data-testid="product-price"]').first().waitFor({ timeout: 60_000 });
    } finally {
      await browser.close();
    }
    return Date.now() - started;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGINT');
    await exited;
  }
}

async function shopRows(): Promise<BenchRow[]> {
  const config = readProjectConfig(root);
  const taken = await takenPorts(
    [config.hosting, config.firestore, config.storage, config.auth, config.functions].map((p) => ({
      name: '',
      ...p,
    })),
  );
  if (taken.length > 0)
    return [{ name: 'shop start', value: NaN, unit: '', note: 'skipped: the shop ports are in use' }];
  await rm(`${root}/dist-local`, { recursive: true, force: true });
  await rm(`${root}/functions/lib`, { recursive: true, force: true });
  const cold = await shopStartMs();
  const warm = await shopStartMs();
  return [
    { name: 'shop: npm start → products on screen (cold, builds included)', value: cold, unit: 'ms' },
    { name: 'shop: npm start → products on screen (warm)', value: warm, unit: 'ms' },
  ];
}

rows.push(...(await firestoreRows()));
rows.push(...rulesRows());
rows.push(...(await storageRows()));
if (!values['skip-shop']) rows.push(...(await shopRows()));

const width = Math.max(...rows.map((r) => r.name.length));
console.log(`\n${'benchmark'.padEnd(width)}  ${'value'.padStart(12)}  unit      note`);
console.log(`${'-'.repeat(width)}  ${'-'.repeat(12)}  --------  ----`);
for (const row of rows) {
  const value = Number.isNaN(row.value)
    ? '—'
    : row.value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  console.log(`${row.name.padEnd(width)}  ${value.padStart(12)}  ${row.unit.padEnd(8)}  ${row.note ?? ''}`);
}
const belowFloor = rows.filter((row) => row.floor !== undefined && !(row.value >= row.floor));
for (const row of belowFloor)
  console.error(`below its floor of ${row.floor!.toLocaleString('en-US')}: ${row.name}`);
process.exit(belowFloor.length > 0 ? 1 : 0);
