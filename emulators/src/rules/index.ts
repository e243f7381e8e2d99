/** The Firebase Security Rules engine used by the Firestore and Storage emulators. */
export {
  compileRules,
  denyAllRuleset,
  allowAllRuleset,
  SINGLE_DOCUMENT_ACCESS_LIMIT,
  BATCH_DOCUMENT_ACCESS_LIMIT,
} from './ruleset.js';
export { RulesSyntaxError } from './errors.js';
export { MAX_CALL_DEPTH, MAX_EVALUATION_STEPS } from './interpreter.js';
export type * from './types.js';
export { RuleCoverage, addCoverage } from './coverage.js';
export type { CoverageReport, AllowCoverage, ConditionCoverage, CoverageCounts } from './coverage.js';
