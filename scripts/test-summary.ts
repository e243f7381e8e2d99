/**
 * Adds up the Vitest JSON reports of every run (scripts/test.sh): how long each part of a run took (from its first
 * file's start to its last file's end; the parts of one run go side by side), the slowest files, and one closing
 * line: "N passed, N failed".
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';
import { compareEngines, type EngineReport } from './referee-summary.js';

interface Report {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: (EngineReport['testResults'][number] & { startTime: number; endTime: number })[];
}

const SLOWEST = 10;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

let passed = 0;
let failed = 0;
let skipped = 0;
const runs: { name: string; ms: number; files: number }[] = [];

/** The part of the repository a test file belongs to (a report holds the files of one run, of several projects). */
function partOf(run: string, path: string): string {
  const top = path.split('/')[0]!;
  if (top === 'emulators' || top === 'functions') return top;
  if (top === 'src') return 'web';
  if (path.startsWith('tests/config/')) return 'config';
  return run;
}
const files: { name: string; ms: number }[] = [];
const reports: Report[] = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`(no report: ${file})`);
    failed++;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  reports.push(report);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  const run = basename(file, '.json').replace(/^vitest-/, '');
  const parts = new Map<string, { start: number; end: number; files: number }>();
  for (const result of report.testResults) {
    const name = relative(process.cwd(), result.name);
    files.push({ name, ms: result.endTime - result.startTime });
    const part = `${run}: ${partOf(run, name)}`;
    const known = parts.get(part) ?? { start: Infinity, end: 0, files: 0 };
    parts.set(part, {
      start: Math.min(known.start, result.startTime),
      end: Math.max(known.end, result.endTime),
      files: known.files + 1,
    });
  }
  for (const [name, part] of parts) runs.push({ name, ms: part.end - part.start, files: part.files });
}

if (runs.length > 0) {
  console.log('\nTime per part (first file started → last file ended; the set-up before it is not counted):');
  for (const run of runs) console.log(`${seconds(run.ms)}  ${run.name} (${run.files} files)`);
  console.log(`\nThe ${SLOWEST} slowest files:`);
  for (const file of files.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST))
    console.log(`${seconds(file.ms)}  ${file.name}`);
}
for (const line of compareEngines(reports)) console.log(`\n${line}`);
console.log(`\nSummary: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
