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
import type { Value } from '../types.js';
import { collectionIdOf, compareSegments, DOCUMENT_NAME_FIELD, parentPathOf } from '../paths.js';
import type {
  IndexableQuery,
  IndexDescription,
  IndexEquality,
  IndexTrace,
  OrderSpec,
} from './query-shape.js';
import type { StoredDocument } from '../stored-document.js';
import type { ListPosition } from './sorted-list.js';
import { DEFAULT_CHUNK, SortedList } from './sorted-list.js';
import type { SortKey } from './index-keys.js';
import { compareSortKeys, equalityKey, sortKey } from './index-keys.js';
import { getField } from '../values.js';

export const MAX_INDEXES = 64;

/** A document with the sort keys of one ordering, shared by every bucket of the indexes with that ordering. */
interface Entry {
  readonly doc: StoredDocument;
  /**
   * In an ordering by one field then __name__ (most of them), that field's sort key alone: no array per
   * document and ordering (~64 bytes each, ~13 MB at 100,000 orders in two orderings). Otherwise the sort key of
   * each ordering field, undefined for __name__.
   */
  readonly keys: SortKey | readonly (SortKey | undefined)[];
}

/** All the documents of one scope (a collection, or a collection group) in one ordering (first field ascending). */
class Ordering {
  readonly entries = new Map<string, Entry>();
  readonly shapes = new Map<string, Shape>();
  readonly compare: (a: Entry, b: Entry) => number;
  /** One field, then __name__: an entry's keys are that field's sort key alone. */
  readonly oneField: boolean;

  constructor(readonly order: readonly OrderSpec[]) {
    const names = order.map((o) => o.path.length === 1 && o.path[0] === DOCUMENT_NAME_FIELD);
    const oneField = (this.oneField = order.length === 2 && !names[0] && names[1]);
    this.compare = oneField
      ? (a, b) => {
          const c = compareSortKeys(a.keys as SortKey, b.keys as SortKey);
          if (c !== 0) return c < 0 ? -order[0].direction : order[0].direction;
          const n = compareSegments(a.doc.segments, b.doc.segments);
          return n === 0 ? 0 : n < 0 ? -order[1].direction : order[1].direction;
        }
      : (a, b) => {
          const aKeys = a.keys as readonly (SortKey | undefined)[];
          const bKeys = b.keys as readonly (SortKey | undefined)[];
          for (let i = 0; i < order.length; i++) {
            const c = names[i]
              ? compareSegments(a.doc.segments, b.doc.segments)
              : compareSortKeys(aKeys[i]!, bKeys[i]!);
            if (c !== 0) return c < 0 ? -order[i].direction : order[i].direction;
          }
          return 0;
        };
  }

  /** The document's entry, or undefined when it lacks an ordering field (production's index skips it too). */
  entryOf(doc: StoredDocument): Entry | undefined {
    if (this.oneField) {
      const value = getField(doc.fields, this.order[0].path);
      return value === undefined ? undefined : { doc, keys: sortKey(value) };
    }
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

/**
 * A bucket of one document is that document's entry itself; larger ones are sorted lists. Most buckets of an
 * array-contains index hold one document (each order number's own search prefixes: ~100,000 of them at
 * 100,000 orders), and a list, its chunk array and its chunk cost ~170 bytes more than the entry they hold.
 */
type Bucket = Entry | SortedList<Entry>;

/** One ordering's documents split into buckets by the values of a set of equality fields. */
class Shape {
  readonly buckets = new Map<string, Bucket>();
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
    let keys: string[] = [''];
    for (const equality of this.equalities) {
      const parts = keysOf(doc, equality);
      if (parts.length === 0) return [];
      const longer: string[] = [];
      for (const prefix of keys) for (const part of parts) longer.push(prefix + keyPart(part));
      keys = longer;
    }
    return keys;
  }

  add(entry: Entry): void {
    for (const key of this.bucketKeys(entry.doc)) {
      const bucket = this.buckets.get(key);
      if (bucket === undefined) this.buckets.set(key, entry);
      else if (bucket instanceof SortedList) bucket.insert(entry);
      else this.buckets.set(key, this.listOf([bucket, entry], false));
    }
  }

  remove(entry: Entry): void {
    for (const key of this.bucketKeys(entry.doc)) {
      const bucket = this.buckets.get(key);
      if (bucket === undefined) continue;
      if (!(bucket instanceof SortedList)) {
        if (this.ordering.compare(bucket, entry) === 0) this.buckets.delete(key);
        continue;
      }
      bucket.remove(entry);
      if (bucket.size === 1) this.buckets.set(key, bucket.forward(bucket.start()).next().value as Entry);
      else if (bucket.size === 0) this.buckets.delete(key);
    }
  }

  /** The bucket as a list to walk (a one-document bucket wrapped for the walk). */
  list(key: string): SortedList<Entry> | undefined {
    const bucket = this.buckets.get(key);
    if (bucket === undefined || bucket instanceof SortedList) return bucket;
    return this.listOf([bucket], true);
  }

  build(): void {
    // One sort of the documents, then each bucket filled in that order: sorted as it is filled.
    // The buckets are gathered in place (an entry, then an array), so no second map of them is built.
    const sorted = [...this.ordering.entries.values()].sort(this.ordering.compare);
    const gathering = this.buckets as Map<string, Bucket | Entry[]>;
    for (const entry of sorted) {
      for (const key of this.bucketKeys(entry.doc)) {
        const found = gathering.get(key);
        if (found === undefined) gathering.set(key, entry);
        else if (Array.isArray(found)) found.push(entry);
        else gathering.set(key, [found as Entry, entry]);
      }
    }
    for (const [key, found] of gathering)
      if (Array.isArray(found)) gathering.set(key, this.listOf(found, true));
  }

  private listOf(entries: Entry[], sorted: boolean): SortedList<Entry> {
    const list = new SortedList(this.ordering.compare, this.chunkSize);
    list.reset(entries, sorted);
    return list;
  }
}

/**
 * A bucket's key: its equality keys, each after its length, so that no two tuples share one (an equality key
 * may hold any character); one key alone is itself. Concatenated rather than JSON-encoded tuples: an
 * (array-contains, ==) index builds one per search prefix of every document (~2.4 million at 100,000 orders).
 */
const keyPart = (part: string): string => `${part.length}:${part}`;
const joinKey = (parts: string[]): string => (parts.length === 1 ? parts[0] : parts.map(keyPart).join(''));
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
   * How the indexes hold their documents (for tests of their structure and the benchmark): entries (one per
   * document and ordering) and those holding an array of sort keys, buckets, those of one document (held as
   * its entry alone) and bucket memberships, over every shape.
   */
  footprint(): {
    shapes: number;
    entries: number;
    keyArrays: number;
    buckets: number;
    singleBuckets: number;
    memberships: number;
  } {
    const out = {
      shapes: this.shapeCount,
      entries: 0,
      keyArrays: 0,
      buckets: 0,
      singleBuckets: 0,
      memberships: 0,
    };
    for (const orderings of this.scopes.values())
      for (const ordering of orderings.values()) {
        out.entries += ordering.entries.size;
        if (!ordering.oneField) out.keyArrays += ordering.entries.size;
        for (const shape of ordering.shapes.values())
          for (const bucket of shape.buckets.values()) {
            out.buckets++;
            if (bucket instanceof SortedList) out.memberships += bucket.size;
            else {
              out.singleBuckets++;
              out.memberships++;
            }
          }
      }
    return out;
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
    const bucket = shape.list(joinKey(equalities.map((e) => e.key)));
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
