/** A query's filter compiled to a predicate on stored documents, as production evaluates each operator. */
import type { FilterJson, Value } from '../types.js';
import { invalidArgument } from '../errors.js';
import type { DatabaseId } from '../paths.js';
import {
  compareSegments,
  DOCUMENT_NAME_FIELD,
  documentName,
  parseFieldPath,
  parseResourceName,
} from '../paths.js';
import { compareValues, getField, isNaNValue, normalizeValue, typeOrder, valuesEqual } from '../values.js';
import type { StoredDocument } from '../stored-document.js';

export function fieldPathOf(path: string | undefined): string[] {
  if (!path) throw invalidArgument('Invalid query: a field reference has no fieldPath');
  return path === DOCUMENT_NAME_FIELD ? [DOCUMENT_NAME_FIELD] : parseFieldPath(path);
}

export type DocPredicate = (doc: StoredDocument) => boolean;

const INEQUALITY_OPS = new Set([
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'NOT_EQUAL',
  'NOT_IN',
]);

export function compileFilter(filter: FilterJson, db: DatabaseId, inequalities: string[][]): DocPredicate {
  if (filter.compositeFilter) {
    const parts = (filter.compositeFilter.filters ?? []).map((f) => compileFilter(f, db, inequalities));
    if (filter.compositeFilter.op === 'OR') return (doc) => parts.some((p) => p(doc));
    if (filter.compositeFilter.op === 'AND' || filter.compositeFilter.op === undefined)
      return (doc) => parts.every((p) => p(doc));
    throw invalidArgument(`Invalid composite filter operator "${String(filter.compositeFilter.op)}"`);
  }
  if (filter.unaryFilter) {
    const path = fieldPathOf(filter.unaryFilter.field?.fieldPath);
    const read = fieldReader(path, db);
    switch (filter.unaryFilter.op) {
      case 'IS_NAN':
        return (doc) => {
          const v = read(doc);
          return v !== undefined && isNaNValue(v);
        };
      case 'IS_NULL':
        return (doc) => {
          const v = read(doc);
          return v !== undefined && 'nullValue' in v;
        };
      case 'IS_NOT_NAN':
        inequalities.push(path);
        // Production's `!= NaN` (sent as IS_NOT_NAN) is a not-equal: like `!= x`, it never matches null.
        return (doc) => {
          const v = read(doc);
          return v !== undefined && !isNaNValue(v) && !('nullValue' in v);
        };
      case 'IS_NOT_NULL':
        inequalities.push(path);
        return (doc) => {
          const v = read(doc);
          return v !== undefined && !('nullValue' in v);
        };
      default:
        throw invalidArgument(`Invalid unary filter operator "${String(filter.unaryFilter.op)}"`);
    }
  }
  if (filter.fieldFilter) {
    const { field, value } = filter.fieldFilter;
    // An absent operator is refused by fieldPredicate, which names it ("undefined").
    const op = String(filter.fieldFilter.op);
    const path = fieldPathOf(field?.fieldPath);
    if (value === undefined) throw invalidArgument('Invalid field filter: no value');
    if (INEQUALITY_OPS.has(op)) inequalities.push(path);
    const read = fieldReader(path, db);
    return fieldPredicate(op, operandOf(op, value), read);
  }
  throw invalidArgument('Invalid filter: one of compositeFilter, fieldFilter or unaryFilter is required');
}

function fieldReader(path: string[], db: DatabaseId): (doc: StoredDocument) => Value | undefined {
  if (path.length === 1 && path[0] === DOCUMENT_NAME_FIELD) {
    return (doc) => ({ referenceValue: documentName(db, doc.segments) });
  }
  return (doc) => getField(doc.fields, path);
}

/**
 * Filter operands are checked and stored-form like written values (a timestamp's nanoseconds truncated, so it
 * can equal what was stored). The list of `in`, `not-in` and `array-contains-any` may hold arrays itself.
 */
function operandOf(op: string, value: Value): Value {
  if ((op === 'IN' || op === 'NOT_IN' || op === 'ARRAY_CONTAINS_ANY') && 'arrayValue' in value) {
    // An empty list is refused, as Google's emulator does (found by the differential fuzzer, tests/referee/).
    if ((value.arrayValue.values ?? []).length === 0)
      throw invalidArgument(`'${op}' requires an non-empty ArrayValue.`);
    return { arrayValue: { values: (value.arrayValue.values ?? []).map((v) => normalizeValue(v)) } };
  }
  return normalizeValue(value);
}

const arrayValues = (v: Value): Value[] => ('arrayValue' in v ? (v.arrayValue.values ?? []) : []);

function fieldPredicate(
  op: string,
  operand: Value,
  read: (doc: StoredDocument) => Value | undefined,
): DocPredicate {
  const rangeMatch = (test: (c: number) => boolean): DocPredicate => {
    if (isNaNValue(operand)) return () => false;
    return (doc) => {
      const v = read(doc);
      if (v === undefined || isNaNValue(v) || typeOrder(v) !== typeOrder(operand)) return false;
      return test(compareReferenceAware(v, operand));
    };
  };
  switch (op) {
    case 'EQUAL':
      return (doc) => {
        const v = read(doc);
        return v !== undefined && valuesEqual(v, operand);
      };
    case 'NOT_EQUAL':
      return (doc) => {
        const v = read(doc);
        return v !== undefined && !('nullValue' in v) && !valuesEqual(v, operand);
      };
    case 'LESS_THAN':
      return rangeMatch((c) => c < 0);
    case 'LESS_THAN_OR_EQUAL':
      return rangeMatch((c) => c <= 0);
    case 'GREATER_THAN':
      return rangeMatch((c) => c > 0);
    case 'GREATER_THAN_OR_EQUAL':
      return rangeMatch((c) => c >= 0);
    case 'ARRAY_CONTAINS':
      return (doc) => {
        const v = read(doc);
        return v !== undefined && arrayValues(v).some((e) => valuesEqual(e, operand));
      };
    case 'IN': {
      const options = matchableOptions(requireArray(operand, 'in'));
      return (doc) => {
        const v = read(doc);
        return v !== undefined && options.some((o) => valuesEqual(v, o));
      };
    }
    case 'ARRAY_CONTAINS_ANY': {
      const options = matchableOptions(requireArray(operand, 'array-contains-any'));
      return (doc) => {
        const v = read(doc);
        return v !== undefined && arrayValues(v).some((e) => options.some((o) => valuesEqual(e, o)));
      };
    }
    case 'NOT_IN': {
      const options = requireArray(operand, 'not-in');
      // Production: a `not-in` list holding null matches nothing (no value is "not null and not in it").
      if (options.some((o) => 'nullValue' in o)) return () => false;
      return (doc) => {
        const v = read(doc);
        return v !== undefined && !('nullValue' in v) && !options.some((o) => valuesEqual(v, o));
      };
    }
    default:
      throw invalidArgument(`Invalid field filter operator "${op}"`);
  }
}

/** Production's `in` and `array-contains-any` match nothing for a null (or NaN) entry, unlike `== null`. */
const matchableOptions = (options: Value[]): Value[] =>
  options.filter((o) => !('nullValue' in o) && !isNaNValue(o));

function requireArray(operand: Value, opName: string): Value[] {
  if (!('arrayValue' in operand))
    throw invalidArgument(`Invalid '${opName}' filter: the value must be an array`);
  const values = operand.arrayValue.values ?? [];
  if (values.length > 30) throw invalidArgument(`Invalid '${opName}' filter: at most 30 values are allowed`);
  return values;
}

/** `__name__` comparisons order by path segments, which compareValues already does for references. */
export function compareReferenceAware(a: Value, b: Value): number {
  if ('referenceValue' in a && 'referenceValue' in b) {
    return compareSegments(
      parseResourceName(a.referenceValue).segments,
      parseResourceName(b.referenceValue).segments,
    );
  }
  return compareValues(a, b);
}
