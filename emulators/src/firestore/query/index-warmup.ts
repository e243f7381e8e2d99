/**
 * Production's indexes exist before the first query; the emulator's ordered indexes (query-index.ts) are built
 * by the first query of their shape, which at 100,000 documents takes up to a second. So, once the emulator has
 * started, the shapes of the declared composite indexes (firestore.indexes.json) are built in the background,
 * one per macrotask: the seller's first search after `npm start` finds its index ready, as in production,
 * array-contains ones included (an entry per array element: ~2.4 million per shape at 100,000 orders).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FirestoreEngine } from '../engine.js';
import type { IndexesFileJson, IndexJson } from './indexes.js';
import { compileQuery } from './query.js';
import type { FilterJson, StructuredQueryJson } from '../types.js';

/**
 * The queries whose shapes an index serves: its leading fields as equalities (or array-contains) and its last
 * field as the order, and that order alone (a list's first page: no filter, newest first).
 */
export function warmupQueries(index: IndexJson): StructuredQueryJson[] {
  const fields = index.fields.filter((field) => field.fieldPath !== '__name__');
  const last = fields[fields.length - 1];
  if (!last?.order) return [];
  const from = [
    { collectionId: index.collectionGroup, allDescendants: index.queryScope === 'COLLECTION_GROUP' },
  ];
  const orderBy = [{ field: { fieldPath: last.fieldPath }, direction: last.order }];
  const filters: FilterJson[] = fields.slice(0, -1).map((field) => ({
    fieldFilter: {
      field: { fieldPath: field.fieldPath },
      op: field.arrayConfig === 'CONTAINS' ? 'ARRAY_CONTAINS' : 'EQUAL',
      value: { nullValue: 'NULL_VALUE' },
    },
  }));
  const filtered: StructuredQueryJson = {
    from,
    where: filters.length === 1 ? filters[0] : { compositeFilter: { op: 'AND', filters } },
    orderBy,
    limit: 1,
  };
  return filters.length === 0 ? [{ from, orderBy, limit: 1 }] : [filtered, { from, orderBy, limit: 1 }];
}

/** Builds the declared indexes' shapes for `projectId`'s default database, one per macrotask; stops when asked. */
export function warmDeclaredIndexes(
  engine: FirestoreEngine,
  config: IndexesFileJson,
  projectId: string,
): { stop(): void; done: Promise<void> } {
  const parent = `projects/${projectId}/databases/(default)/documents`;
  const state = engine.state({ projectId, databaseId: '(default)' });
  const queries = (config.indexes ?? []).flatMap(warmupQueries);
  let stopped = false;
  const done = (async () => {
    let built = 0;
    if (queries.length > 0 && state.size >= COLLECT_FIRST_FROM) {
      // What the start left behind (a start snapshot's file and arrays, or data.json's text) goes first: the
      // builds' own garbage on top of it took the process to 478 MB at its peak at 100,000 orders.
      await new Promise((resolve) => setImmediate(resolve));
      if (stopped) return;
      collectGarbage();
    }
    for (const structured of queries) {
      await new Promise((resolve) => setImmediate(resolve));
      if (stopped) return;
      const before = state.indexes.footprint().memberships;
      compileQuery(parent, structured).run(state);
      built += state.indexes.footprint().memberships - before;
      if (built >= COLLECT_AFTER) {
        built = 0;
        collectGarbage();
      }
    }
  })();
  return { stop: () => (stopped = true), done };
}

/**
 * Index entries built since the last full collection that call for the next one. A bulk build leaves its
 * sort, its gathering arrays and its keys behind as garbage spread among the pages of what it keeps; V8's own
 * collections during the warm-up keep those pages, so the process stayed ~100 MB larger than its live heap
 * (100,000 orders: 559 MB). A full collection after each large build, in the warm-up's own macrotask, gives
 * them back; a few per start, each a fraction of a second in the background.
 */
export const COLLECT_AFTER = 1_000_000;

/** Documents from which the warm-up starts with a full collection (a few ms below, pointless there). */
const COLLECT_FIRST_FROM = 10_000;

let fullCollection: (() => void) | undefined;

/** A full garbage collection (V8's `gc()`, exposed for this process the first time it is asked for). */
export function collectGarbage(): void {
  if (!fullCollection) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (exposed) fullCollection = exposed;
    else {
      setFlagsFromString('--expose-gc');
      fullCollection = runInNewContext('gc') as () => void;
    }
  }
  fullCollection();
}
