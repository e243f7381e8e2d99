import { describe, expect, it } from 'vitest';
import { FirestoreEngine } from './engine.js';
import { warmDeclaredIndexes, warmupQueries } from './index-warmup.js';

describe('warming the declared indexes', () => {
  it('turns an index into the filtered query it serves and its order alone', () => {
    const queries = warmupQueries({
      collectionGroup: 'orders',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'search_terms', arrayConfig: 'CONTAINS' },
        { fieldPath: 'status', order: 'ASCENDING' },
        { fieldPath: 'created_at', order: 'DESCENDING' },
      ],
    });
    expect(queries).toEqual([
      {
        from: [{ collectionId: 'orders', allDescendants: false }],
        where: {
          compositeFilter: {
            op: 'AND',
            filters: [
              {
                fieldFilter: {
                  field: { fieldPath: 'search_terms' },
                  op: 'ARRAY_CONTAINS',
                  value: { nullValue: 'NULL_VALUE' },
                },
              },
              {
                fieldFilter: {
                  field: { fieldPath: 'status' },
                  op: 'EQUAL',
                  value: { nullValue: 'NULL_VALUE' },
                },
              },
            ],
          },
        },
        orderBy: [{ field: { fieldPath: 'created_at' }, direction: 'DESCENDING' }],
        limit: 1,
      },
      {
        from: [{ collectionId: 'orders', allDescendants: false }],
        orderBy: [{ field: { fieldPath: 'created_at' }, direction: 'DESCENDING' }],
        limit: 1,
      },
    ]);
  });

  it('builds the index shapes in the background, so the first real query finds them', async () => {
    const engine = new FirestoreEngine();
    const db = { projectId: 'p', databaseId: '(default)' };
    const state = engine.state(db);
    expect(state.indexes.size).toBe(0);
    const warmup = warmDeclaredIndexes(
      engine,
      {
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
      },
      'p',
    );
    expect(state.indexes.size).toBe(0); // nothing built before the caller's task ends
    await warmup.done;
    expect(state.indexes.size).toBe(2);
  });

  it('stops when the emulator stops', async () => {
    const engine = new FirestoreEngine();
    const warmup = warmDeclaredIndexes(
      engine,
      {
        indexes: [
          {
            collectionGroup: 'orders',
            fields: [
              { fieldPath: 'status', order: 'ASCENDING' },
              { fieldPath: 'created_at', order: 'DESCENDING' },
            ],
          },
        ],
      },
      'p',
    );
    warmup.stop();
    await warmup.done;
    expect(engine.state({ projectId: 'p', databaseId: '(default)' }).indexes.size).toBe(0);
  });
});
