/** A place in a rules file that does not compile, and why. */
export interface RulesSyntaxIssue {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** A rules file that cannot be compiled. Callers log it and fall back to `denyAllRuleset`. */
export class RulesSyntaxError extends Error {
  readonly issues: RulesSyntaxIssue[];

  constructor(issues: RulesSyntaxIssue[]) {
    super(issues.map((i) => `${i.file}:${i.line}:${i.column}: ${i.message}`).join('\n'));
    this.name = 'RulesSyntaxError';
    this.issues = issues;
  }

  get file(): string {
    return this.issues[0].file;
  }
  get line(): number {
    return this.issues[0].line;
  }
  get column(): number {
    return this.issues[0].column;
  }
}

/**
 * A failure while evaluating a condition (missing field, wrong type, exceeded limit…).
 * Production turns these into "this allow is false"; it never escapes `Ruleset.evaluate`.
 */
export class RulesEvaluationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RulesEvaluationError';
  }
}

export function fail(message: string): never {
  throw new RulesEvaluationError(message);
}
