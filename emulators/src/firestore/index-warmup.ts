/**
 * Production's indexes exist before the first query; the emulator's ordered indexes (query-index.ts) are built
 * by the first query of their shape, which at 100,000 documents takes up to a second. So, once the emulator has
 * started, the shapes of the declared composite indexes (firestore.indexes.json) are built in the background,
 * one per macrotask: the seller's first search after `npm start` finds its index ready, as in production.
 */
import type { FirestoreEngine } from './engine.js';
import type { IndexesFileJson, IndexJson } from './indexes.js';
import { compileQuery } from './query.js';
import type { FilterJson, StructuredQueryJson } from './types.js';

/**
 * The queries whose shapes an index serves: its leading fields as equalities (or array-contains) and its last
 * field as the order, and that order alone (a list's first page: no filter, newest first).
 */
export function warmupQueries(index: IndexJson): StructuredQueryJson[] {
  const fields = index.fields.filter((field) => field.fieldPath !== '__name__');
  // An array-contains index holds an entry per array element (every search prefix of every order: ~2.5 million
  // at 100,000 orders, ~150 MB): built when the first such search asks, not for every start.
  if (fields.some((field) => field.arrayConfig === 'CONTAINS')) return [];
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
    for (const structured of queries) {
      await new Promise((resolve) => setImmediate(resolve));
      if (stopped) return;
      compileQuery(parent, structured).run(state);
    }
  })();
  return { stop: () => (stopped = true), done };
}
