/**
 * The one type warning of Google's rules compiler this engine gives (a gap list of the others:
 * emulators/docs/rules-type-checks.md): a function called with `null` for a parameter whose fields it reads
 * (`before.stock`), which makes that parameter a map. Google answers the rules upload with it
 * ("Invalid type. Received one of [null]. Expected one of [map]." at the `null`) and still loads the rules; so
 * does this engine (`Ruleset.warnings`, the REST upload's `issues`).
 */
import type { BlockItem, Expr, FunctionNode, RulesFileNode, SourcePosition } from './ast.js';

export interface RulesWarning {
  file: string;
  position: SourcePosition;
  message: string;
}

export const NULL_FOR_MAP = 'Invalid type. Received one of [null]. Expected one of [map].';

type Scope = ReadonlyMap<string, FunctionNode>;

/** The warnings of a parsed rules file, in source order. */
export function typeWarnings(file: RulesFileNode, fileName: string): RulesWarning[] {
  const warnings: RulesWarning[] = [];
  const readsFieldsOf = new Map<FunctionNode, boolean[]>();
  const fieldsRead = (fn: FunctionNode) => {
    let known = readsFieldsOf.get(fn);
    if (!known) {
      known = fn.params.map(
        (param) =>
          !fn.lets.some((binding) => binding.name === param) &&
          [fn.body, ...fn.lets.map((binding) => binding.value)].some((expr) => selectsField(expr, param)),
      );
      readsFieldsOf.set(fn, known);
    }
    return known;
  };
  const checkCalls = (expr: Expr, scope: Scope) =>
    walk(expr, (node) => {
      if (node.k !== 'call') return;
      const fn = scope.get(node.name);
      if (!fn || fn.params.length !== node.args.length) return;
      const reads = fieldsRead(fn);
      node.args.forEach((arg, i) => {
        if (arg.k === 'lit' && arg.v === null && arg.at && reads[i])
          warnings.push({ file: fileName, position: arg.at, message: NULL_FOR_MAP });
      });
    });
  const visit = (items: BlockItem[], outer: Scope) => {
    const scope = new Map(outer);
    for (const item of items) if (item.kind === 'function') scope.set(item.name, item);
    for (const item of items) {
      if (item.kind === 'function') {
        for (const binding of item.lets) checkCalls(binding.value, scope);
        checkCalls(item.body, scope);
      } else if (item.kind === 'allow') {
        if (item.condition) checkCalls(item.condition, scope);
      } else visit(item.items, scope);
    }
  };
  visit(file.service.items, new Map());
  return warnings.sort((a, b) => a.position.offset - b.position.offset);
}

/** Whether `expr` reads a field of the variable `name` (`name.field`). */
function selectsField(expr: Expr, name: string): boolean {
  let found = false;
  walk(expr, (node) => {
    if (node.k === 'member' && node.target.k === 'id' && node.target.name === name) found = true;
  });
  return found;
}

function walk(expr: Expr, visit: (node: Expr) => void): void {
  visit(expr);
  const children: (Expr | null)[] = [];
  switch (expr.k) {
    case 'lit':
    case 'id':
      break;
    case 'list':
      children.push(...expr.items);
      break;
    case 'map':
      for (const entry of expr.entries) children.push(entry.key, entry.value);
      break;
    case 'path':
      for (const segment of expr.segments)
        for (const part of segment) if (typeof part !== 'string') children.push(part);
      break;
    case 'member':
      children.push(expr.target);
      break;
    case 'index':
      children.push(expr.target, expr.index);
      break;
    case 'slice':
      children.push(expr.target, expr.from, expr.to);
      break;
    case 'call':
      children.push(...expr.args);
      break;
    case 'method':
      children.push(expr.target, ...expr.args);
      break;
    case 'not':
    case 'neg':
      children.push(expr.operand);
      break;
    case 'and':
    case 'or':
    case 'binary':
      children.push(expr.left, expr.right);
      break;
    case 'is':
      children.push(expr.value);
      break;
    case 'cond':
      children.push(expr.test, expr.then, expr.otherwise);
      break;
  }
  for (const child of children) if (child) walk(child, visit);
}
