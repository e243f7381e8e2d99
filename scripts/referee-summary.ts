/**
 * The rules suites' results on both engines (issue 50): the `referee` project runs the suites of
 * tests/support/firestore-rules-env.ts against Google's Firestore emulator, the integration run against ours. From
 * the Vitest JSON reports of one `npm test`, one line: "N tests, both engines, same results", or each test whose
 * outcome differs.
 */
import { relative } from 'node:path';

interface Assertion {
  fullName: string;
  status: string;
}
export interface EngineReport {
  testResults: { name: string; assertionResults: Assertion[] }[];
}

/** The lines to print; none when no report holds the referee's suites (a run of other projects). */
export function compareEngines(reports: EngineReport[], root = process.cwd()): string[] {
  const files = (report: EngineReport) => report.testResults.map((result) => relative(root, result.name));
  const isReferee = (report: EngineReport) => files(report).some((file) => file.startsWith('tests/referee/'));
  const refereeReport = reports.find(isReferee);
  if (!refereeReport) return [];
  const outcomes = (selected: EngineReport[]) => {
    const byTest = new Map<string, string>();
    for (const report of selected)
      for (const result of report.testResults) {
        const file = relative(root, result.name);
        if (!file.startsWith('tests/rules/')) continue;
        for (const test of result.assertionResults) byTest.set(`${file} › ${test.fullName}`, test.status);
      }
    return byTest;
  };
  const google = outcomes([refereeReport]);
  const ours = outcomes(reports.filter((report) => report !== refereeReport));
  const compared = [...google.keys()].filter((test) => ours.has(test));
  if (compared.length === 0) return [];
  if (compared.every((test) => google.get(test) === 'skipped' || google.get(test) === 'pending'))
    return [
      `Rules suites: ${compared.length} tests on our engine only (Google's Firestore emulator not installed)`,
    ];
  const differences = compared.filter((test) => google.get(test) !== ours.get(test));
  if (differences.length === 0) return [`Rules suites: ${compared.length} tests, both engines, same results`];
  return [
    `Rules suites: ${compared.length} tests, both engines, ${differences.length} different results:`,
    ...differences.map((test) => `  ${test}: Google's ${google.get(test)}, ours ${ours.get(test)}`),
  ];
}
