/**
 * Ordered in-memory indexes that serve queries as production's indexes do: keyed by the query's equality and
 * array-contains fields, then by its effective ordering (ending in __name__). A query seeks to its equality
 * bucket and start cursor, walks in order, checks every filter on what it finds and stops at offset + limit,
 * so a page of 50 costs O(log n + 50) instead of a scan and sort of the whole collection.
 *
 * Indexes are built on the first query of their shape (one sort of the collection) and kept up to date on
 * every write afterwards; the least recently used are dropped beyond MAX_INDEXES, so random query shapes
 * cannot make every write slower without bound.
 */
import type { Value } from './types.js';
import { collectionIdOf, compareSegments, DOCUMENT_NAME_FIELD, parentPathOf } from './paths.js';
import type { OrderSpec } from './query.js';
import type { StoredDocument } from './state.js';
import type { ListPosition } from './sorted-list.js';
import { DEFAULT_CHUNK, SortedList } from './sorted-list.js';
import type { SortKey } from './index-keys.js';
import { compareSortKeys, equalityKey, sortKey } from './index-keys.js';
import { getField } from './values.js';

/** An equality (`==`) or `array-contains` constraint the index can seek to. */
export interface IndexEquality {
  readonly path: readonly string[];
  readonly op: 'EQUAL' | 'ARRAY_CONTAINS';
  /** equalityKey() of the operand. */
  readonly key: string;
}

/** What a compiled query tells the index about itself. */
export interface IndexableQuery {
  readonly parentKey: string;
  readonly collectionId: string;
  readonly allDescendants: boolean;
  readonly orderBy: readonly OrderSpec[];
  readonly limit: number | undefined;
  readonly offset: number;
  matches(doc: StoredDocument): boolean;
  readonly plan: {
    /** A kindless query (every document below a parent) has no collection to index. */
    readonly kindless: boolean;
    /** Conjunctive equality constraints (a subset of the filter; the rest is checked on each document found). */
    readonly equalities: readonly IndexEquality[];
    readonly startAt: ((doc: StoredDocument) => boolean) | undefined;
    readonly endAt: ((doc: StoredDocument) => boolean) | undefined;
  };
}

export const MAX_INDEXES = 64;

/** The index a query was served from, for Query Explain: its scope and fields in the query's directions. */
export interface IndexDescription {
  readonly collectionGroup: boolean;
  readonly fields: readonly { path: readonly string[]; mode: 'ASC' | 'DESC' | 'CONTAINS' }[];
}

/** What one run of a query did: the index it walked (none: a scan) and how many entries it read there. */
export interface IndexTrace {
  index: IndexDescription | undefined;
  entriesScanned: number;
}

/** A document with the sort keys of one ordering, shared by every bucket of the indexes with that ordering. */
interface Entry {
  readonly doc: StoredDocument;
  /** sortKey of each ordering field; undefined for __name__. */
  readonly keys: readonly (SortKey | undefined)[];
}

/** All the documents of one scope (a collection, or a collection group) in one ordering (first field ascending). */
class Ordering {
  readonly entries = new Map<string, Entry>();
  readonly shapes = new Map<string, Shape>();
  readonly compare: (a: Entry, b: Entry) => number;

  constructor(readonly order: readonly OrderSpec[]) {
    const names = order.map((o) => o.path.length === 1 && o.path[0] === DOCUMENT_NAME_FIELD);
    this.compare = (a, b) => {
      for (let i = 0; i < order.length; i++) {
        const c = names[i]
          ? compareSegments(a.doc.segments, b.doc.segments)
          : compareSortKeys(a.keys[i]!, b.keys[i]!);
        if (c !== 0) return c < 0 ? -order[i].direction : order[i].direction;
      }
      return 0;
    };
  }

  /** The document's entry, or undefined when it lacks an ordering field (production's index skips it too). */
  entryOf(doc: StoredDocument): Entry | undefined {
    const keys: (SortKey | undefined)[] = [];
    for (const { path } of this.order) {
      if (path.length === 1 && path[0] === DOCUMENT_NAME_FIELD) {
        keys.push(undefined);
        continue;
      }
      const value = getField(doc.fields, path);
      if (value === undefined) return undefined;
      keys.push(sortKey(value));
    }
    return { doc, keys };
  }
}

/** One ordering's documents split into buckets by the values of a set of equality fields. */
class Shape {
  readonly buckets = new Map<string, SortedList<Entry>>();
  lastUsed = 0;

  constructor(
    readonly ordering: Ordering,
    readonly equalities: readonly { path: readonly string[]; op: IndexEquality['op'] }[],
    private readonly chunkSize: number,
  ) {}

  /** The buckets a document belongs in: one per distinct element for array-contains. */
  bucketKeys(doc: StoredDocument): string[] {
    // The common shapes (no equality, or one) without building tuples.
    if (this.equalities.length === 0) return NO_EQUALITY;
    if (this.equalities.length === 1) return keysOf(doc, this.equalities[0]);
    let keys: string[][] = [[]];
    for (const equality of this.equalities) {
      const parts = keysOf(doc, equality);
      if (parts.length === 0) return [];
      keys = keys.flatMap((prefix) => parts.map((p) => [...prefix, p]));
    }
    return keys.map(joinKey);
  }

  add(entry: Entry): void {
    for (const key of this.bucketKeys(entry.doc)) {
      let bucket = this.buckets.get(key);
      if (!bucket) {
        bucket = new SortedList(this.ordering.compare, this.chunkSize);
        this.buckets.set(key, bucket);
      }
      bucket.insert(entry);
    }
  }

  remove(entry: Entry): void {
    for (const key of this.bucketKeys(entry.doc)) {
      const bucket = this.buckets.get(key);
      if (!bucket) continue;
      bucket.remove(entry);
      if (bucket.size === 0) this.buckets.delete(key);
    }
  }

  build(): void {
    // One sort of the documents, then each bucket filled in that order: sorted as it is filled.
    const sorted = [...this.ordering.entries.values()].sort(this.ordering.compare);
    const grouped = new Map<string, Entry[]>();
    for (const entry of sorted) {
      for (const key of this.bucketKeys(entry.doc)) {
        let list = grouped.get(key);
        if (!list) grouped.set(key, (list = []));
        list.push(entry);
      }
    }
    for (const [key, list] of grouped) {
      const bucket = new SortedList(this.ordering.compare, this.chunkSize);
      bucket.reset(list, true);
      this.buckets.set(key, bucket);
    }
  }
}

const joinKey = (parts: string[]): string => (parts.length === 1 ? parts[0] : JSON.stringify(parts));
const NO_EQUALITY = [joinKey([])];

/** The equality keys of one field of a document: its value's, or each distinct element's for array-contains. */
function keysOf(
  doc: StoredDocument,
  { path, op }: { path: readonly string[]; op: IndexEquality['op'] },
): string[] {
  const value = getField(doc.fields, path);
  if (value === undefined) return [];
  if (op === 'EQUAL') {
    const k = equalityKey(value);
    return k === null ? [] : [k];
  }
  const elements: Value[] = 'arrayValue' in value ? (value.arrayValue.values ?? []) : [];
  const keys = new Set<string>();
  for (const element of elements) {
    const k = equalityKey(element);
    if (k !== null) keys.add(k);
  }
  return [...keys];
}

/** A query's ordering in the form the indexes keep it: the first field ascending (descending walks backwards). */
function normalizedOrder(order: readonly OrderSpec[]): { order: OrderSpec[]; reversed: boolean } {
  const reversed = order.length > 0 && order[0].direction === -1;
  return {
    order: order.map((o) => ({ path: o.path, direction: (reversed ? -o.direction : o.direction) as 1 | -1 })),
    reversed,
  };
}

const orderKey = (order: readonly OrderSpec[]): string =>
  JSON.stringify(order.map((o) => [o.path, o.direction]));

/** Every index of one database, by scope ("c:parent|collectionId" or "g:collectionId"). */
export class QueryIndexes {
  private readonly scopes = new Map<string, Map<string, Ordering>>();
  private shapeCount = 0;
  private clock = 0;
  /** Documents examined by index walks (for tests that a query did not scan). */
  examined = 0;
  /** Indexes dropped as least recently used. */
  evicted = 0;

  constructor(
    private readonly scopeDocuments: (scope: {
      collection: string;
      parentKey: string;
      group: boolean;
    }) => Iterable<StoredDocument>,
    private readonly chunkSize = DEFAULT_CHUNK,
    private readonly maxIndexes = MAX_INDEXES,
  ) {}

  /** Keeps every index in step with a document write (replacing the entry of its previous version, if any). */
  put(after: StoredDocument): void {
    if (this.shapeCount === 0) return;
    for (const ordering of this.orderingsOf(after)) {
      const old = ordering.entries.get(after.key);
      if (old) {
        for (const shape of ordering.shapes.values()) shape.remove(old);
        ordering.entries.delete(after.key);
      }
      const entry = ordering.entryOf(after);
      if (!entry) continue;
      ordering.entries.set(after.key, entry);
      for (const shape of ordering.shapes.values()) shape.add(entry);
    }
  }

  delete(doc: StoredDocument): void {
    if (this.shapeCount === 0) return;
    for (const ordering of this.orderingsOf(doc)) {
      const old = ordering.entries.get(doc.key);
      if (!old) continue;
      for (const shape of ordering.shapes.values()) shape.remove(old);
      ordering.entries.delete(doc.key);
    }
  }

  clear(): void {
    this.scopes.clear();
    this.shapeCount = 0;
  }

  /** Number of index shapes kept up to date (for tests and the benchmark). */
  get size(): number {
    return this.shapeCount;
  }

  /**
   * The index run() serves the query from (its equality fields, then its ordering in the query's directions, as
   * the walk reads it), without building or running anything; undefined when it would scan.
   */
  describe(query: IndexableQuery): IndexDescription | undefined {
    if (query.plan.kindless) return undefined;
    return {
      collectionGroup: query.allDescendants,
      fields: [
        ...uniqueEqualities(query.plan.equalities).map((e) => ({
          path: e.path,
          mode: e.op === 'ARRAY_CONTAINS' ? ('CONTAINS' as const) : ('ASC' as const),
        })),
        ...query.orderBy.map((o) => ({
          path: o.path,
          mode: o.direction === 1 ? ('ASC' as const) : ('DESC' as const),
        })),
      ],
    };
  }

  /** The query's documents, matching, ordered, offset and limit applied; undefined when no index can serve it. */
  run(query: IndexableQuery, trace?: IndexTrace): StoredDocument[] | undefined {
    if (query.plan.kindless) return undefined;
    if (trace) {
      trace.index = this.describe(query);
      const before = this.examined;
      const found = this.walk(query);
      trace.entriesScanned += this.examined - before;
      return found;
    }
    return this.walk(query);
  }

  private walk(query: IndexableQuery): StoredDocument[] {
    const { order, reversed } = normalizedOrder(query.orderBy);
    const equalities = uniqueEqualities(query.plan.equalities);
    const shape = this.shapeFor(query, order, equalities);
    const bucket = shape.buckets.get(joinKey(equalities.map((e) => e.key)));
    if (!bucket) return [];

    const { startAt, endAt } = query.plan;
    let from: ListPosition;
    if (!reversed) from = startAt ? bucket.firstWhere((e) => startAt(e.doc)) : bucket.start();
    else from = startAt ? bucket.firstWhere((e) => !startAt(e.doc)) : bucket.end();
    const wanted = query.limit === undefined ? Infinity : query.offset + query.limit;
    const found: StoredDocument[] = [];
    if (wanted === 0) return found;
    for (const entry of reversed ? bucket.backward(from) : bucket.forward(from)) {
      this.examined++;
      if (endAt && !endAt(entry.doc)) break;
      if (!query.matches(entry.doc)) continue;
      found.push(entry.doc);
      if (found.length >= wanted) break;
    }
    return query.offset === 0 ? found : found.slice(query.offset);
  }

  private shapeFor(query: IndexableQuery, order: OrderSpec[], equalities: readonly IndexEquality[]): Shape {
    const scopeKey = query.allDescendants
      ? `g:${query.collectionId}`
      : `c:${query.parentKey}|${query.collectionId}`;
    let orderings = this.scopes.get(scopeKey);
    if (!orderings) this.scopes.set(scopeKey, (orderings = new Map()));
    const oKey = orderKey(order);
    let ordering = orderings.get(oKey);
    if (!ordering) {
      ordering = new Ordering(order);
      const docs = this.scopeDocuments({
        collection: query.collectionId,
        parentKey: query.parentKey,
        group: query.allDescendants,
      });
      for (const doc of docs) {
        const entry = ordering.entryOf(doc);
        if (entry) ordering.entries.set(doc.key, entry);
      }
      orderings.set(oKey, ordering);
    }
    const sKey = JSON.stringify(equalities.map((e) => [e.path, e.op]));
    let shape = ordering.shapes.get(sKey);
    if (!shape) {
      shape = new Shape(ordering, equalities, this.chunkSize);
      shape.build();
      ordering.shapes.set(sKey, shape);
      this.shapeCount++;
      if (this.shapeCount > this.maxIndexes) this.evictLeastRecentlyUsed(shape);
    }
    shape.lastUsed = ++this.clock;
    return shape;
  }

  private evictLeastRecentlyUsed(keep: Shape): void {
    let oldest: { scope: string; ordering: string; shape: string; used: number } | undefined;
    for (const [scope, orderings] of this.scopes)
      for (const [ordering, o] of orderings)
        for (const [key, shape] of o.shapes)
          if (shape !== keep && (!oldest || shape.lastUsed < oldest.used))
            oldest = { scope, ordering, shape: key, used: shape.lastUsed };
    if (!oldest) return;
    const orderings = this.scopes.get(oldest.scope)!;
    const ordering = orderings.get(oldest.ordering)!;
    ordering.shapes.delete(oldest.shape);
    this.shapeCount--;
    this.evicted++;
    if (ordering.shapes.size === 0) orderings.delete(oldest.ordering);
    if (orderings.size === 0) this.scopes.delete(oldest.scope);
  }

  private *orderingsOf(doc: StoredDocument): Iterable<Ordering> {
    const collectionId = collectionIdOf(doc.segments);
    const own = this.scopes.get(`c:${parentPathOf(doc.segments)}|${collectionId}`);
    if (own) yield* own.values();
    const group = this.scopes.get(`g:${collectionId}`);
    if (group) yield* group.values();
  }
}

/** One constraint per field and operator (a second `==` on the same field is left to the filter check). */
function uniqueEqualities(equalities: readonly IndexEquality[]): IndexEquality[] {
  const seen = new Set<string>();
  const out: IndexEquality[] = [];
  for (const e of [...equalities].sort((a, b) => (compareKey(a) < compareKey(b) ? -1 : 1))) {
    const id = JSON.stringify([e.path, e.op]);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(e);
  }
  return out;
}

const compareKey = (e: IndexEquality): string => JSON.stringify([e.path, e.op, e.key]);
