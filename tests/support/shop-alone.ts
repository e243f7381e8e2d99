/**
 * The setup of the `integration-alone` suites (vitest.config.ts): each holds the shared shop alone for its whole
 * file. They run after the side-by-side suites, two workers at a time beside the `integration-own` suites (which
 * start emulators of their own and never reach the shared shop), so one alone suite waits here until the one
 * before it has ended. The lock is a file holding its worker's process id: one left by a worker that died is
 * taken over.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

const LOCK = fileURLToPath(new URL('../../test-results/shop-alone.lock', import.meta.url));
/** Longer than the slowest alone suite takes on a busy two-core host (the console's, about a minute). */
const WAIT_AT_MOST_MS = 10 * 60_000;

function holder(): number | null {
  try {
    return Number(readFileSync(LOCK, 'utf8')) || null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function takeTheShop(): Promise<void> {
  mkdirSync(dirname(LOCK), { recursive: true });
  const deadline = Date.now() + WAIT_AT_MOST_MS;
  for (;;) {
    try {
      writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = holder();
    // Its own (a suite before, in the same worker, that ended without its afterAll) or a dead worker's.
    if (pid !== null && (pid === process.pid || !alive(pid))) rmSync(LOCK, { force: true });
    else if (Date.now() > deadline)
      throw new Error(
        `The shared shop was still held by process ${pid} after ${WAIT_AT_MOST_MS / 60_000} min`,
      );
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

await takeTheShop();

afterAll(() => {
  if (holder() === process.pid) rmSync(LOCK, { force: true });
});
