/** The Firebase Security Rules engine used by the Firestore and Storage emulators. */
export { compileRules, denyAllRuleset, BATCH_DOCUMENT_ACCESS_LIMIT } from './ruleset.js';
export { RulesSyntaxError } from './errors.js';
export type * from './types.js';
