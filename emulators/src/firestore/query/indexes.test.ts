/**
 * Composite-index requirements: each class of query production needs a composite index for is refused
 * without it and served with it, the message's JSON pasted into firestore.indexes.json makes it pass,
 * single-field exemptions are honoured, and the shop's own queries all have their indexes.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldFilterOp, FilterJson, StructuredQueryJson, Value } from '../types.js';
import { compileQuery } from './query.js';
import {
  missingIndex,
  readIndexesFile,
  type FieldOverrideJson,
  type IndexesFileJson,
  type IndexJson,
  type MissingIndex,
} from './indexes.js';
import { startFirestoreEmulator, type FirestoreEmulator } from '../server.js';
import { adminFirestore } from '../../testing/admin.js';
import { expectCode } from '../../testing/waiting.js';

const PARENT = 'projects/p/databases/(default)/documents';

const field = (fieldPath: string, op: FieldFilterOp, value: Value = { integerValue: '1' }): FilterJson => ({
  fieldFilter: { field: { fieldPath }, op, value },
});
const and = (...filters: FilterJson[]): FilterJson => ({ compositeFilter: { op: 'AND', filters } });
const or = (...filters: FilterJson[]): FilterJson => ({ compositeFilter: { op: 'OR', filters } });
const order = (fieldPath: string, direction: 'ASCENDING' | 'DESCENDING' = 'ASCENDING') => ({
  field: { fieldPath },
  direction,
});

/** The composite index a refused query asks for. */
function indexIn(missing: MissingIndex | null): IndexJson {
  if (missing?.section !== 'indexes')
    throw new Error(`expected a missing index, got ${JSON.stringify(missing)}`);
  return missing.json;
}

/** The single-field override a refused query asks for. */
function overrideIn(missing: MissingIndex | null): FieldOverrideJson {
  if (missing?.section !== 'fieldOverrides')
    throw new Error(`expected a missing field override, got ${JSON.stringify(missing)}`);
  return missing.json;
}

function needs(query: StructuredQueryJson, config: IndexesFileJson = {}, group = false) {
  const from = [{ collectionId: 'jars', allDescendants: group }];
  return missingIndex(compileQuery(PARENT, { from, ...query }), config);
}

describe('queries the automatic single-field indexes serve', () => {
  it.each([
    ['no filter', {}],
    ['one equality', { where: field('a', 'EQUAL') }],
    ['several equalities (merged)', { where: and(field('a', 'EQUAL'), field('b', 'EQUAL')) }],
    ['array-contains with an equality', { where: and(field('tags', 'ARRAY_CONTAINS'), field('b', 'EQUAL')) }],
    ['in', { where: field('a', 'IN', { arrayValue: { values: [{ integerValue: '1' }] } }) }],
    ['a range on one field', { where: field('a', 'GREATER_THAN') }],
    [
      'a range and order on the same field',
      { where: field('a', 'LESS_THAN'), orderBy: [order('a', 'DESCENDING')] },
    ],
    ['one order, descending', { orderBy: [order('a', 'DESCENDING')] }],
    ['an order on the equality field', { where: field('a', 'EQUAL'), orderBy: [order('a')] }],
    ['not-equal alone', { where: field('a', 'NOT_EQUAL') }],
  ])('%s', (_name, query) => {
    expect(needs(query as StructuredQueryJson)).toBeNull();
  });
});

describe('queries that need a composite index', () => {
  it.each([
    [
      'equality + order on another field',
      { where: field('a', 'EQUAL'), orderBy: [order('b', 'DESCENDING')] },
      [
        { fieldPath: 'a', order: 'ASCENDING' },
        { fieldPath: 'b', order: 'DESCENDING' },
      ],
    ],
    [
      'equality + range on another field',
      { where: and(field('a', 'EQUAL'), field('b', 'GREATER_THAN')) },
      [
        { fieldPath: 'a', order: 'ASCENDING' },
        { fieldPath: 'b', order: 'ASCENDING' },
      ],
    ],
    [
      'two orders',
      { orderBy: [order('a'), order('b', 'DESCENDING')] },
      [
        { fieldPath: 'a', order: 'ASCENDING' },
        { fieldPath: 'b', order: 'DESCENDING' },
      ],
    ],
    [
      'array-contains + order',
      { where: field('tags', 'ARRAY_CONTAINS'), orderBy: [order('price')] },
      [
        { fieldPath: 'tags', arrayConfig: 'CONTAINS' },
        { fieldPath: 'price', order: 'ASCENDING' },
      ],
    ],
    [
      'ranges on two fields',
      { where: and(field('a', 'GREATER_THAN'), field('b', 'LESS_THAN')) },
      [
        { fieldPath: 'a', order: 'ASCENDING' },
        { fieldPath: 'b', order: 'ASCENDING' },
      ],
    ],
    [
      'equality + descending document id',
      { where: field('a', 'EQUAL'), orderBy: [order('__name__', 'DESCENDING')] },
      [
        { fieldPath: 'a', order: 'ASCENDING' },
        { fieldPath: '__name__', order: 'DESCENDING' },
      ],
    ],
  ])('%s', (_name, query, fields) => {
    const missing = needs(query as StructuredQueryJson);
    expect(missing).toEqual({
      section: 'indexes',
      json: { collectionGroup: 'jars', queryScope: 'COLLECTION', fields },
    });
    // Served once the index it names is declared.
    expect(needs(query as StructuredQueryJson, { indexes: [indexIn(missing)] })).toBeNull();
  });

  it('an OR query needs an index for every branch', () => {
    const query = { where: or(field('a', 'EQUAL'), field('c', 'EQUAL')), orderBy: [order('b')] };
    const first = needs(query);
    expect(first?.json).toMatchObject({ fields: [{ fieldPath: 'a' }, { fieldPath: 'b' }] });
    const second = needs(query, { indexes: [indexIn(first)] });
    expect(second?.json).toMatchObject({ fields: [{ fieldPath: 'c' }, { fieldPath: 'b' }] });
    expect(needs(query, { indexes: [indexIn(first), indexIn(second)] })).toBeNull();
  });

  it('is not served by an index with the order fields in another direction or order', () => {
    const query = { where: field('a', 'EQUAL'), orderBy: [order('b', 'DESCENDING')] };
    const wrong: IndexesFileJson = {
      indexes: [
        {
          collectionGroup: 'jars',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 'a', order: 'ASCENDING' },
            { fieldPath: 'b', order: 'ASCENDING' },
          ],
        },
        {
          collectionGroup: 'other',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 'a', order: 'ASCENDING' },
            { fieldPath: 'b', order: 'DESCENDING' },
          ],
        },
      ],
    };
    expect(needs(query, wrong)).not.toBeNull();
    // The equality fields may come in any order and direction.
    const twoEq = { where: and(field('a', 'EQUAL'), field('c', 'EQUAL')), orderBy: [order('b')] };
    const declared: IndexesFileJson = {
      indexes: [
        {
          collectionGroup: 'jars',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 'c', order: 'DESCENDING' },
            { fieldPath: 'a', order: 'ASCENDING' },
            { fieldPath: 'b', order: 'ASCENDING' },
          ],
        },
      ],
    };
    expect(needs(twoEq, declared)).toBeNull();
  });
});

describe('single-field indexes and their exemptions', () => {
  it('a field exempted from indexing cannot be filtered on until its index is declared again', () => {
    const exempt: IndexesFileJson = {
      fieldOverrides: [{ collectionGroup: 'jars', fieldPath: 'blob', indexes: [] }],
    };
    const missing = needs({ where: field('blob', 'EQUAL') }, exempt);
    expect(missing?.section).toBe('fieldOverrides');
    expect(needs({ where: field('other', 'EQUAL') }, exempt)).toBeNull();
    const restored: IndexesFileJson = { fieldOverrides: [overrideIn(missing)] };
    expect(needs({ where: field('blob', 'EQUAL') }, restored)).toBeNull();
  });

  it('an exemption keeping only ascending refuses a descending order', () => {
    const config: IndexesFileJson = {
      fieldOverrides: [
        {
          collectionGroup: 'jars',
          fieldPath: 'a',
          indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }],
        },
      ],
    };
    expect(needs({ orderBy: [order('a')] }, config)).toBeNull();
    expect(needs({ orderBy: [order('a', 'DESCENDING')] }, config)?.section).toBe('fieldOverrides');
  });

  it('a collection-group query needs its single-field index declared with collection-group scope', () => {
    const query = { where: field('user_id', 'EQUAL') };
    const missing = needs(query, {}, true);
    expect(missing).toEqual({
      section: 'fieldOverrides',
      json: {
        collectionGroup: 'jars',
        fieldPath: 'user_id',
        indexes: [
          { order: 'ASCENDING', queryScope: 'COLLECTION' },
          { order: 'DESCENDING', queryScope: 'COLLECTION' },
          { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
          { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
        ],
      },
    });
    expect(needs(query, { fieldOverrides: [overrideIn(missing)] }, true)).toBeNull();
    expect(needs({}, {}, true)).toBeNull();
  });
});

describe("the shop's own queries", () => {
  const shopIndexes = readIndexesFile(
    fileURLToPath(new URL('../../../../firestore.indexes.json', import.meta.url)),
  );
  const eq = (fieldPath: string, value: Value) => field(fieldPath, 'EQUAL', value);
  const shop = (collectionId: string, query: StructuredQueryJson) =>
    missingIndex(compileQuery(PARENT, { from: [{ collectionId }], ...query }), shopIndexes);

  it('all have their indexes in firestore.indexes.json', () => {
    // src/features/catalog/api/active-products-query.ts
    expect(
      shop('products', {
        where: and(
          eq('is_active', { booleanValue: true }),
          field('stock_quantity', 'GREATER_THAN', { integerValue: '0' }),
        ),
        orderBy: [order('created_at', 'DESCENDING')],
      }),
    ).toBeNull();
    // src/features/my-orders/api/my-orders-query.ts
    expect(
      shop('orders', {
        where: eq('user_id', { stringValue: 'u' }),
        orderBy: [order('created_at', 'DESCENDING')],
      }),
    ).toBeNull();
    // src/features/auth/api/admin-role-query.ts
    expect(
      shop('user_roles', {
        where: and(eq('user_id', { stringValue: 'u' }), eq('role', { stringValue: 'admin' })),
      }),
    ).toBeNull();
    // src/features/admin-products/api/products.ts, src/features/admin-orders/api/orders.ts
    expect(shop('products', { orderBy: [order('created_at', 'DESCENDING')] })).toBeNull();
    expect(shop('orders', { orderBy: [order('created_at', 'DESCENDING')] })).toBeNull();
    // scripts/seed/seed-demo-data.test.ts
    expect(shop('orders', { where: eq('product_id', { stringValue: 'lemon' }) })).toBeNull();
  });
});

describe('through the emulator', () => {
  let dir: string;
  let file: string;
  let emulator: FirestoreEmulator;
  const logs: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'indexes-'));
    file = join(dir, 'firestore.indexes.json');
    await writeFile(file, JSON.stringify({ indexes: [], fieldOverrides: [] }));
    emulator = await startFirestoreEmulator({
      port: 0,
      indexes: { file, projectId: 'demo-enforced' },
      log: (line) => logs.push(line),
    });
  });

  afterAll(async () => {
    await emulator?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("refuses the project's query with FAILED_PRECONDITION naming the index, and serves it once pasted", async () => {
    const db = adminFirestore('demo-enforced', emulator.port);
    await db.doc('orders/o1').set({ user_id: 'u1', created_at: 1 });
    const orders = db.collection('orders').where('user_id', '==', 'u1').orderBy('created_at', 'desc');
    const error = await expectCode(orders.get(), 9);
    const json = /\{.*\}$/.exec(error.message)![0];
    expect(JSON.parse(json)).toEqual({
      collectionGroup: 'orders',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'user_id', order: 'ASCENDING' },
        { fieldPath: 'created_at', order: 'DESCENDING' },
      ],
    });
    // Listening fails the same way (the target is removed with the cause).
    await expect(
      new Promise((resolve, reject) => {
        const stop = orders.onSnapshot(resolve, (e) => {
          stop();
          reject(e);
        });
      }),
    ).rejects.toThrow(/requires an index/);

    const config = JSON.parse(await readFile(file, 'utf8')) as IndexesFileJson;
    config.indexes!.push(JSON.parse(json) as IndexJson);
    await writeFile(file, JSON.stringify(config));
    emulator.engine.indexes!.reload(); // the file watcher does this within a second; no waiting here
    expect((await orders.get()).docs.map((d) => d.id)).toEqual(['o1']);
  });

  it('only warns for a project whose indexes nobody declared (the SDK suites run without a file)', async () => {
    const db = adminFirestore('demo-other', emulator.port);
    await db.doc('jars/j1').set({ a: 1, b: 2 });
    expect((await db.collection('jars').where('a', '==', 1).orderBy('b').get()).size).toBe(1);
    expect(
      logs.some((l) => l.includes('warning (project demo-other)') && l.includes('"fieldPath":"b"')),
    ).toBe(true);
  });
});
