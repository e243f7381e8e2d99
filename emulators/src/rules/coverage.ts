/**
 * Rule coverage: for every `allow` of a ruleset, and for each top-level operand of its condition (the parts of an
 * `a && b && c` or `a || b` chain, as the trace shows them), how often it was evaluated and how often it gave
 * true, false or an error, since the coverage was made or last reset. The emulators count every request they
 * judge (the console's Coverage page, Firestore's `:ruleCoverage.html`, the report of `npm test`).
 *
 * The parts are evaluated here once each, in production's order, and combined the way `&&` / `||` combine
 * (interpreter.ts `logical`: an error on one side is forgiven when the other side decides), so counting changes
 * neither the decision nor its message, and no condition is evaluated twice.
 */
import type { AllowNode, Expr } from './ast.js';
import { RulesEvaluationError } from './errors.js';
import { asBool, evaluate, type EvalContext, type Scope } from './interpreter.js';
import { exprText } from './trace.js';

export interface CoverageCounts {
  evaluated: number;
  true: number;
  false: number;
  error: number;
}

/** One operand of an allow's top-level `&&` / `||` chain (or the whole condition when it is not a chain). */
export interface ConditionCoverage extends CoverageCounts {
  text: string;
}

/** An allow statement: `true` counts the times it granted. */
export interface AllowCoverage extends CoverageCounts {
  line: number;
  methods: readonly string[];
  /** Source text of the condition; null for a bare `allow read;`. */
  condition: string | null;
  /** How the parts combine: `&&`, `||`, or null for a single condition. */
  connective: '&&' | '||' | null;
  conditions: ConditionCoverage[];
}

/** Every allow of the ruleset, in source order, with its counts. Plain JSON. */
export interface CoverageReport {
  allows: AllowCoverage[];
}

/** `limits`: the emulator's safeguards stopped the evaluation, which ends the whole condition at once. */
type Outcome = true | false | { error: string; limits?: true };

interface Entry {
  allow: AllowNode;
  connective: '&&' | '||' | null;
  parts: Expr[];
  counts: AllowCoverage;
}

const zero = (): CoverageCounts => ({ evaluated: 0, true: 0, false: 0, error: 0 });

function flatten(expr: Expr, kind: 'and' | 'or'): Expr[] {
  return expr.k === kind ? [...flatten(expr.left, kind), ...flatten(expr.right, kind)] : [expr];
}

function count(counts: CoverageCounts, outcome: Outcome): void {
  counts.evaluated++;
  if (outcome === true) counts.true++;
  else if (outcome === false) counts.false++;
  else counts.error++;
}

/** Errors that are the rules' own (deny) versus the emulator's limits; anything else is a bug and propagates. */
function errorOutcome(error: unknown): { error: string; limits?: true } {
  if (error instanceof RulesEvaluationError) return { error: error.message };
  if (error instanceof RangeError) return { error: 'Evaluation exceeded its limits.', limits: true };
  throw error;
}

export class RuleCoverage {
  private readonly entries = new Map<AllowNode, Entry>();

  /** `allows`: every allow of the ruleset, in source order (uncovered ones are reported with zero counts). */
  constructor(allows: readonly AllowNode[]) {
    for (const allow of allows) {
      const conjuncts = allow.condition ? flatten(allow.condition, 'and') : [];
      const disjuncts = allow.condition && conjuncts.length === 1 ? flatten(allow.condition, 'or') : [];
      const connective = conjuncts.length > 1 ? '&&' : disjuncts.length > 1 ? '||' : null;
      const parts = connective === '&&' ? conjuncts : connective === '||' ? disjuncts : conjuncts;
      this.entries.set(allow, {
        allow,
        connective,
        parts,
        counts: {
          line: allow.line,
          methods: allow.methods,
          condition: allow.condition && exprText(allow.condition),
          connective,
          conditions: parts.map((part) => ({ text: exprText(part), ...zero() })),
          ...zero(),
        },
      });
    }
  }

  /**
   * Decides one applicable allow and counts it: true, or why not ('false' or the error message), exactly what
   * the ruleset's own check answers for the same condition.
   */
  judge(allow: AllowNode, scope: Scope, ctx: EvalContext): true | string {
    const entry = this.entries.get(allow);
    if (!entry) throw new Error(`Coverage of another ruleset: no allow at line ${allow.line}`);
    const outcome = this.decide(entry, scope, ctx);
    count(entry.counts, outcome);
    return outcome === true ? true : outcome === false ? 'false' : outcome.error;
  }

  private decide(entry: Entry, scope: Scope, ctx: EvalContext): Outcome {
    if (entry.allow.condition === null) return true;
    if (entry.connective === null) return this.part(entry, 0, scope, ctx, null);
    const decisive = entry.connective === '||';
    let result = this.part(entry, 0, scope, ctx, entry.connective);
    for (let i = 1; i < entry.parts.length; i++) {
      // Production stops at the first operand that decides (false for &&, true for ||), and at its own limits.
      if (result === decisive || (typeof result === 'object' && result.limits)) break;
      const outcome = this.part(entry, i, scope, ctx, entry.connective);
      if (result === !decisive || outcome === decisive || (typeof outcome === 'object' && outcome.limits))
        result = outcome;
      else if (outcome !== !decisive) result = outcome; // an error after an error: the later one stands
      // else: an error followed by a bool that does not decide keeps the error.
    }
    return result;
  }

  /** Evaluates one part and counts it; `op` words a non-bool operand as the operator would. */
  private part(entry: Entry, i: number, scope: Scope, ctx: EvalContext, op: '&&' | '||' | null): Outcome {
    let outcome: Outcome;
    try {
      ctx.depth = 0;
      const value = evaluate(entry.parts[i], scope, ctx);
      if (op) outcome = asBool(value, op);
      else if (typeof value === 'boolean') outcome = value;
      else outcome = { error: `Condition is not a bool (got ${String(value)}).` };
    } catch (error) {
      outcome = errorOutcome(error);
    }
    count(entry.counts.conditions[i], outcome);
    return outcome;
  }

  /** Starts counting again from zero. */
  reset(): void {
    for (const { counts } of this.entries.values()) {
      Object.assign(counts, zero());
      for (const condition of counts.conditions) Object.assign(condition, zero());
    }
  }

  report(): CoverageReport {
    const allows = [...this.entries.values()].map(({ counts }) => ({
      ...counts,
      conditions: counts.conditions.map((c) => ({ ...c })),
    }));
    return { allows: allows.sort((a, b) => a.line - b.line) };
  }
}

/** Adds `more` into `into` (the same rules source: the same allows in the same order), e.g. over test files. */
export function addCoverage(into: CoverageReport, more: CoverageReport): CoverageReport {
  if (into.allows.length !== more.allows.length)
    throw new Error('Coverage of different rules cannot be added.');
  const add = (a: CoverageCounts, b: CoverageCounts) => {
    a.evaluated += b.evaluated;
    a.true += b.true;
    a.false += b.false;
    a.error += b.error;
  };
  into.allows.forEach((allow, i) => {
    const other = more.allows[i];
    if (other.line !== allow.line || other.conditions.length !== allow.conditions.length)
      throw new Error(`Coverage of different rules cannot be added (line ${allow.line}).`);
    add(allow, other);
    allow.conditions.forEach((c, j) => add(c, other.conditions[j]));
  });
  return into;
}
