/**
 * The rule coverage of the rules suites, written by `npm test` (scripts/test.sh): each suite that runs the
 * project's rules in private emulators (`startAcharEmulators`) saves what its requests exercised as
 * `test-results/rules-coverage/<suite>.json` when it stops them, and `test-results/rules-coverage.html` is drawn
 * again from all of them (counts added per service when the rules text is the same), so an allow no test reaches
 * shows as never evaluated.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addCoverage, type CoverageReport } from '../../emulators/src/rules/coverage.js';
import { coverageHtml } from '../../emulators/src/rules/coverage-html.js';
import type { OfflineEmulators } from '../../emulators/src/index.js';

const RESULTS = fileURLToPath(new URL('../../test-results', import.meta.url));
const COVERAGE_DIR = join(RESULTS, 'rules-coverage');
const COVERAGE_HTML = join(RESULTS, 'rules-coverage.html');
const SERVICES = ['firestore', 'storage'] as const;

type Saved = Record<string, { file: string; text: string; report: CoverageReport } | null>;

/** Saves the coverage of a suite's private emulators (named after its test file) and redraws the report. */
export function saveRulesCoverage(suitePath: string, emulators: OfflineEmulators): void {
  const saved: Saved = {};
  for (const service of SERVICES) {
    const { rules, report } = emulators.requests.coverage(service);
    saved[service] = rules && report ? { file: rules.file, text: rules.text, report } : null;
  }
  save(suitePath, saved);
}

/** Saves the coverage of a suite that asks the rules engine itself (repo-rules.ts `countedRepoRules`). */
export function saveEngineCoverage(
  suitePath: string,
  service: (typeof SERVICES)[number],
  file: string,
  text: string,
  report: CoverageReport,
): void {
  save(`${suitePath.replace(/\.test\.ts$/, '')}-${service}`, { [service]: { file, text, report } });
}

function save(suitePath: string, saved: Saved): void {
  mkdirSync(COVERAGE_DIR, { recursive: true });
  writeWhole(
    join(COVERAGE_DIR, `${basename(suitePath).replace(/\.test\.ts$/, '')}.json`),
    JSON.stringify(saved),
  );
  writeWhole(COVERAGE_HTML, drawReport());
}

/** Suites run side by side: a file is renamed into place whole, so another suite never reads half of it. */
function writeWhole(file: string, text: string): void {
  const part = `${file}.${process.pid}.part`;
  writeFileSync(part, text);
  renameSync(part, file);
}

function drawReport(): string {
  const files = readdirSync(COVERAGE_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const sections = new Map<
    string,
    { title: string; text: string; report: CoverageReport; suites: string[] }
  >();
  for (const file of files) {
    const saved = JSON.parse(readFileSync(join(COVERAGE_DIR, file), 'utf8')) as Saved;
    for (const service of SERVICES) {
      const entry = saved[service];
      if (!entry) continue;
      // Rules files are relative to the repository in the title; a suite's rules differ only if the file changed.
      const key = `${service}\n${entry.text}`;
      const suite = file.replace(/\.json$/, '');
      const known = sections.get(key);
      if (known) {
        addCoverage(known.report, entry.report);
        known.suites.push(suite);
      } else
        sections.set(key, {
          title: basename(entry.file),
          text: entry.text,
          report: entry.report,
          suites: [suite],
        });
    }
  }
  return coverageHtml(
    'Rule coverage of the rules suites',
    [...sections.values()].map((s) => ({ ...s, title: `${s.title} (${s.suites.join(', ')})` })),
  );
}
