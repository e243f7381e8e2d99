/**
 * Structured queries: filters, the effective ordering (explicit orderBy, then inequality fields, then
 * __name__), cursors, offset and limit — compiled once, then run against a QueryableDatabase.
 */
import type { CursorJson, FilterJson, StructuredQueryJson, Value } from '../types.js';
import { invalidArgument } from '../errors.js';
import type { DatabaseId } from '../paths.js';
import {
  compareSegments,
  DOCUMENT_NAME_FIELD,
  documentName,
  parseResourceName,
  validateSegment,
} from '../paths.js';
import type { StoredDocument } from '../stored-document.js';
import { compareValues, getField, normalizeValue } from '../values.js';
import { equalityKey } from './index-keys.js';
import type { DocPredicate } from './filter.js';
import { compileFilter, fieldPathOf } from './filter.js';
import type {
  IndexableQuery,
  IndexEquality,
  IndexTrace,
  OrderSpec,
  QueryableDatabase,
} from './query-shape.js';

export interface CompiledQuery extends IndexableQuery {
  readonly db: DatabaseId;
  /** Key of the parent document ("" for the root). */
  readonly parentKey: string;
  readonly collectionId: string;
  readonly allDescendants: boolean;
  readonly orderBy: readonly OrderSpec[];
  readonly limit: number | undefined;
  readonly offset: number;
  readonly hasCursor: boolean;
  readonly select: string[][] | undefined;
  /** Does the document belong to the query's collection (or group) and pass every filter and the cursors? */
  matches(doc: StoredDocument): boolean;
  compare(a: StoredDocument, b: StoredDocument): number;
  /**
   * Runs the query: matching, sorted, offset and limit applied, from the database's indexes (a scan when no
   * index can serve it). With `scopeOnly`, every document of the queried collection(s), unfiltered and unsorted.
   * A `trace` is told which index served it and how many entries were read (Query Explain).
   */
  run(state: QueryableDatabase, options?: { scopeOnly?: boolean; trace?: IndexTrace }): StoredDocument[];
  /** The same answer as run(), by scanning and sorting the whole collection (the reference the indexes match). */
  scan(state: QueryableDatabase, trace?: IndexTrace): StoredDocument[];
  /** Field paths of orderBy for request.query in rules. */
  readonly orderByPaths: string[];
  /** The filter as sent (operands stored-form), for index requirements and list-rules proofs. */
  readonly where: FilterJson | undefined;
  /** Number of orderBy clauses the client gave (the rest of `orderBy` is implied). */
  readonly explicitOrderCount: number;
}

export function compileQuery(parent: string, query: StructuredQueryJson): CompiledQuery {
  const { db, segments: parentSegments } = parseResourceName(parent);
  if (parentSegments.length % 2 !== 0)
    throw invalidArgument(`Invalid query parent "${parent}": must be a document or the root`);
  const from = query.from ?? [];
  // A kindless query (all descendants, no collection id) reads every document below the parent; firebase-admin's
  // recursiveDelete() uses one to find what to delete.
  const kindless = from.length === 1 && from[0].allDescendants === true && !from[0].collectionId;
  if (from.length !== 1 || (!from[0].collectionId && !kindless)) {
    throw invalidArgument('Invalid query: exactly one "from" collection with a collectionId is required');
  }
  const collectionId = from[0].collectionId ?? '';
  if (collectionId.includes('/'))
    throw invalidArgument(`Invalid collectionId "${collectionId}": it contains "/"`);
  // A reserved id (`__badpath__`) is refused as in a document path, not answered as an empty collection.
  if (collectionId) validateSegment(collectionId, `${parent}/${collectionId}`);
  const allDescendants = from[0].allDescendants === true;
  const parentKey = parentSegments.join('/');

  const inequalityFields: string[][] = [];
  const filter = query.where ? compileFilter(query.where, db, inequalityFields) : () => true;
  if (query.where) assertNotInAlone(query.where);
  // Production's limit, which also bounds the index and rules checks that expand the filter.
  if (query.where && disjunctionCount(query.where) > MAX_DISJUNCTIONS) {
    throw invalidArgument(
      `Invalid query: the filter has more than ${MAX_DISJUNCTIONS} disjunctions in disjunctive normal form`,
    );
  }

  const orderBy: OrderSpec[] = (query.orderBy ?? []).map((o) => ({
    path: fieldPathOf(o.field?.fieldPath),
    direction: o.direction === 'DESCENDING' ? -1 : 1,
  }));
  assertNoInequalityAfterName(orderBy, inequalityFields);
  const lastDirection = orderBy.length > 0 ? orderBy[orderBy.length - 1].direction : 1;
  const ordered = new Set(orderBy.map((o) => o.path.join('\u0000')));
  const implicit = inequalityFields
    .filter((p) => !(p.length === 1 && p[0] === DOCUMENT_NAME_FIELD))
    .filter((p) => !ordered.has(p.join('\u0000')))
    .sort((a, b) => a.join('.').localeCompare(b.join('.')));
  for (const path of implicit) {
    if (!ordered.has(path.join('\u0000'))) {
      orderBy.push({ path, direction: lastDirection });
      ordered.add(path.join('\u0000'));
    }
  }
  if (!ordered.has(DOCUMENT_NAME_FIELD))
    orderBy.push({ path: [DOCUMENT_NAME_FIELD], direction: lastDirection });

  const orderValue = (doc: StoredDocument, path: string[]): Value | undefined =>
    path.length === 1 && path[0] === DOCUMENT_NAME_FIELD
      ? { referenceValue: documentName(db, doc.segments) }
      : getField(doc.fields, path);

  const compare = (a: StoredDocument, b: StoredDocument): number => {
    for (const { path, direction } of orderBy) {
      const c =
        path.length === 1 && path[0] === DOCUMENT_NAME_FIELD
          ? compareSegments(a.segments, b.segments)
          : compareValues(getField(a.fields, path)!, getField(b.fields, path)!);
      if (c !== 0) return c * direction;
    }
    return 0;
  };

  const hasOrderFields: DocPredicate = (doc) =>
    orderBy.every(({ path }) => path[0] === DOCUMENT_NAME_FIELD || getField(doc.fields, path) !== undefined);

  const explicitOrders = (query.orderBy ?? []).length;
  const startCursor = query.startAt
    ? compileCursor(query.startAt, orderBy, explicitOrders, orderValue, 'start')
    : undefined;
  const endCursor = query.endAt
    ? compileCursor(query.endAt, orderBy, explicitOrders, orderValue, 'end')
    : undefined;
  const startAt = startCursor ?? (() => true);
  const endAt = endCursor ?? (() => true);

  const inScope: DocPredicate = kindless
    ? (doc) => parentKey === '' || doc.key.startsWith(parentKey + '/')
    : allDescendants
      ? (doc) =>
          doc.segments[doc.segments.length - 2] === collectionId &&
          (parentKey === '' || doc.key.startsWith(parentKey + '/'))
      : (doc) =>
          doc.segments.length === parentSegments.length + 2 &&
          doc.segments[doc.segments.length - 2] === collectionId &&
          (parentKey === '' || doc.key.startsWith(parentKey + '/'));

  const matches: DocPredicate = (doc) =>
    inScope(doc) && hasOrderFields(doc) && filter(doc) && startAt(doc) && endAt(doc);

  const limit = limitOf(query.limit);
  const offset = query.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0)
    throw invalidArgument('Invalid query: offset must be a non-negative integer');

  const select = query.select?.fields?.map((f) => fieldPathOf(f.fieldPath));

  const candidates = (state: QueryableDatabase): Iterable<StoredDocument> =>
    kindless
      ? state.inSubtree(parentKey)
      : allDescendants
        ? state.inGroup(parentKey, collectionId)
        : state.inCollection(parentKey, collectionId);
  const scan = (state: QueryableDatabase, trace?: IndexTrace): StoredDocument[] => {
    const result: StoredDocument[] = [];
    let scanned = 0;
    for (const doc of candidates(state)) {
      scanned++;
      if (matches(doc)) result.push(doc);
    }
    if (trace) {
      trace.index = undefined;
      trace.entriesScanned += scanned;
    }
    result.sort(compare);
    const end = limit === undefined ? undefined : offset + limit;
    return offset === 0 && end === undefined ? result : result.slice(offset, end);
  };

  return {
    db,
    parentKey,
    collectionId,
    allDescendants,
    orderBy,
    limit,
    offset,
    hasCursor: query.startAt !== undefined || query.endAt !== undefined,
    select,
    orderByPaths: orderBy.map((o) => o.path.join('.')),
    where: query.where,
    explicitOrderCount: query.orderBy?.length ?? 0,
    matches,
    compare,
    plan: {
      kindless,
      equalities: query.where ? conjunctiveEqualities(query.where) : [],
      startAt: startCursor,
      endAt: endCursor,
    },
    run(state, options) {
      if (options?.scopeOnly) return [...candidates(state)].filter(inScope);
      return state.indexes.run(this, options?.trace) ?? scan(state, options?.trace);
    },
    scan,
  };
}

/**
 * The `==` and `array-contains` constraints every matching document satisfies (those joined by AND at the top of
 * the filter), which an index can seek to. Called after compileFilter, so the filter is known to be valid.
 */
function conjunctiveEqualities(filter: FilterJson): IndexEquality[] {
  if (filter.compositeFilter) {
    if (filter.compositeFilter.op === 'OR') return [];
    return (filter.compositeFilter.filters ?? []).flatMap(conjunctiveEqualities);
  }
  const f = filter.fieldFilter;
  if (!f || (f.op !== 'EQUAL' && f.op !== 'ARRAY_CONTAINS')) return [];
  const path = fieldPathOf(f.field?.fieldPath);
  if (path.length === 1 && path[0] === DOCUMENT_NAME_FIELD) return [];
  const key = equalityKey(normalizeValue(f.value));
  return key === null ? [] : [{ path, op: f.op, key }];
}

const MAX_DISJUNCTIONS = 30;

/** How many AND-branches the filter has in disjunctive normal form (capped, never expanded). */
function disjunctionCount(filter: FilterJson): number {
  if (!filter.compositeFilter) return 1;
  const counts = (filter.compositeFilter.filters ?? []).map(disjunctionCount);
  return filter.compositeFilter.op === 'OR'
    ? counts.reduce((a, b) => Math.min(a + b, 1e6), 0)
    : counts.reduce((a, b) => Math.min(a * b, 1e6), 1);
}

function limitOf(limit: StructuredQueryJson['limit']): number | undefined {
  if (limit === undefined || limit === null) return undefined;
  if (!Number.isInteger(limit) || limit < 0)
    throw invalidArgument('Invalid query: limit must be a non-negative integer');
  return limit;
}

/**
 * `not-in` goes with no `in`, `array-contains-any` or OR in the same query (Google's emulator refuses even an OR
 * of one filter; found by the differential fuzzer, tests/referee/).
 */
function assertNotInAlone(where: FilterJson): void {
  const ops = new Set<string>();
  let or = false;
  const visit = (filter: FilterJson): void => {
    if (filter.compositeFilter) {
      if (filter.compositeFilter.op === 'OR') or = true;
      for (const inner of filter.compositeFilter.filters ?? []) visit(inner);
    } else if (filter.fieldFilter?.op) ops.add(filter.fieldFilter.op);
  };
  visit(where);
  if (ops.has('NOT_IN') && (or || ops.has('IN') || ops.has('ARRAY_CONTAINS_ANY')))
    throw invalidArgument(
      "'NOT_IN' cannot be used in the same query with 'IN', 'ARRAY_CONTAINS_ANY' or 'OR'.",
    );
}

/**
 * An inequality on a field the request orders after `__name__` (or not at all, with `__name__` ordered) would
 * need an index with the field after the document name, which Firestore cannot have: refused as Google's
 * emulator refuses it (found by the differential fuzzer, tests/referee/).
 */
function assertNoInequalityAfterName(orderBy: OrderSpec[], inequalityFields: string[][]): void {
  const nameAt = orderBy.findIndex((o) => o.path.length === 1 && o.path[0] === DOCUMENT_NAME_FIELD);
  if (nameAt < 0) return;
  const before = new Set(orderBy.slice(0, nameAt).map((o) => o.path.join('\u0000')));
  const after = [
    ...new Set(
      inequalityFields
        .filter((p) => !(p.length === 1 && p[0] === DOCUMENT_NAME_FIELD) && !before.has(p.join('\u0000')))
        .map((p) => p.join('.')),
    ),
  ];
  if (after.length > 0)
    throw invalidArgument(
      `This query requires an index that has fields [${after.join(', ')}] after __name__ and Firestore does not currently support such an index. Please try the query again with additional ordering on those fields.`,
    );
}

function compileCursor(
  cursor: CursorJson,
  orderBy: OrderSpec[],
  explicitOrders: number,
  orderValue: (doc: StoredDocument, path: string[]) => Value | undefined,
  side: 'start' | 'end',
): DocPredicate {
  const values = (cursor.values ?? []).map((v) => normalizeValue(v));
  // A value for each orderBy the request names, no more (Google's emulator: "Cursor has too many values."); the
  // SDKs send the implied orders (inequality fields, __name__) explicitly when their cursors need them.
  if (values.length > explicitOrders) throw invalidArgument('Cursor has too many values.');
  values.forEach((value, i) => {
    if (orderBy[i].path[0] === DOCUMENT_NAME_FIELD && !('referenceValue' in value))
      throw invalidArgument('Cursor __key__ value is not a document reference.');
  });
  const before = cursor.before === true;
  return (doc) => {
    let cmp = 0;
    for (let i = 0; i < values.length && cmp === 0; i++) {
      const { path, direction } = orderBy[i];
      const own = orderValue(doc, path);
      if (own === undefined) return false;
      cmp = compareValues(own, values[i]) * direction;
    }
    // start: `before` = startAt (inclusive); end: `before` = endBefore (exclusive).
    return side === 'start' ? cmp > 0 || (cmp === 0 && before) : cmp < 0 || (cmp === 0 && !before);
  };
}

/** Keeps only the selected fields (a projection); `__name__` alone selects no fields. */
export function project(
  fields: Record<string, Value>,
  select: string[][] | undefined,
): Record<string, Value> {
  if (!select) return fields;
  const out: Record<string, Value> = {};
  for (const path of select) {
    if (path[0] === DOCUMENT_NAME_FIELD) continue;
    const value = getField(fields, path);
    if (value === undefined) continue;
    let target = out;
    for (let i = 0; i < path.length - 1; i++) {
      const existing = target[path[i]];
      if (!existing || !('mapValue' in existing)) target[path[i]] = { mapValue: { fields: {} } };
      target = (target[path[i]] as { mapValue: { fields: Record<string, Value> } }).mapValue.fields;
    }
    target[path[path.length - 1]] = value;
  }
  return out;
}
