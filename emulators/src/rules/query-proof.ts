/**
 * "Rules are not filters": production decides a query's `list` once, from the query itself, not from the
 * documents it happens to return today. `resource` is a RulesQuerySubject; each condition on
 * `resource.data` must follow from the query's filters, branch by branch of an OR:
 * - a field fixed by `==` (or `in` with one value) simply has that value, so any expression on it works;
 * - `==`/`!=`/`in` against a field limited to a few values (`in`) holds when it holds for each of them;
 * - `<`, `<=`, `>`, `>=` hold when the query's range on that field implies them;
 * - `x in resource.data.list` holds for a query with `array-contains x`.
 * Anything else is not provable: an evaluation error, so the allow is false (and `||` may still grant it).
 */
import type { FilterJson } from '../firestore/types.js';
import { RulesEvaluationError } from './errors.js';
import { fromFirestoreValue } from './firestore-values.js';
import {
  type FieldConstraint,
  RulesQuerySubject,
  type Value,
  compareValues,
  hasType,
  valuesEqual,
} from './values.js';
import type { BinaryOp } from './ast.js';

/** An allow that cannot be proved from the query: shown as production shows it, "false", with the reason. */
export class UnprovableQueryError extends RulesEvaluationError {
  constructor(what: string) {
    super(`false (the query does not prove ${what})`);
  }
}

const DOCUMENT_NAME = '__name__';
const keyOf = (path: readonly string[]) => path.join('\u0000');
const describe = (path: readonly string[] | null) =>
  path === null ? 'resource' : ['resource.data', ...path].join('.');

/** Production refuses a query whose filter expands to more than 30 AND-branches anyway. */
const MAX_BRANCHES = 30;

/** The filter in disjunctive normal form: per branch, what it says about each field. */
export function queryBranches(filter: FilterJson | undefined): Map<string, FieldConstraint>[] {
  const branches = dnf(filter).slice(0, MAX_BRANCHES);
  return branches.map((filters) => {
    const constraints = new Map<string, FieldConstraint>();
    for (const f of filters) addConstraint(constraints, f);
    return constraints;
  });
}

type Leaf = NonNullable<FilterJson['fieldFilter']> | { unary: NonNullable<FilterJson['unaryFilter']> };

function dnf(filter: FilterJson | undefined): Leaf[][] {
  if (!filter) return [[]];
  if (filter.compositeFilter) {
    const parts = (filter.compositeFilter.filters ?? []).map(dnf);
    if (filter.compositeFilter.op === 'OR') return parts.flat();
    return parts.reduce<Leaf[][]>(
      (acc, branches) => acc.flatMap((a) => branches.map((b) => [...a, ...b])),
      [[]],
    );
  }
  if (filter.fieldFilter) return [[filter.fieldFilter]];
  if (filter.unaryFilter) return [[{ unary: filter.unaryFilter }]];
  return [[]];
}

function fieldPath(text: string | undefined): string[] | null {
  if (!text || text === DOCUMENT_NAME) return null;
  // Field paths as the Firestore API writes them: dotted, segments with other characters in backticks.
  const segments: string[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === '`') {
      let segment = '';
      i++;
      while (i < text.length && text[i] !== '`') {
        if (text[i] === '\\') i++;
        segment += text[i++];
      }
      segments.push(segment);
      i += 2; // closing backtick and dot
    } else {
      const end = text.indexOf('.', i);
      segments.push(text.slice(i, end === -1 ? undefined : end));
      i = end === -1 ? text.length : end + 1;
    }
  }
  return segments;
}

function addConstraint(constraints: Map<string, FieldConstraint>, leaf: Leaf): void {
  if ('unary' in leaf) {
    const path = fieldPath(leaf.unary.field?.fieldPath);
    if (!path) return;
    const c = entry(constraints, path);
    if (leaf.unary.op === 'IS_NULL') narrowEquals(c, [null]);
    else if (leaf.unary.op === 'IS_NAN') narrowEquals(c, [NaN]);
    else if (leaf.unary.op === 'IS_NOT_NULL') c.differs = [...(c.differs ?? []), null];
    return;
  }
  const path = fieldPath(leaf.field?.fieldPath);
  if (!path || leaf.value === undefined) return;
  const c = entry(constraints, path);
  const value = fromFirestoreValue(leaf.value);
  const list = Array.isArray(value) ? value : [];
  switch (leaf.op) {
    case 'EQUAL':
      narrowEquals(c, [value]);
      break;
    case 'IN':
      narrowEquals(c, list);
      break;
    case 'NOT_EQUAL':
      c.differs = [...(c.differs ?? []), value];
      break;
    case 'NOT_IN':
      c.differs = [...(c.differs ?? []), ...list];
      break;
    case 'ARRAY_CONTAINS':
      c.contains = [...(c.contains ?? []), value];
      break;
    case 'ARRAY_CONTAINS_ANY':
      if (list.length === 1) c.contains = [...(c.contains ?? []), list[0]];
      break;
    case 'GREATER_THAN':
    case 'GREATER_THAN_OR_EQUAL':
      c.lower = { value, inclusive: leaf.op === 'GREATER_THAN_OR_EQUAL' };
      break;
    case 'LESS_THAN':
    case 'LESS_THAN_OR_EQUAL':
      c.upper = { value, inclusive: leaf.op === 'LESS_THAN_OR_EQUAL' };
      break;
  }
}

function entry(constraints: Map<string, FieldConstraint>, path: string[]): FieldConstraint {
  const key = keyOf(path);
  let c = constraints.get(key);
  if (!c) {
    c = {};
    constraints.set(key, c);
  }
  return c;
}

function narrowEquals(c: FieldConstraint, values: Value[]): void {
  c.equals = c.equals ? c.equals.filter((v) => values.some((w) => valuesEqual(v, w))) : values;
}

// ---------- the interpreter's hooks ----------

/** `resource.data`, `resource.data.field`: a field fixed to one value by the query is that value. */
export function subjectMember(subject: RulesQuerySubject, name: string): Value {
  if (subject.path === null) {
    if (name === 'data') return new RulesQuerySubject(subject.constraints, []);
    throw new UnprovableQueryError(`anything about resource.${name}`);
  }
  const path = [...subject.path, name];
  const c = subject.constraints.get(keyOf(path));
  if (c?.equals?.length === 1) return c.equals[0];
  return new RulesQuerySubject(subject.constraints, path);
}

/** `resource.data.get(key, default)`: the field when the query constrains it (so every document has it). */
export function subjectMethod(subject: RulesQuerySubject, name: string, args: Value[]): Value {
  if (subject.path !== null && name === 'get' && args.length === 2) {
    const key = args[0];
    const keys = typeof key === 'string' ? [key] : Array.isArray(key) ? key : null;
    if (keys && keys.every((k) => typeof k === 'string') && keys.length > 0) {
      const path = [...subject.path, ...(keys as string[])];
      if (subject.constraints.has(keyOf(path))) {
        return keys.reduce<Value>((s, k) => subjectMember(s as RulesQuerySubject, k as string), subject);
      }
    }
  }
  throw new UnprovableQueryError(`${describe(subject.path)}.${name}()`);
}

export function subjectIs(subject: RulesQuerySubject, type: string): boolean {
  const c = subject.path ? subject.constraints.get(keyOf(subject.path)) : undefined;
  if (c?.equals && c.equals.length > 0)
    return decided(
      c.equals.map((v) => hasType(v, type)),
      subject,
      `is ${type}`,
    );
  throw new UnprovableQueryError(`${describe(subject.path)} is ${type}`);
}

const FLIP: Partial<Record<BinaryOp, BinaryOp>> = {
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
  '==': '==',
  '!=': '!=',
};

/** A binary operator with the query's documents on one side. */
export function subjectBinary(
  op: BinaryOp,
  a: Value,
  b: Value,
  concrete: (op: BinaryOp, a: Value, b: Value) => Value,
): Value {
  const left = a instanceof RulesQuerySubject;
  const subject = (left ? a : b) as RulesQuerySubject;
  const other = left ? b : a;
  const what = left ? `${describe(subject.path)} ${op} …` : `… ${op} ${describe(subject.path)}`;
  if (other instanceof RulesQuerySubject) throw new UnprovableQueryError(what);
  if (subject.path === null) {
    // The documents a query returns exist: `resource != null` holds.
    if (other === null && (op === '==' || op === '!=')) return op === '!=';
    throw new UnprovableQueryError(what);
  }
  const c = subject.constraints.get(keyOf(subject.path));
  if (op === 'in') {
    if (left) {
      // resource.data.x in [...]: each value the query allows must be in the list.
      if (c?.equals && c.equals.length > 0)
        return decided(
          c.equals.map((v) => concrete('in', v, other) as boolean),
          subject,
          what,
        );
    } else {
      // x in resource.data.list (array-contains x); 'k' in resource.data (k constrained, so present).
      if (c?.contains?.some((v) => valuesEqual(v, other))) return true;
      if (typeof other === 'string' && subject.constraints.has(keyOf([...subject.path, other]))) {
        const field = subject.constraints.get(keyOf([...subject.path, other]))!;
        if (!field.equals?.some((v) => v === null) || field.differs?.some((v) => v === null)) return true;
      }
    }
    throw new UnprovableQueryError(what);
  }
  const flipped = left ? op : FLIP[op];
  if (!flipped) throw new UnprovableQueryError(what);
  if (c?.equals && c.equals.length > 0) {
    return decided(
      c.equals.map((v) => concrete(flipped, v, other) as boolean),
      subject,
      what,
    );
  }
  if (flipped === '!=' && c?.differs?.some((v) => valuesEqual(v, other))) return true;
  if (flipped === '==' && c?.differs?.some((v) => valuesEqual(v, other))) return false;
  const bound =
    flipped === '>' || flipped === '>='
      ? c?.lower
      : flipped === '<' || flipped === '<='
        ? c?.upper
        : undefined;
  if (bound) {
    let cmp: number;
    try {
      cmp = compareValues(bound.value, other);
    } catch {
      throw new UnprovableQueryError(what);
    }
    const strict = flipped === '>' || flipped === '<';
    const beyond = flipped === '>' || flipped === '>=' ? cmp > 0 : cmp < 0;
    if (beyond || (cmp === 0 && (!strict || !bound.inclusive))) return true;
  }
  throw new UnprovableQueryError(what);
}

/** All documents agree (all true or all false), or it is not provable. */
function decided(results: boolean[], subject: RulesQuerySubject, what: string): boolean {
  if (results.every((r) => r)) return true;
  if (results.every((r) => !r)) return false;
  throw new UnprovableQueryError(`${what} for every value the query allows for ${describe(subject.path)}`);
}
