/**
 * Turns rules source text into the AST of ast.ts.
 *
 * The parser is generated from rules.peggy when this module is first used and cached for the process.
 * We generate at load time instead of committing generated JavaScript so the grammar is the only source
 * (no stale generated file, nothing for lint/format to trip over); generation costs tens of
 * milliseconds once per process, which is negligible next to emulator start-up.
 */
import { readFileSync } from 'node:fs';
import peggy from 'peggy';
import type { RulesFileNode } from './ast.js';
import { RulesSyntaxError } from './errors.js';

interface GeneratedParser {
  parse(input: string, options?: { grammarSource?: string }): unknown;
  SyntaxError: typeof peggy.parser.SyntaxError;
}

let cachedParser: GeneratedParser | null = null;

function rulesParser(): GeneratedParser {
  if (!cachedParser) {
    const grammar = readFileSync(new URL('./rules.peggy', import.meta.url), 'utf8');
    cachedParser = peggy.generate(grammar, {
      output: 'parser',
      grammarSource: 'rules.peggy',
    }) as GeneratedParser;
  }
  return cachedParser;
}

/** Parses a rules file; syntax errors become a RulesSyntaxError naming file, line, column and what was expected. */
export function parseRulesFile(source: string, fileName: string): RulesFileNode {
  const parser = rulesParser();
  try {
    return parser.parse(source, { grammarSource: fileName }) as RulesFileNode;
  } catch (error) {
    if (error instanceof parser.SyntaxError) {
      const { line, column } = error.location.start;
      throw new RulesSyntaxError([{ file: fileName, line, column, message: describeSyntaxError(error) }]);
    }
    throw error;
  }
}

type Expectation = NonNullable<InstanceType<typeof peggy.parser.SyntaxError>['expected']>[number];

function describeExpectation(e: Expectation): string {
  switch (e.type) {
    case 'literal':
      return `"${e.text}"`;
    case 'other':
      return e.description;
    case 'end':
      return 'end of input';
    case 'any':
      return 'any character';
    case 'class':
      return `one of [${e.parts.map((p) => (Array.isArray(p) ? p.join('-') : p)).join('')}]`;
  }
}

function describeSyntaxError(error: InstanceType<typeof peggy.parser.SyntaxError>): string {
  if (!error.expected) return error.message; // raised by error() inside the grammar
  const expected = [
    ...new Set(
      error.expected
        .filter((e) => !(e.type === 'other' && e.description === 'whitespace'))
        .map(describeExpectation),
    ),
  ];
  const found = error.found === null ? 'end of input' : `"${error.found}"`;
  return `Unexpected ${found}; expected ${expected.join(', ')}`;
}
