/**
 * Walks compiled expressions. Errors are thrown as RulesEvaluationError and caught where production
 * catches them: in `&&`/`||` (which may still decide) and at each allow statement (which becomes false).
 */
import type { BinaryOp, Expr, FunctionNode, PathSegmentNode } from './ast.js';
import { RulesEvaluationError, fail } from './errors.js';
import { documentToResource } from './firestore-values.js';
import { callNamespaceFunction, conversions } from './globals.js';
import { callMethod, codePoints } from './methods.js';
import { subjectBinary, subjectIs, subjectMember, subjectMethod } from './query-proof.js';
import type { FirestoreDataAccess, RulesService } from './evaluation-types.js';
import {
  RulesDuration,
  RulesNamespace,
  RulesPath,
  RulesQuerySubject,
  RulesSet,
  RulesTimestamp,
  type Value,
  checkedInt,
  compareValues,
  hasType,
  isMap,
  showValue,
  typeName,
  valuesEqual,
} from './values.js';

/** Production limit on nested function calls. */
export const MAX_CALL_DEPTH = 20;

/** Variables of one level (globals, a match block's wildcards, a function call) and the functions declared there. */
export class Scope {
  constructor(
    readonly parent: Scope | null,
    readonly variables: Map<string, Value>,
    readonly functions: ReadonlyMap<string, FunctionNode> | null = null,
  ) {}

  lookup(name: string): Value {
    const value = this.variables.get(name);
    if (value !== undefined) return value;
    if (this.parent) return this.parent.lookup(name);
    return fail(`Variable not found: ${name}.`);
  }

  /** The function and the scope it was declared in (its body sees that scope's wildcards). */
  findFunction(name: string): { fn: FunctionNode; home: Scope } | null {
    const fn = this.functions?.get(name);
    if (fn) return { fn, home: this };
    return this.parent ? this.parent.findFunction(name) : null;
  }
}

/**
 * Production counts get()/exists()/getAfter()/existsAfter() per request; repeated access to the
 * same document is served from a cache and counts once.
 */
export class DocumentAccessBudget {
  private readonly cache = new Map<string, Value>();
  constructor(
    private readonly data: FirestoreDataAccess,
    readonly limit: number,
    private readonly log: Set<string> = new Set(),
  ) {}

  fetch(path: RulesPath, after: boolean): Value {
    const text = documentPathText(path);
    const key = (after ? 'after:' : 'before:') + text;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    if (!this.log.has(key)) {
      if (this.log.size >= this.limit) fail(`Exceeded maximum of ${this.limit} document access calls.`);
      this.log.add(key);
    }
    const doc = after ? this.data.getAfter(text) : this.data.get(text);
    const value = doc ? documentToResource(doc) : null;
    this.cache.set(key, value);
    return value;
  }
}

/** Document paths must look like /databases/{db}/documents/{collection}/{id}[/{collection}/{id}…]. */
function documentPathText(path: RulesPath): string {
  const s = path.segments;
  if (s.length < 5 || s[0] !== 'databases' || s[2] !== 'documents' || (s.length - 3) % 2 !== 0) {
    fail(
      `Invalid document path ${path.toString()}: expected /databases/{database}/documents/{collection}/{id}.`,
    );
  }
  return path.toString();
}

export interface EvalContext {
  service: RulesService;
  documents: DocumentAccessBudget;
  depth: number;
  /** Expression nodes evaluated so far for this request. */
  steps: number;
}

/**
 * An emulator safeguard, not a production number: recursion is capped at 20 calls, but a function that
 * calls itself twice per level could still branch into millions of calls and stall the emulator.
 */
export const MAX_EVALUATION_STEPS = 200_000;

export function evaluate(expr: Expr, scope: Scope, ctx: EvalContext): Value {
  if (++ctx.steps > MAX_EVALUATION_STEPS) fail(`Evaluation exceeded ${MAX_EVALUATION_STEPS} steps.`);
  switch (expr.k) {
    case 'lit':
      return expr.v;
    case 'id':
      return scope.lookup(expr.name);
    case 'member':
      return member(evaluate(expr.target, scope, ctx), expr.name);
    case 'and':
      return logical(expr.left, expr.right, false, scope, ctx);
    case 'or':
      return logical(expr.left, expr.right, true, scope, ctx);
    case 'binary':
      return binary(expr.op, evaluate(expr.left, scope, ctx), evaluate(expr.right, scope, ctx));
    case 'not':
      return !asBool(evaluate(expr.operand, scope, ctx), '!');
    case 'neg':
      return negate(evaluate(expr.operand, scope, ctx));
    case 'cond':
      return asBool(evaluate(expr.test, scope, ctx), '?:')
        ? evaluate(expr.then, scope, ctx)
        : evaluate(expr.otherwise, scope, ctx);
    case 'is': {
      const value = evaluate(expr.value, scope, ctx);
      if (value instanceof RulesQuerySubject) return subjectIs(value, expr.type);
      return hasType(value, expr.type);
    }
    case 'call':
      return call(expr.name, expr.args, scope, ctx);
    case 'method': {
      const target = evaluate(expr.target, scope, ctx);
      const args = expr.args.map((a) => evaluate(a, scope, ctx));
      if (target instanceof RulesNamespace) {
        if (target.name === 'firestore') return crossServiceCall(expr.name, args, ctx);
        return callNamespaceFunction(target, expr.name, args);
      }
      if (target instanceof RulesQuerySubject) return subjectMethod(target, expr.name, args);
      return callMethod(target, expr.name, args);
    }
    case 'index':
      return index(evaluate(expr.target, scope, ctx), evaluate(expr.index, scope, ctx));
    case 'slice':
      return slice(
        evaluate(expr.target, scope, ctx),
        expr.from ? evaluate(expr.from, scope, ctx) : null,
        expr.to ? evaluate(expr.to, scope, ctx) : null,
      );
    case 'list':
      return expr.items.map((item) => evaluate(item, scope, ctx));
    case 'map': {
      const map = new Map<string, Value>();
      for (const { key, value } of expr.entries) {
        const k = evaluate(key, scope, ctx);
        if (typeof k !== 'string') fail(`Map keys must be strings, got ${typeName(k)}.`);
        map.set(k, evaluate(value, scope, ctx));
      }
      return map;
    }
    case 'path':
      return new RulesPath(expr.segments.flatMap((segment) => pathSegment(segment, scope, ctx)));
  }
}

export function asBool(value: Value, operator: string): boolean {
  if (typeof value !== 'boolean') fail(`Operator ${operator} expects bool, got ${typeName(value)}.`);
  return value;
}

/**
 * `||` and `&&` as in production: an error on one side is forgiven when the other side decides
 * (`error || true` → true, `error && false` → false); otherwise the error stands.
 */
function logical(left: Expr, right: Expr, decisive: boolean, scope: Scope, ctx: EvalContext): boolean {
  const op = decisive ? '||' : '&&';
  let leftError: unknown = null;
  try {
    if (asBool(evaluate(left, scope, ctx), op) === decisive) return decisive;
  } catch (error) {
    if (!(error instanceof RulesEvaluationError)) throw error;
    leftError = error;
  }
  const r = asBool(evaluate(right, scope, ctx), op);
  if (r === decisive) return decisive;
  if (leftError) throw leftError;
  return !decisive;
}

function member(target: Value, name: string): Value {
  if (target instanceof RulesQuerySubject) return subjectMember(target, name);
  if (isMap(target)) {
    const value = target.get(name);
    if (value === undefined) fail(`Property ${name} is undefined on object.`);
    return value;
  }
  if (target === null) fail(`Null value error. Cannot read property ${name} of null.`);
  return fail(`Property ${name} is undefined on ${typeName(target)}.`);
}

function intIndex(value: Value, length: number): number {
  if (typeof value !== 'bigint') fail(`Index must be an int, got ${typeName(value)}.`);
  if (value < 0n || value >= BigInt(length)) fail(`Index ${value} out of range (size ${length}).`);
  return Number(value);
}

function index(target: Value, key: Value): Value {
  if (target instanceof RulesQuerySubject && typeof key === 'string') return subjectMember(target, key);
  if (isMap(target)) {
    if (typeof key !== 'string') fail(`Map keys must be strings, got ${typeName(key)}.`);
    return member(target, key);
  }
  if (Array.isArray(target)) return target[intIndex(key, target.length)];
  if (typeof target === 'string') {
    const chars = codePoints(target);
    return chars[intIndex(key, chars.length)];
  }
  if (target instanceof RulesPath) return target.segments[intIndex(key, target.segments.length)];
  if (target === null) fail('Null value error. Cannot index null.');
  return fail(`Cannot index ${typeName(target)}.`);
}

function sliceBounds(from: Value, to: Value, length: number): [number, number] {
  const start = from === null ? 0n : from;
  const end = to === null ? BigInt(length) : to;
  if (typeof start !== 'bigint' || typeof end !== 'bigint') fail('Slice bounds must be ints.');
  if (start < 0n || end > BigInt(length) || start > end)
    fail(`Slice [${start}:${end}] out of range (size ${length}).`);
  return [Number(start), Number(end)];
}

function slice(target: Value, from: Value, to: Value): Value {
  if (Array.isArray(target)) return target.slice(...sliceBounds(from, to, target.length));
  if (typeof target === 'string') {
    const chars = codePoints(target);
    return chars.slice(...sliceBounds(from, to, chars.length)).join('');
  }
  if (target instanceof RulesPath) {
    return new RulesPath(target.segments.slice(...sliceBounds(from, to, target.segments.length)));
  }
  return fail(`Cannot slice ${typeName(target)}.`);
}

function negate(value: Value): Value {
  if (typeof value === 'bigint') return checkedInt(-value);
  if (typeof value === 'number') return -value;
  if (value instanceof RulesDuration) return new RulesDuration(-value.nanos);
  return fail(`Operator - cannot negate ${typeName(value)}.`);
}

function contains(container: Value, item: Value): boolean {
  if (Array.isArray(container)) return container.some((x) => valuesEqual(x, item));
  if (isMap(container)) {
    if (typeof item !== 'string') fail(`Map keys must be strings, got ${typeName(item)}.`);
    return container.has(item);
  }
  if (container instanceof RulesSet) return container.has(item);
  return fail(`Operator in expects a list, map or set, got ${typeName(container)}.`);
}

function arithmetic(op: '+' | '-' | '*' | '/' | '%', a: Value, b: Value): Value {
  if (typeof a === 'bigint' && typeof b === 'bigint') {
    switch (op) {
      case '+':
        return checkedInt(a + b);
      case '-':
        return checkedInt(a - b);
      case '*':
        return checkedInt(a * b);
      case '/':
        if (b === 0n) fail('Division by zero.');
        return checkedInt(a / b);
      case '%':
        if (b === 0n) fail('Modulo by zero.');
        return a % b;
    }
  }
  if ((typeof a === 'bigint' || typeof a === 'number') && (typeof b === 'bigint' || typeof b === 'number')) {
    const x = Number(a);
    const y = Number(b);
    switch (op) {
      case '+':
        return x + y;
      case '-':
        return x - y;
      case '*':
        return x * y;
      case '/':
        return x / y;
      case '%':
        return x % y;
    }
  }
  if (op === '+') {
    if (typeof a === 'string' && typeof b === 'string') return a + b;
    if (Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
    if (a instanceof RulesDuration && b instanceof RulesDuration) return new RulesDuration(a.nanos + b.nanos);
    if (a instanceof RulesTimestamp && b instanceof RulesDuration)
      return new RulesTimestamp(a.nanos + b.nanos);
    if (a instanceof RulesDuration && b instanceof RulesTimestamp)
      return new RulesTimestamp(a.nanos + b.nanos);
  }
  if (op === '-') {
    if (a instanceof RulesTimestamp && b instanceof RulesDuration)
      return new RulesTimestamp(a.nanos - b.nanos);
    if (a instanceof RulesTimestamp && b instanceof RulesTimestamp)
      return new RulesDuration(a.nanos - b.nanos);
    if (a instanceof RulesDuration && b instanceof RulesDuration) return new RulesDuration(a.nanos - b.nanos);
  }
  return fail(`Unsupported operation: ${typeName(a)} ${op} ${typeName(b)}.`);
}

export function binary(op: BinaryOp, a: Value, b: Value): Value {
  if (a instanceof RulesQuerySubject || b instanceof RulesQuerySubject)
    return subjectBinary(op, a, b, binary);
  switch (op) {
    case '==':
      return valuesEqual(a, b);
    case '!=':
      return !valuesEqual(a, b);
    case '<':
      return compareValues(a, b) < 0;
    case '<=':
      return compareValues(a, b) <= 0;
    case '>':
      return compareValues(a, b) > 0;
    case '>=':
      return compareValues(a, b) >= 0;
    case 'in':
      return contains(b, a);
    default:
      return arithmetic(op, a, b);
  }
}

function pathSegment(parts: PathSegmentNode, scope: Scope, ctx: EvalContext): string[] {
  if (parts.length === 1 && typeof parts[0] !== 'string') {
    const value = evaluate(parts[0], scope, ctx);
    // `$(path)` splices a whole path in: /databases/$(database)/documents/$(otherPath)
    if (value instanceof RulesPath) return [...value.segments];
    return [segmentText(value)];
  }
  return [
    parts.map((part) => (typeof part === 'string' ? part : segmentText(evaluate(part, scope, ctx)))).join(''),
  ];
}

function segmentText(value: Value): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint') return value.toString();
  return fail(`Path interpolation expects a string, got ${showValue(value)}.`);
}

function pathArg(name: string, args: Value[]): RulesPath {
  if (args.length !== 1) fail(`Function ${name}() expects 1 argument, got ${args.length}.`);
  const [path] = args;
  if (!(path instanceof RulesPath)) fail(`Function ${name}() expects a path, got ${typeName(path)}.`);
  return path;
}

const documentFunctions: Record<string, (args: Value[], ctx: EvalContext) => Value> = {
  get: (args, ctx) => ctx.documents.fetch(pathArg('get', args), false),
  exists: (args, ctx) => ctx.documents.fetch(pathArg('exists', args), false) !== null,
  getAfter: (args, ctx) => ctx.documents.fetch(pathArg('getAfter', args), true),
  existsAfter: (args, ctx) => ctx.documents.fetch(pathArg('existsAfter', args), true) !== null,
};

/** Storage rules reach Firestore through firestore.get()/firestore.exists(). */
function crossServiceCall(name: string, args: Value[], ctx: EvalContext): Value {
  if (name === 'get') return ctx.documents.fetch(pathArg('firestore.get', args), false);
  if (name === 'exists') return ctx.documents.fetch(pathArg('firestore.exists', args), false) !== null;
  return fail(`Function not found error: Name: [firestore.${name}].`);
}

function call(name: string, argExprs: Expr[], scope: Scope, ctx: EvalContext): Value {
  const declared = scope.findFunction(name);
  if (declared) return callUserFunction(declared.fn, declared.home, argExprs, scope, ctx);
  const args = argExprs.map((a) => evaluate(a, scope, ctx));
  if (ctx.service === 'cloud.firestore' && Object.hasOwn(documentFunctions, name)) {
    return documentFunctions[name](args, ctx);
  }
  if (Object.hasOwn(conversions, name)) return conversions[name](args);
  return fail(`Function not found error: Name: [${name}].`);
}

function callUserFunction(
  fn: FunctionNode,
  home: Scope,
  argExprs: Expr[],
  scope: Scope,
  ctx: EvalContext,
): Value {
  if (argExprs.length !== fn.params.length) {
    fail(`Function ${fn.name}() expects ${fn.params.length} argument(s), got ${argExprs.length}.`);
  }
  if (ctx.depth >= MAX_CALL_DEPTH)
    fail(`Maximum function call depth (${MAX_CALL_DEPTH}) exceeded in ${fn.name}().`);
  const locals = new Map<string, Value>();
  for (let i = 0; i < fn.params.length; i++) locals.set(fn.params[i], evaluate(argExprs[i], scope, ctx));
  const frame = new Scope(home, locals);
  ctx.depth++;
  try {
    for (const binding of fn.lets) locals.set(binding.name, evaluate(binding.value, frame, ctx));
    return evaluate(fn.body, frame, ctx);
  } finally {
    ctx.depth--;
  }
}
