/** The shop's own rules files, compiled as the emulators load them, for the rules engine's decisions on them. */
import { readFileSync } from 'node:fs';
import { compileRules } from '../../emulators/src/rules/ruleset.js';
import type { Ruleset } from '../../emulators/src/rules/types.js';

/** One of the repository's own rules files (firestore.rules, storage.rules), compiled as the emulators load it. */
export function repoRules(fileName: 'firestore.rules' | 'storage.rules'): {
  rules: Ruleset;
  /** The 1-based line of the first line containing `text`, for asserting which allow decided. */
  lineOf(text: string): number;
} {
  const source = readFileSync(new URL(`../../${fileName}`, import.meta.url), 'utf8');
  const lines = source.split('\n');
  return {
    rules: compileRules(source, fileName),
    lineOf(text) {
      const index = lines.findIndex((line) => line.includes(text));
      if (index < 0) throw new Error(`${fileName} has no line containing ${text}`);
      return index + 1;
    },
  };
}
