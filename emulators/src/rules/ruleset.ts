/** Compiled rules files and the decision procedure of Ruleset.evaluate. */
import type { AllowNode, RuleMethod } from './ast.js';
import { RulesEvaluationError, RulesSyntaxError } from './errors.js';
import { DocumentAccessBudget, type EvalContext, Scope, evaluate } from './interpreter.js';
import { type MatchTree, buildMatchTree, matchSegments } from './matcher.js';
import { parseRulesFile } from './parser.js';
import { requestVariables } from './request-model.js';
import type {
  EvaluateOptions,
  FirestoreDataAccess,
  RulesDecision,
  RulesMethod,
  RulesRequest,
  RulesService,
  Ruleset,
  AllowTrace,
} from './types.js';
import { NAMESPACES } from './globals.js';
import { traceAllow } from './trace.js';
import { RulesNamespace, RulesQuerySubject, type Value } from './values.js';
import { queryBranches } from './query-proof.js';
import { RuleCoverage } from './coverage.js';
import { typeWarnings, type RulesWarning } from './type-warnings.js';

/** Production: 10 document reads for single-document requests, 20 for batches and transactions. */
export const SINGLE_DOCUMENT_ACCESS_LIMIT = 10;
export const BATCH_DOCUMENT_ACCESS_LIMIT = 20;

const SERVICES: readonly RulesService[] = ['cloud.firestore', 'firebase.storage'];

// Namespaces never change, so every request's scope hangs off one shared root per service.
const namespaceValues = new Map<string, Value>(NAMESPACES.map((name) => [name, new RulesNamespace(name)]));
const rootScopes: Record<RulesService, Scope> = {
  'cloud.firestore': new Scope(null, namespaceValues),
  'firebase.storage': new Scope(
    null,
    new Map<string, Value>([...namespaceValues, ['firestore', new RulesNamespace('firestore')]]),
  ),
};

function grants(allowed: readonly RuleMethod[], method: RulesMethod): boolean {
  for (const m of allowed) {
    if (m === method) return true;
    if (m === 'read' && (method === 'get' || method === 'list')) return true;
    if (m === 'write' && (method === 'create' || method === 'update' || method === 'delete')) return true;
  }
  return false;
}

/**
 * For list requests the caller may pass the collection path; the document-id wildcard then binds ''
 * so `match /products/{id}` applies, as production matches queries against the document pattern.
 * A Storage list is of a folder's direct contents, so production judges it by the rules of the objects
 * in that folder: listing `images/` is matched by `match /images/{file}` (the file wildcard binding '')
 * and by `{allPaths=**}`, not by `match /images`.
 */
function requestSegments(request: RulesRequest): string[] {
  const segments = request.path.split('/').filter((s) => s !== '');
  if (request.method !== 'list') return segments;
  if (request.service === 'firebase.storage' || segments.length % 2 === 0) segments.push('');
  return segments;
}

class CompiledRuleset implements Ruleset {
  constructor(
    readonly service: RulesService,
    private readonly tree: MatchTree,
    private readonly recursiveMatchesEmpty: boolean,
    readonly warnings: RulesWarning[],
  ) {}

  evaluate(request: RulesRequest, data: FirestoreDataAccess, options: EvaluateOptions = {}): RulesDecision {
    const where = `${request.method} on ${request.path}`;
    if (request.service !== this.service) {
      return { allowed: false, message: `Denied ${where}: the rules are for service ${this.service}.` };
    }
    try {
      return this.decide(request, data, options, where);
    } catch (error) {
      // Malformed request data (e.g. an unparsable timestamp) denies rather than crashing the emulator.
      const reason = error instanceof Error ? error.message : String(error);
      return { allowed: false, message: `Denied ${where}: ${reason}` };
    }
  }

  private decide(
    request: RulesRequest,
    data: FirestoreDataAccess,
    options: EvaluateOptions,
    where: string,
  ): RulesDecision {
    const { request: requestValue, resource } = requestVariables(request);
    if (request.service === 'cloud.firestore' && request.method === 'list' && request.query) {
      // A query is allowed only if every branch of its filter proves the rules (query-proof.ts).
      let last: RulesDecision = { allowed: false };
      for (const constraints of queryBranches(request.query.where)) {
        last = this.walk(
          request,
          data,
          options,
          where,
          requestValue,
          new RulesQuerySubject(constraints, null),
        );
        if (!last.allowed) return last;
      }
      return last;
    }
    return this.walk(request, data, options, where, requestValue, resource);
  }

  private walk(
    request: RulesRequest,
    data: FirestoreDataAccess,
    options: EvaluateOptions,
    where: string,
    requestValue: Value,
    resource: Value,
  ): RulesDecision {
    const globals = new Map<string, Value>([
      ['request', requestValue],
      ['resource', resource],
    ]);
    const ctx: EvalContext = {
      service: this.service,
      documents: new DocumentAccessBudget(
        data,
        options.documentAccessLimit ?? SINGLE_DOCUMENT_ACCESS_LIMIT,
        options.documentAccessLog,
      ),
      depth: 0,
      steps: 0,
    };
    const segments = requestSegments(request);
    // Two literal `new`s, not `new (cond ? A : B)`: V8 inlines a constructor only at a call site that names it,
    // and the untraced walk is the hot path (npm run bench: ~10 % slower the other way).
    const walk =
      options.trace || options.coverage
        ? new TracingWalk(request.method, segments, ctx, this.recursiveMatchesEmpty, options)
        : new RequestWalk(request.method, segments, ctx, this.recursiveMatchesEmpty);
    walk.visit(this.tree, 0, new Scope(rootScopes[this.service], globals));
    const decision: RulesDecision =
      walk.grantedLine !== undefined
        ? { allowed: true, line: walk.grantedLine }
        : walk.outcomes.length === 0
          ? { allowed: false, message: `Denied ${where}: No matching allow statements.` }
          : { allowed: false, message: `Denied ${where}: ${walk.outcomes.join(', ')}`, line: walk.lastLine };
    if (walk instanceof TracingWalk && options.trace) decision.trace = walk.trace;
    return decision;
  }

  createCoverage(): RuleCoverage {
    const allows: AllowNode[] = [];
    const collect = (tree: MatchTree) => {
      allows.push(...tree.allows);
      tree.children.forEach(collect);
    };
    collect(this.tree);
    return new RuleCoverage(allows);
  }
}

/** One request's walk over the match tree: evaluates the allows of every block that matches the whole path. */
class RequestWalk {
  readonly outcomes: string[] = [];
  lastLine: number | undefined;
  grantedLine: number | undefined;
  private tree: MatchTree | null = null;
  private parent: Scope | null = null;

  constructor(
    private readonly method: RulesMethod,
    private readonly path: string[],
    protected readonly ctx: EvalContext,
    private readonly recursiveMatchesEmpty: boolean,
  ) {}

  /** Returns true once an allow has granted the request. */
  visit(tree: MatchTree, start: number, parent: Scope): boolean {
    const saved = [this.tree, this.parent] as const;
    this.tree = tree;
    this.parent = parent;
    try {
      return matchSegments(tree.segments, this.path, start, this.recursiveMatchesEmpty, this);
    } finally {
      [this.tree, this.parent] = saved;
    }
  }

  onMatch(end: number, bindings: Map<string, Value>): boolean {
    const tree = this.tree as MatchTree;
    const scope = new Scope(this.parent, bindings, tree.functions);
    if (end === this.path.length) {
      for (const allow of tree.allows) {
        if (!grants(allow.methods, this.method)) continue;
        this.lastLine = allow.line;
        const outcome = this.judge(allow, scope);
        if (outcome === true) {
          this.grantedLine = allow.line;
          return true;
        }
        this.outcomes.push(`${outcome} for '${this.method}' @ L${allow.line}`);
      }
    }
    for (const child of tree.children) if (this.visit(child, end, scope)) return true;
    return false;
  }

  /** true, or why not. A separate method so that the untraced walk stays as small as it was (see TracingWalk). */
  protected judge(allow: AllowNode, scope: Scope): true | string {
    return check(allow.condition, scope, this.ctx);
  }
}

/**
 * The walk when a trace or coverage is asked for: records each applicable allow and, for a failed one, why;
 * with coverage, the allow is decided by the coverage, which counts its parts as it evaluates them once.
 */
class TracingWalk extends RequestWalk {
  readonly trace: AllowTrace[] = [];

  constructor(
    method: RulesMethod,
    path: string[],
    ctx: EvalContext,
    recursiveMatchesEmpty: boolean,
    private readonly options: EvaluateOptions,
  ) {
    super(method, path, ctx, recursiveMatchesEmpty);
  }

  protected override judge(allow: AllowNode, scope: Scope): true | string {
    const outcome = this.options.coverage
      ? this.options.coverage.judge(allow, scope, this.ctx)
      : super.judge(allow, scope);
    if (this.options.trace) this.trace.push(traceAllow(allow, outcome, scope, this.ctx));
    return outcome;
  }
}

/** true, or why not: 'false' or the error message. */
function check(condition: AllowCondition, scope: Scope, ctx: EvalContext): true | string {
  if (condition === null) return true;
  ctx.depth = 0;
  try {
    const result = evaluate(condition, scope, ctx);
    if (result === true) return true;
    return typeof result === 'boolean' ? 'false' : `Condition is not a bool (got ${String(result)}).`;
  } catch (error) {
    if (error instanceof RulesEvaluationError) return error.message;
    if (error instanceof RangeError) return 'Evaluation exceeded its limits.';
    throw error;
  }
}

type AllowCondition = Parameters<typeof evaluate>[0] | null;

/** Compiles a rules file. Throws RulesSyntaxError (file, line, column, expected) when it cannot. */
export function compileRules(source: string, fileName: string): Ruleset {
  const file = parseRulesFile(source, fileName);
  const service = file.service.name;
  if (!(SERVICES as readonly string[]).includes(service)) {
    throw new RulesSyntaxError([
      {
        file: fileName,
        line: file.service.line,
        column: 1,
        message: `Unknown service ${service}; expected cloud.firestore or firebase.storage.`,
      },
    ]);
  }
  const tree = buildMatchTree([], file.service.items, fileName);
  return new CompiledRuleset(
    service as RulesService,
    tree,
    file.version === '2',
    typeWarnings(file, fileName),
  );
}

/** What the emulators use when a rules file failed to compile: every request is denied, with the reason. */
export function denyAllRuleset(service: RulesService, reason: string): Ruleset {
  return {
    service,
    evaluate: (request) => ({
      allowed: false,
      message: `Denied ${request.method} on ${request.path}: ${reason}`,
    }),
  };
}

/** The official emulators' behaviour when no rules file is configured: allow everything. */
export function allowAllRuleset(service: RulesService): Ruleset {
  return {
    service,
    evaluate: (request) =>
      request.service === service
        ? { allowed: true }
        : {
            allowed: false,
            message: `Denied ${request.method} on ${request.path}: the rules are for service ${service}.`,
          },
  };
}
