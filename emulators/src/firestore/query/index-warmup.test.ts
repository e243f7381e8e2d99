import { describe, expect, it } from 'vitest';
import { FirestoreEngine } from '../engine.js';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '../../testing/waiting.js';
import { startFirestoreEmulator } from '../server.js';
import { warmDeclaredIndexes, warmupQueries } from './index-warmup.js';
import type { IndexesFileJson } from './indexes.js';

/** One declared index: orders by status, newest first. */
const ORDERS_BY_STATUS: IndexesFileJson = {
  indexes: [
    {
      collectionGroup: 'orders',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'status', order: 'ASCENDING' },
        { fieldPath: 'created_at', order: 'DESCENDING' },
      ],
    },
  ],
};

describe('warming the declared indexes', () => {
  it('turns an index into the filtered query it serves and its order alone', () => {
    const queries = warmupQueries({
      collectionGroup: 'orders',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'search_phone', order: 'ASCENDING' },
        { fieldPath: 'status', order: 'ASCENDING' },
        { fieldPath: 'created_at', order: 'DESCENDING' },
      ],
    });
    const from = [{ collectionId: 'orders', allDescendants: false }];
    const orderBy = [{ field: { fieldPath: 'created_at' }, direction: 'DESCENDING' }];
    const equal = (fieldPath: string) => ({
      fieldFilter: { field: { fieldPath }, op: 'EQUAL', value: { nullValue: 'NULL_VALUE' } },
    });
    expect(queries).toEqual([
      {
        from,
        where: { compositeFilter: { op: 'AND', filters: [equal('search_phone'), equal('status')] } },
        orderBy,
        limit: 1,
      },
      { from, orderBy, limit: 1 },
    ]);
  });

  it('warms an array-contains index too, with the search the shop makes of it', () => {
    const queries = warmupQueries({
      collectionGroup: 'orders',
      fields: [
        { fieldPath: 'search_terms', arrayConfig: 'CONTAINS' },
        { fieldPath: 'created_at', order: 'DESCENDING' },
      ],
    });
    const from = [{ collectionId: 'orders', allDescendants: false }];
    const orderBy = [{ field: { fieldPath: 'created_at' }, direction: 'DESCENDING' }];
    expect(queries).toEqual([
      {
        from,
        where: {
          fieldFilter: {
            field: { fieldPath: 'search_terms' },
            op: 'ARRAY_CONTAINS',
            value: { nullValue: 'NULL_VALUE' },
          },
        },
        orderBy,
        limit: 1,
      },
      { from, orderBy, limit: 1 },
    ]);
  });

  it('builds an array-contains shape in the background, an entry per distinct element', async () => {
    const engine = new FirestoreEngine();
    const database = 'projects/p/databases/(default)';
    engine.importDocuments([
      {
        database,
        documents: ['a', 'b'].map((id) => ({
          name: `${database}/documents/customers/${id}`,
          fields: {
            search_terms: { arrayValue: { values: [{ stringValue: id }, { stringValue: 'shared' }] } },
            last_order_at: { timestampValue: '2026-01-01T00:00:00Z' },
          },
        })),
      },
    ]);
    const warmup = warmDeclaredIndexes(
      engine,
      {
        indexes: [
          {
            collectionGroup: 'customers',
            queryScope: 'COLLECTION',
            fields: [
              { fieldPath: 'search_terms', arrayConfig: 'CONTAINS' },
              { fieldPath: 'last_order_at', order: 'DESCENDING' },
            ],
          },
        ],
      },
      'p',
    );
    await warmup.done;
    // The array-contains shape (a, b alone; shared: both) and the order alone (one bucket of both).
    expect(engine.state({ projectId: 'p', databaseId: '(default)' }).indexes.footprint()).toEqual({
      shapes: 2,
      entries: 2,
      keyArrays: 0,
      buckets: 4,
      singleBuckets: 2,
      memberships: 6,
    });
  });

  it('builds the index shapes in the background, so the first real query finds them', async () => {
    const engine = new FirestoreEngine();
    const db = { projectId: 'p', databaseId: '(default)' };
    const state = engine.state(db);
    expect(state.indexes.size).toBe(0);
    const warmup = warmDeclaredIndexes(engine, ORDERS_BY_STATUS, 'p');
    expect(state.indexes.size).toBe(0); // nothing built before the caller's task ends
    await warmup.done;
    expect(state.indexes.size).toBe(2);
  });

  it('stops when the emulator stops', async () => {
    const engine = new FirestoreEngine();
    const warmup = warmDeclaredIndexes(engine, ORDERS_BY_STATUS, 'p');
    warmup.stop();
    await warmup.done;
    expect(engine.state({ projectId: 'p', databaseId: '(default)' }).indexes.size).toBe(0);
  });

  it('waits for warmIndexes() when the emulator is told to defer it (the other emulators start first)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'warmup-deferred-'));
    const file = join(dir, 'firestore.indexes.json');
    await writeFile(file, JSON.stringify(ORDERS_BY_STATUS));
    const emulator = await startFirestoreEmulator({
      port: 0,
      indexes: { file, projectId: 'p' },
      deferIndexWarmup: true,
    });
    try {
      const state = emulator.engine.state({ projectId: 'p', databaseId: '(default)' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(state.indexes.size).toBe(0);
      emulator.warmIndexes();
      await waitFor(() => state.indexes.size === 2, 'the deferred warm-up');
    } finally {
      await emulator.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
