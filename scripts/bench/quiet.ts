/**
 * Benchmarks measure the page, not the shop's own start: right after `startShop` the seed's writes are still
 * running their Cloud Functions (photo sizes, order mail, statistics) in the Functions emulator's workers, and
 * the page measured then gets a fraction of the CPU (a Lighthouse run of `/` at that moment scored 0.66 where
 * the next scored 0.99). `waitForQuietMachine` waits until the whole machine's CPUs are mostly idle.
 */
import { readFile } from 'node:fs/promises';

interface CpuTimes {
  idle: number;
  total: number;
}

/** The machine's CPU time so far (all cores), from Linux's /proc/stat first line, in clock ticks. */
async function cpuTimes(): Promise<CpuTimes> {
  const [line] = (await readFile('/proc/stat', 'utf8')).split('\n');
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: idle and iowait are time no work ran.
  const idle = ticks[3] + (ticks[4] ?? 0);
  return { idle, total: ticks.reduce((sum, t) => sum + t, 0) };
}

/** The share of the machine's CPU time that was busy over `ms` milliseconds (0–1). */
export async function busyShare(ms: number): Promise<number> {
  const before = await cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = await cpuTimes();
  const total = after.total - before.total;
  return total === 0 ? 0 : 1 - (after.idle - before.idle) / total;
}

/**
 * Resolves once `windows` windows of a second in a row were each under `threshold` busy, or after `maxMs` (the
 * benchmark then goes on and says so: another program may simply be busy). Returns the seconds waited.
 */
export async function waitForQuietMachine(
  log: (line: string) => void,
  { threshold = 0.2, windows = 3, maxMs = 120_000 } = {},
): Promise<number> {
  const started = Date.now();
  let quiet = 0;
  let last = 1;
  while (quiet < windows && Date.now() - started < maxMs) {
    last = await busyShare(1000);
    quiet = last < threshold ? quiet + 1 : 0;
  }
  const waited = (Date.now() - started) / 1000;
  if (quiet < windows)
    log(
      `› the machine is still ${(last * 100).toFixed(0)} % busy after ${waited.toFixed(0)} s: measuring anyway`,
    );
  else log(`› machine quiet (${(last * 100).toFixed(0)} % busy) after ${waited.toFixed(1)} s`);
  return waited;
}
