/** Compiled rules files and the decision procedure of Ruleset.evaluate. */
import type { RuleMethod } from './ast.js';
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
} from './types.js';
import { NAMESPACES } from './globals.js';
import { RulesNamespace, type Value } from './values.js';

/** Production: 10 document reads for single-document requests, 20 for batches and transactions. */
export const SINGLE_DOCUMENT_ACCESS_LIMIT = 10;
export const BATCH_DOCUMENT_ACCESS_LIMIT = 20;

const SERVICES: readonly RulesService[] = ['cloud.firestore', 'firebase.storage'];

const namespaceValues = new Map<string, Value>(NAMESPACES.map((name) => [name, new RulesNamespace(name)]));
const storageNamespaceValues = new Map<string, Value>([
  ...namespaceValues,
  ['firestore', new RulesNamespace('firestore')],
]);

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
 */
function requestSegments(request: RulesRequest): string[] {
  const segments = request.path.split('/').filter((s) => s !== '');
  if (request.method === 'list' && request.service === 'cloud.firestore' && segments.length % 2 === 0) {
    segments.push('');
  }
  return segments;
}

class CompiledRuleset implements Ruleset {
  constructor(
    readonly service: RulesService,
    private readonly tree: MatchTree,
    private readonly recursiveMatchesEmpty: boolean,
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
    const globals = new Map<string, Value>(
      this.service === 'firebase.storage' ? storageNamespaceValues : namespaceValues,
    );
    globals.set('request', requestValue);
    globals.set('resource', resource);
    const ctx: EvalContext = {
      service: this.service,
      documents: new DocumentAccessBudget(
        data,
        options.documentAccessLimit ?? SINGLE_DOCUMENT_ACCESS_LIMIT,
        options.documentAccessLog,
      ),
      depth: 0,
    };
    const path = requestSegments(request);
    const outcomes: string[] = [];
    let lastLine: number | undefined;
    let grantedLine: number | undefined;

    const visit = (tree: MatchTree, start: number, parent: Scope): boolean =>
      matchSegments(tree.segments, path, start, this.recursiveMatchesEmpty, (end, bindings) => {
        const scope = new Scope(parent, bindings, tree.functions);
        if (end === path.length) {
          for (const allow of tree.allows) {
            if (!grants(allow.methods, request.method)) continue;
            lastLine = allow.line;
            const outcome = this.check(allow.condition, scope, ctx);
            if (outcome === true) {
              grantedLine = allow.line;
              return true;
            }
            outcomes.push(`${outcome} for '${request.method}' @ L${allow.line}`);
          }
        }
        return tree.children.some((child) => visit(child, end, scope));
      });

    visit(this.tree, 0, new Scope(null, globals));
    if (grantedLine !== undefined) return { allowed: true, line: grantedLine };
    if (outcomes.length === 0)
      return { allowed: false, message: `Denied ${where}: No matching allow statements.` };
    return { allowed: false, message: `Denied ${where}: ${outcomes.join(', ')}`, line: lastLine };
  }

  /** true, or why not: 'false' or the error message. */
  private check(condition: AllowCondition, scope: Scope, ctx: EvalContext): true | string {
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
  return new CompiledRuleset(service as RulesService, tree, file.version === '2');
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
