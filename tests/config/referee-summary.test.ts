import { describe, expect, it } from 'vitest';
import { compareEngines, type EngineReport } from '../../scripts/referee-summary';

const report = (files: Record<string, Record<string, string>>): EngineReport => ({
  testResults: Object.entries(files).map(([name, tests]) => ({
    name: `/repo/${name}`,
    assertionResults: Object.entries(tests).map(([fullName, status]) => ({ fullName, status })),
  })),
});
const referee = (rules: Record<string, string>) =>
  report({ 'tests/referee/compiler.test.ts': { compiles: 'passed' }, 'tests/rules/a.test.ts': rules });
const ours = (rules: Record<string, string>) =>
  report({ 'tests/rules/a.test.ts': rules, 'tests/rules/storage.test.ts': { uploads: 'passed' } });

describe('the rules suites on both engines', () => {
  it('counts the tests both engines ran and finds them the same', () => {
    const lines = compareEngines(
      [referee({ reads: 'passed', writes: 'failed' }), ours({ reads: 'passed', writes: 'failed' })],
      '/repo',
    );
    expect(lines).toEqual(['Rules suites: 2 tests, both engines, same results']);
  });

  it('names each test whose outcome differs', () => {
    const lines = compareEngines(
      [ours({ reads: 'passed', writes: 'passed' }), referee({ reads: 'passed', writes: 'failed' })],
      '/repo',
    );
    expect(lines).toEqual([
      'Rules suites: 2 tests, both engines, 1 different results:',
      "  tests/rules/a.test.ts › writes: Google's failed, ours passed",
    ]);
  });

  it("says so where Google's emulator is absent, and nothing in a run without the referee", () => {
    expect(compareEngines([referee({ reads: 'skipped' }), ours({ reads: 'passed' })], '/repo')).toEqual([
      "Rules suites: 1 tests on our engine only (Google's Firestore emulator not installed)",
    ]);
    expect(compareEngines([ours({ reads: 'passed' })], '/repo')).toEqual([]);
  });
});
