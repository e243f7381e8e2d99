/**
 * The indexes must answer every query exactly as the full scan and sort does: same documents, same order.
 * Random documents of every value type, random queries (filters, orderings, cursors, limits, offsets,
 * collection groups), compared before and after random writes and deletes that the indexes follow.
 */
import { describe, expect, it } from 'vitest';
import type { FilterJson, StructuredQueryJson, Value } from '../types.js';
import { compileQuery, type CompiledQuery } from './query.js';
import { DatabaseState } from '../state.js';
import { type StoredDocument } from '../stored-document.js';
import { normalizeFields } from '../values.js';
import { random, syntheticDocument } from '../../testing/synthetic-documents.js';
import { FirestoreEngine } from '../engine.js';
import { INTERNAL_READ } from '../access/authorization.js';
import type { ListenResponseJson } from '../types.js';

const DB = { projectId: 'p', databaseId: '(default)' };
const ROOT = 'projects/p/databases/(default)/documents';
const PARENTS = ['', 'shops/a', 'shops/b/regions/x'];

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)];

function scalar(rng: Rng): Value {
  switch (Math.floor(rng() * 12)) {
    case 0:
      return { nullValue: null };
    case 1:
      return { booleanValue: rng() < 0.5 };
    case 2:
      return { integerValue: String(Math.floor(rng() * 7) - 2) };
    case 3:
      return { doubleValue: pick(rng, [0.5, 1, -0, 2.5, NaN, Infinity, -Infinity, 3]) };
    case 4:
      return { integerValue: pick(rng, ['9007199254740993', '9007199254740992', '-9223372036854775808']) };
    case 5:
      return {
        timestampValue: `2026-0${1 + Math.floor(rng() * 3)}-01T00:00:0${Math.floor(rng() * 3)}.${pick(rng, ['0', '5', '123456'])}Z`,
      };
    case 6:
    case 7:
      return { stringValue: pick(rng, ['', 'a', 'b', 'ab', 'B', 'আচার', '😀', '\uffff', 'a\u0000b']) };
    case 8:
      return { bytesValue: pick(rng, ['AA==', 'AQ==', '']) };
    case 9:
      return { referenceValue: `${ROOT}/items/${pick(rng, ['d1', 'd2', '__id5__'])}` };
    case 10:
      return { geoPointValue: { latitude: pick(rng, [0, 1, -1]), longitude: pick(rng, [0, 2]) } };
    default:
      return { integerValue: String(Math.floor(rng() * 4)) };
  }
}

function value(rng: Rng): Value {
  const r = rng();
  if (r < 0.1)
    return { arrayValue: { values: Array.from({ length: Math.floor(rng() * 4) }, () => scalar(rng)) } };
  if (r < 0.15)
    return { mapValue: { fields: rng() < 0.5 ? { x: scalar(rng) } : { x: scalar(rng), y: scalar(rng) } } };
  return scalar(rng);
}

const FIELDS = ['a', 'b', 'c'];

function randomFields(rng: Rng): Record<string, Value> {
  const fields: Record<string, Value> = {};
  for (const f of FIELDS) if (rng() < 0.8) fields[f] = value(rng);
  if (rng() < 0.8)
    fields.tags = {
      arrayValue: { values: Array.from({ length: Math.floor(rng() * 4) }, () => scalar(rng)) },
    };
  if (rng() < 0.6) fields.m = { mapValue: { fields: { x: scalar(rng) } } };
  return normalizeFields(fields);
}

let version = 0n;
function put(state: DatabaseState, rng: Rng): void {
  const parent = pick(rng, PARENTS);
  const id = pick(rng, ['d1', 'd2', 'd3', 'd4', 'd10', '__id5__', '__id-3__', 'z']) + Math.floor(rng() * 30);
  const segments = [...(parent ? parent.split('/') : []), 'items', id];
  const doc: StoredDocument = {
    key: segments.join('/'),
    segments,
    fields: randomFields(rng),
    createTime: '2026-01-01T00:00:00Z',
    updateTime: '2026-01-01T00:00:00Z',
    version: ++version,
  };
  state.put(doc);
}

const FIELD_PATHS = ['a', 'b', 'c', 'tags', 'm.x', '__name__'];

function fieldFilter(rng: Rng): FilterJson {
  const op = pick(rng, [
    'EQUAL',
    'EQUAL',
    'EQUAL',
    'ARRAY_CONTAINS',
    'ARRAY_CONTAINS',
    'LESS_THAN',
    'GREATER_THAN_OR_EQUAL',
    'NOT_EQUAL',
    'IN',
    'NOT_IN',
    'ARRAY_CONTAINS_ANY',
    'IS_NULL',
    'IS_NAN',
  ] as const);
  const path =
    op === 'ARRAY_CONTAINS' || op === 'ARRAY_CONTAINS_ANY' ? 'tags' : pick(rng, FIELD_PATHS.slice(0, 5));
  if (op === 'IS_NULL' || op === 'IS_NAN') return { unaryFilter: { op, field: { fieldPath: path } } };
  const operand =
    op === 'IN' || op === 'NOT_IN' || op === 'ARRAY_CONTAINS_ANY'
      ? { arrayValue: { values: [scalar(rng), scalar(rng)] } }
      : value(rng);
  return { fieldFilter: { field: { fieldPath: path }, op, value: operand } };
}

function randomQuery(rng: Rng, state: DatabaseState): { parent: string; query: StructuredQueryJson } {
  const group = rng() < 0.3;
  const parentPath = pick(rng, PARENTS);
  const filters = Array.from({ length: Math.floor(rng() * 3) }, () => fieldFilter(rng));
  let where: FilterJson | undefined;
  if (filters.length === 1) where = filters[0];
  else if (filters.length > 1) where = { compositeFilter: { op: rng() < 0.8 ? 'AND' : 'OR', filters } };
  const orderBy = Array.from({ length: Math.floor(rng() * 3) }, () => ({
    field: { fieldPath: pick(rng, ['a', 'b', 'm.x', '__name__']) },
    direction: rng() < 0.5 ? ('DESCENDING' as const) : ('ASCENDING' as const),
  }));
  const query: StructuredQueryJson = {
    from: [{ collectionId: 'items', allDescendants: group }],
    where,
    orderBy,
  };
  if (rng() < 0.6) query.limit = Math.floor(rng() * 12);
  if (rng() < 0.3) query.offset = Math.floor(rng() * 4);
  const docs = [...state.all()];
  const cursorFrom = (): Value[] => {
    const doc = pick(rng, docs);
    const values: Value[] = orderBy.map((o) =>
      o.field.fieldPath === '__name__'
        ? { referenceValue: `${ROOT}/${doc.key}` }
        : (doc.fields[o.field.fieldPath.split('.')[0]] ?? scalar(rng)),
    );
    return values.slice(0, 1 + Math.floor(rng() * values.length));
  };
  if (docs.length > 0 && orderBy.length > 0 && rng() < 0.4)
    query.startAt = { values: cursorFrom(), before: rng() < 0.5 };
  if (docs.length > 0 && orderBy.length > 0 && rng() < 0.3)
    query.endAt = { values: cursorFrom(), before: rng() < 0.5 };
  return { parent: parentPath && !group ? `${ROOT}/${parentPath}` : ROOT, query };
}

function compiled(parent: string, query: StructuredQueryJson): CompiledQuery | undefined {
  try {
    return compileQuery(parent, query);
  } catch {
    return undefined; // an invalid random query is refused before either path runs
  }
}

const keys = (docs: StoredDocument[]): string[] => docs.map((d) => d.key);

describe('query indexes answer as the full scan does', () => {
  it('for random documents, queries, writes and deletes', () => {
    const rng = random(20_261_124);
    const state = new DatabaseState(DB, { indexChunkSize: 4, maxIndexes: 12 });
    for (let i = 0; i < 300; i++) put(state, rng);
    const queries: { parent: string; query: StructuredQueryJson }[] = [];
    let compared = 0;
    let nonEmpty = 0;
    for (let round = 0; round < 40; round++) {
      for (let i = 0; i < 10; i++) queries.push(randomQuery(rng, state));
      // Earlier queries' indexes were built before these writes and must have followed them.
      for (const { parent, query } of queries) {
        const q = compiled(parent, query);
        if (!q) continue;
        const expected = keys(q.scan(state));
        expect(keys(q.run(state)), JSON.stringify({ parent, query })).toEqual(expected);
        compared++;
        if (expected.length > 0) nonEmpty++;
      }
      for (let i = 0; i < 15; i++) {
        if (rng() < 0.3) {
          const docs = [...state.all()];
          if (docs.length > 0) state.delete(pick(rng, docs).key);
        } else put(state, rng);
      }
      if (queries.length > 80) queries.splice(0, 10);
    }
    // The comparison must have exercised real answers, not only empty ones.
    expect(compared).toBeGreaterThan(2000);
    expect(nonEmpty).toBeGreaterThan(compared / 4);
    // More shapes were queried than are kept: evicted indexes were rebuilt when asked for again.
    expect(state.indexes.size).toBe(12);
    expect(state.indexes.evicted).toBeGreaterThan(0);
  });

  it('serves a page from an index without examining the whole collection', () => {
    const state = new DatabaseState(DB);
    for (let i = 0; i < 2000; i++) {
      const segments = ['orders', `o${String(i).padStart(5, '0')}`];
      state.put({
        key: segments.join('/'),
        segments,
        fields: normalizeFields({
          status: { stringValue: i % 4 === 0 ? 'pending' : 'delivered' },
          created_at: { timestampValue: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() },
        }),
        createTime: '2026-01-01T00:00:00Z',
        updateTime: '2026-01-01T00:00:00Z',
        version: BigInt(i + 1),
      });
    }
    const query = compileQuery(ROOT, {
      from: [{ collectionId: 'orders' }],
      where: {
        fieldFilter: { field: { fieldPath: 'status' }, op: 'EQUAL', value: { stringValue: 'pending' } },
      },
      orderBy: [{ field: { fieldPath: 'created_at' }, direction: 'DESCENDING' }],
      limit: 50,
    });
    query.run(state); // builds the index
    const before = state.indexes.examined;
    const page = query.run(state);
    expect(page).toHaveLength(50);
    expect(page[0].key).toBe('orders/o01996');
    expect(state.indexes.examined - before).toBe(50);
    expect(keys(page)).toEqual(keys(query.scan(state)));
  });

  it('updates a limit-50 listener on a new document from the index, not by a rescan', () => {
    const engine = new FirestoreEngine();
    const database = 'projects/p/databases/(default)';
    const parent = `${database}/documents`;
    engine.importDocuments([
      {
        database,
        documents: Array.from({ length: 3000 }, (_, i) => syntheticDocument(database, i, 3000, 'orders')),
      },
    ]);
    const sent: ListenResponseJson[] = [];
    const stream = engine.openListen(INTERNAL_READ, (m) => sent.push(m));
    const newest: StructuredQueryJson = {
      from: [{ collectionId: 'orders' }],
      orderBy: [{ field: { fieldPath: 'created_at' }, direction: 'DESCENDING' }],
      limit: 50,
    };
    stream.handle({ database, addTarget: { targetId: 1, query: { parent, structuredQuery: newest } } });
    expect(sent.filter((m) => m.documentChange)).toHaveLength(50);
    const { indexes } = engine.state({ projectId: 'p', databaseId: '(default)' });
    const before = indexes.examined;
    sent.length = 0;
    engine.commit(
      { database, writes: [{ update: syntheticDocument(database, 3000, 3000, 'orders') }] },
      INTERNAL_READ,
    );
    // The new order enters the window and the oldest of the 50 leaves it; the query walked about one page.
    expect(sent.filter((m) => m.documentChange)).toHaveLength(1);
    expect(sent.filter((m) => m.documentRemove)).toHaveLength(1);
    // (A scan would examine nothing through the index: the count must move, and by no more than a page.)
    expect(indexes.examined - before).toBeGreaterThan(0);
    expect(indexes.examined - before).toBeLessThanOrEqual(51);
    stream.close();
  });
  it('holds a one-document bucket as its entry alone, and an (array-contains, ==) bucket under one key', () => {
    const state = new DatabaseState(DB, { indexChunkSize: 4 });
    const put = (id: string, terms: string[], status: string) => {
      const segments = ['orders', id];
      state.put({
        key: segments.join('/'),
        segments,
        fields: normalizeFields({
          search_terms: { arrayValue: { values: terms.map((stringValue) => ({ stringValue })) } },
          status: { stringValue: status },
          created_at: { timestampValue: `2026-01-01T00:00:0${id.length}Z` },
        }),
        createTime: '2026-01-01T00:00:00Z',
        updateTime: '2026-01-01T00:00:00Z',
        version: 1n,
      });
    };
    // Each order's own number is its own bucket; "shared" holds all three.
    put('a', ['a', 'shared', 'shared'], 'pending');
    put('bb', ['bb', 'shared'], 'pending');
    put('ccc', ['ccc', 'shared'], 'done');
    const search = (term: string, status?: string) => {
      const contains: FilterJson = {
        fieldFilter: {
          field: { fieldPath: 'search_terms' },
          op: 'ARRAY_CONTAINS',
          value: { stringValue: term },
        },
      };
      const where: FilterJson = status
        ? {
            compositeFilter: {
              op: 'AND',
              filters: [
                contains,
                {
                  fieldFilter: {
                    field: { fieldPath: 'status' },
                    op: 'EQUAL',
                    value: { stringValue: status },
                  },
                },
              ],
            },
          }
        : contains;
      const query = compileQuery(ROOT, {
        from: [{ collectionId: 'orders' }],
        where,
        orderBy: [{ field: { fieldPath: 'created_at' }, direction: 'DESCENDING' }],
        limit: 50,
      });
      const found = keys(query.run(state));
      expect(found).toEqual(keys(query.scan(state)));
      return found;
    };
    expect(search('shared')).toEqual(['orders/ccc', 'orders/bb', 'orders/a']);
    expect(search('bb')).toEqual(['orders/bb']);
    // a, bb, ccc alone; shared: a list of three.
    expect(state.indexes.footprint()).toEqual({
      shapes: 1,
      entries: 3,
      keyArrays: 0,
      buckets: 4,
      singleBuckets: 3,
      memberships: 6,
    });
    expect(search('shared', 'pending')).toEqual(['orders/bb', 'orders/a']);
    // (a,pending), (bb,pending), (ccc,done), (shared,done) alone; (shared,pending) a list of two.
    expect(state.indexes.footprint()).toEqual({
      shapes: 2,
      entries: 3,
      keyArrays: 0,
      buckets: 9,
      singleBuckets: 7,
      memberships: 12,
    });

    // Written: a list that shrinks to one document holds its entry again, and one that grows is a list.
    state.delete('orders/bb');
    expect(state.indexes.footprint()).toEqual({
      shapes: 2,
      entries: 2,
      keyArrays: 0,
      buckets: 7,
      singleBuckets: 6,
      memberships: 8,
    });
    put('dddd', ['ccc', 'shared'], 'done');
    expect(search('ccc')).toEqual(['orders/dddd', 'orders/ccc']);
    expect(search('shared', 'done')).toEqual(['orders/dddd', 'orders/ccc']);
    expect(search('shared', 'pending')).toEqual(['orders/a']);
    expect(state.indexes.footprint()).toEqual({
      shapes: 2,
      entries: 3,
      keyArrays: 0,
      buckets: 7,
      singleBuckets: 3,
      memberships: 12,
    });

    // An ordering by one field then __name__ keeps that field's sort key alone per entry; one by two fields, an
    // array of them.
    const byStatus = compileQuery(ROOT, {
      from: [{ collectionId: 'orders' }],
      orderBy: [
        { field: { fieldPath: 'status' }, direction: 'ASCENDING' },
        { field: { fieldPath: 'created_at' }, direction: 'DESCENDING' },
      ],
    });
    expect(keys(byStatus.run(state))).toEqual(['orders/dddd', 'orders/ccc', 'orders/a']);
    expect(keys(byStatus.run(state))).toEqual(keys(byStatus.scan(state)));
    expect(state.indexes.footprint()).toMatchObject({ shapes: 3, entries: 6, keyArrays: 3 });
  });
});
