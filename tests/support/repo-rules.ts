/** The shop's own rules files, compiled as the emulators load them, for the rules engine's decisions on them. */
import { readFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';
import { saveEngineCoverage } from './rules-coverage-report.js';
import { compileRules } from '../../emulators/src/rules/ruleset.js';
import type { Ruleset } from '../../emulators/src/rules/types.js';

/** One of the repository's own rules files (firestore.rules, storage.rules), compiled as the emulators load it. */
export function repoRules(fileName: 'firestore.rules' | 'storage.rules'): {
  rules: Ruleset;
  /** The 1-based line of the first line containing `text`, for asserting which allow decided. */
  /** The line holding `text`; with `within`, the first such line after the one holding `within`. */
  lineOf(text: string, within?: string): number;
} {
  const source = readFileSync(new URL(`../../${fileName}`, import.meta.url), 'utf8');
  const lines = source.split('\n');
  return {
    rules: compileRules(source, fileName),
    lineOf(text, within) {
      const from = within === undefined ? 0 : lines.findIndex((line) => line.includes(within));
      const index = from < 0 ? -1 : lines.findIndex((line, at) => at >= from && line.includes(text));
      if (index < 0) throw new Error(`${fileName} has no line containing ${text}`);
      return index + 1;
    },
  };
}

/**
 * `repoRules`, with every decision counted for the rule-coverage report of `npm test`
 * (test-results/rules-coverage.html): the suite's counts are saved after its tests. Call it at a test file's top
 * level, where `afterAll` can be registered.
 */
export function countedRepoRules(
  fileName: 'firestore.rules' | 'storage.rules',
): ReturnType<typeof repoRules> {
  const repo = repoRules(fileName);
  const coverage = repo.rules.createCoverage?.();
  if (!coverage) return repo;
  const suite = expect.getState().testPath ?? 'rules-engine';
  afterAll(() => {
    const report = coverage.report();
    const service = fileName === 'firestore.rules' ? 'firestore' : 'storage';
    if (report.allows.some((allow) => allow.evaluated > 0))
      saveEngineCoverage(
        suite,
        service,
        fileName,
        readFileSync(new URL(`../../${fileName}`, import.meta.url), 'utf8'),
        report,
      );
  });
  const counted: Ruleset = {
    service: repo.rules.service,
    evaluate: (request, data, options) => repo.rules.evaluate(request, data, { ...options, coverage }),
  };
  return { ...repo, rules: counted };
}
