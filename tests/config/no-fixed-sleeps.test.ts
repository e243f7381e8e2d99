/**
 * Events, not sleeps: no test waits a fixed time longer than 200 ms. A test waits for what matters (a polled
 * condition with a deadline, `expect.poll`, Playwright's waiting, an emitted event, or a later known event); a
 * poll's own step may be a short sleep, at most 200 ms. Scanned: every file under tests/, the test files of the
 * web app, the functions and the emulators, and the web app's and the emulators' test helpers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const THIS_FILE = relative(root, fileURLToPath(import.meta.url));
const LONGEST_SLEEP_MS = 200;

/** A number as written in code: `1500`, `1_500`, `0.5`. */
const N = String.raw`(\d[\d_]*(?:\.\d+)?)`;
const FIXED_SLEEPS = [
  // A promise that resolves after N ms: `setTimeout(resolve, N)`, `setTimeout(() => done(), N)`.
  new RegExp(String.raw`\bsetTimeout\(\s*(?:[\w$]+|\(\)\s*=>\s*[\w$]+\(\s*\))\s*,\s*${N}\s*\)`, 'g'),
  // node:timers/promises' `await setTimeout(N)` (not a socket's or a request's `x.setTimeout(N, …)` guard).
  new RegExp(String.raw`(?<![.\w$])setTimeout\(\s*${N}\s*[,)]`, 'g'),
  // Playwright's `page.waitForTimeout(N)` and the usual helpers' names.
  new RegExp(String.raw`\b(?:waitForTimeout|sleep|delay|pause|wait)\(\s*${N}\s*\)`, 'g'),
];

interface FixedSleep {
  file: string;
  line: number;
  text: string;
  ms: number;
}

/** The fixed waits longer than 200 ms in one file's text; a guard racing another promise is not one. */
function fixedSleepsIn(file: string, source: string): FixedSleep[] {
  const found: FixedSleep[] = [];
  for (const pattern of FIXED_SLEEPS) {
    for (const match of source.matchAll(pattern)) {
      const ms = Number(match[1].replaceAll('_', ''));
      if (ms <= LONGEST_SLEEP_MS) continue;
      const lineStart = source.lastIndexOf('\n', match.index) + 1;
      const statement = source.slice(lineStart, match.index);
      // `Promise.race([work, new Promise((r) => setTimeout(r, 2000))])` bounds a wait; it does not make one.
      if (statement.includes('Promise.race(')) continue;
      const line = source.slice(0, match.index).split('\n').length;
      found.push({ file, line, text: match[0].replace(/\s+/g, ' '), ms });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'lib', 'test-results', 'coverage', '.git']);

function filesUnder(dir: string, keep: (path: string) => boolean): string[] {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(path, keep);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) && keep(path) ? [path] : [];
  });
}

const isTestFile = (path: string) => /\.test\.(ts|tsx|mts|js|mjs)$/.test(path);
const isTestOrHelper = (path: string) => isTestFile(path) || /\/(testing|__tests__)\//.test(path);

/** The suites: tests/ whole, and the test files and test helpers beside the code. */
function suiteFiles(): string[] {
  return [
    ...filesUnder('tests', () => true),
    ...filesUnder('scripts', isTestFile),
    ...filesUnder('src', isTestOrHelper),
    ...filesUnder('functions/src', isTestFile),
    ...filesUnder('emulators/src', isTestOrHelper),
    ...filesUnder('emulators/console-app/src', isTestOrHelper),
  ].filter((path) => path !== THIS_FILE);
}

describe('fixed sleeps in the suites', () => {
  it('are told apart from waits on an event (the check itself)', () => {
    const sample = [
      'await new Promise((resolve) => setTimeout(resolve, 1500));',
      'await new Promise((r) =>',
      '  setTimeout(r, 5_000),',
      ');',
      'await page.waitForTimeout(500);',
      "import { setTimeout as sleep } from 'node:timers/promises';",
      'await sleep(250);',
      'await setTimeout(1_000);',
      // Not fixed sleeps longer than 200 ms:
      'await new Promise((resolve) => setTimeout(resolve, 200));',
      'await new Promise((resolve) => setTimeout(resolve, wait));',
      'await Promise.race([deleteApp(app), new Promise((r) => setTimeout(r, 1000))]);',
      "request.setTimeout(5_000, () => reject(new Error('no data')));",
      'setTimeout(() => res.writeHead(200).end(), answer.delayMs);',
      'await expect.poll(check, { timeout: 10_000, interval: 100 }).toBe(true);',
    ].join('\n');
    expect(fixedSleepsIn('sample.test.ts', sample)).toEqual([
      { file: 'sample.test.ts', line: 1, text: 'setTimeout(resolve, 1500)', ms: 1500 },
      { file: 'sample.test.ts', line: 3, text: 'setTimeout(r, 5_000)', ms: 5000 },
      { file: 'sample.test.ts', line: 5, text: 'waitForTimeout(500)', ms: 500 },
      { file: 'sample.test.ts', line: 7, text: 'sleep(250)', ms: 250 },
      { file: 'sample.test.ts', line: 8, text: 'setTimeout(1_000)', ms: 1000 },
    ]);
  });

  it('are none longer than 200 ms: a test waits for the event that matters', () => {
    const files = suiteFiles();
    expect(files).toContain('tests/functions/triggers.test.ts');
    expect(files).toContain('emulators/src/scheduler/scheduler.test.ts');
    const sleeps = files
      .flatMap((file) => fixedSleepsIn(file, readFileSync(join(root, file), 'utf8')))
      .map(({ file, line, text }) => `${file}:${line}: ${text}`);
    expect(sleeps).toEqual([]);
  });
});
