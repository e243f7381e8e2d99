/**
 * Why a decision came out as it did, for the emulator console's Requests view: each `allow` that applied to the
 * request, whether it granted, and for one that did not, which of its top-level conditions were false or
 * errored. Built only when a caller asks (`EvaluateOptions.trace`), so a decision nobody watches costs nothing
 * extra; the conditions are evaluated a second time only for allows that failed.
 */
import type { AllowNode, Expr } from './ast.js';
import { RulesEvaluationError } from './errors.js';
import { evaluate, type EvalContext, type Scope } from './interpreter.js';
import type { AllowTrace, ConditionTrace } from './evaluation-types.js';
import { showValue } from './values.js';

/** `outcome` is what `check` answered for the whole condition: true, or 'false', or the error message. */
export function traceAllow(
  allow: AllowNode,
  outcome: true | string,
  scope: Scope,
  ctx: EvalContext,
): AllowTrace {
  const base = {
    line: allow.line,
    methods: allow.methods,
    condition: allow.condition && exprText(allow.condition),
  };
  if (outcome === true) return { ...base, outcome: 'granted', conditions: [] };
  const conditions = allow.condition ? explainCondition(allow.condition, scope, ctx) : [];
  return outcome === 'false'
    ? { ...base, outcome: 'false', conditions }
    : { ...base, outcome: 'error', error: outcome, conditions };
}

/**
 * The parts of a failed condition, each evaluated on its own: the operands of a top-level `&&` chain (in order,
 * stopping where production stops: at the first that is not true), or of a top-level `||` chain (all of them,
 * since every one failed).
 */
function explainCondition(condition: Expr, scope: Scope, ctx: EvalContext): ConditionTrace[] {
  const conjuncts = flatten(condition, 'and');
  const parts = conjuncts.length > 1 ? conjuncts : flatten(condition, 'or');
  if (parts.length === 1) return [judge(condition, scope, ctx)];
  const traces: ConditionTrace[] = [];
  let stopped = false;
  for (const part of parts) {
    if (stopped) {
      traces.push({ text: exprText(part), outcome: 'skipped' });
      continue;
    }
    const trace = judge(part, scope, ctx);
    traces.push(trace);
    if (conjuncts.length > 1 && trace.outcome !== 'true') stopped = true;
  }
  return traces;
}

function flatten(expr: Expr, kind: 'and' | 'or'): Expr[] {
  return expr.k === kind ? [...flatten(expr.left, kind), ...flatten(expr.right, kind)] : [expr];
}

function judge(expr: Expr, scope: Scope, ctx: EvalContext): ConditionTrace {
  const text = exprText(expr);
  ctx.depth = 0;
  try {
    const value = evaluate(expr, scope, ctx);
    if (value === true) return { text, outcome: 'true' };
    if (value === false) return { text, outcome: 'false' };
    return { text, outcome: 'error', error: `not a bool (got ${showValue(value)})` };
  } catch (error) {
    if (error instanceof RulesEvaluationError) return { text, outcome: 'error', error: error.message };
    if (error instanceof RangeError)
      return { text, outcome: 'error', error: 'Evaluation exceeded its limits.' };
    throw error;
  }
}

const COMPOUND = new Set<Expr['k']>(['and', 'or', 'binary', 'cond', 'is']);

/** Parenthesised when compound, except where precedence makes it unambiguous (comparisons inside && / ||). */
function operand(expr: Expr, within?: 'and' | 'or'): string {
  const bare = within === 'and' ? expr.k !== 'or' && expr.k !== 'cond' : within === 'or' && expr.k !== 'cond';
  return COMPOUND.has(expr.k) && !bare ? `(${exprText(expr)})` : exprText(expr);
}

/** The expression as rules source (normalised spacing; parentheses around compound operands). */
export function exprText(expr: Expr): string {
  switch (expr.k) {
    case 'lit':
      return showValue(expr.v);
    case 'id':
      return expr.name;
    case 'list':
      return `[${expr.items.map(exprText).join(', ')}]`;
    case 'map':
      return `{${expr.entries.map((e) => `${exprText(e.key)}: ${exprText(e.value)}`).join(', ')}}`;
    case 'path':
      return expr.segments
        .map(
          (segment) => '/' + segment.map((p) => (typeof p === 'string' ? p : `$(${exprText(p)})`)).join(''),
        )
        .join('');
    case 'member':
      return `${operand(expr.target)}.${expr.name}`;
    case 'index':
      return `${operand(expr.target)}[${exprText(expr.index)}]`;
    case 'slice':
      return `${operand(expr.target)}[${expr.from ? exprText(expr.from) : ''}:${expr.to ? exprText(expr.to) : ''}]`;
    case 'call':
      return `${expr.name}(${expr.args.map(exprText).join(', ')})`;
    case 'method':
      return `${operand(expr.target)}.${expr.name}(${expr.args.map(exprText).join(', ')})`;
    case 'not':
      return `!${operand(expr.operand)}`;
    case 'neg':
      return `-${operand(expr.operand)}`;
    case 'and':
      return `${operand(expr.left, 'and')} && ${operand(expr.right, 'and')}`;
    case 'or':
      return `${operand(expr.left, 'or')} || ${operand(expr.right, 'or')}`;
    case 'binary':
      return `${operand(expr.left)} ${expr.op} ${operand(expr.right)}`;
    case 'is':
      return `${operand(expr.value)} is ${expr.type}`;
    case 'cond':
      return `${operand(expr.test)} ? ${operand(expr.then)} : ${operand(expr.otherwise)}`;
  }
}
