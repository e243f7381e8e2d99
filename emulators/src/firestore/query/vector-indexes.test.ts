/**
 * Vector-index requirements (indexes.ts, missingVectorIndex): a findNearest is served only by a vector index of
 * its field and dimension whose leading fields are exactly the query's filter fields; the JSON the refusal asks
 * for, pasted into firestore.indexes.json, serves it.
 */
import { describe, expect, it } from 'vitest';
import type { FilterJson } from '../types.js';
import { compileQuery } from './query.js';
import { missingVectorIndex, type IndexesFileJson, type IndexJson } from './indexes.js';

const PARENT = 'projects/p/databases/(default)/documents';

const eq = (fieldPath: string): FilterJson => ({
  fieldFilter: { field: { fieldPath }, op: 'EQUAL', value: { stringValue: 'x' } },
});
const contains = (fieldPath: string): FilterJson => ({
  fieldFilter: { field: { fieldPath }, op: 'ARRAY_CONTAINS', value: { stringValue: 'x' } },
});
const and = (...filters: FilterJson[]): FilterJson => ({ compositeFilter: { op: 'AND', filters } });

function needs(
  where: FilterJson | undefined,
  config: IndexesFileJson,
  options: { group?: boolean; dimension?: number } = {},
) {
  const query = compileQuery(PARENT, {
    from: [{ collectionId: 'jars', allDescendants: options.group ?? false }],
    where,
  });
  return missingVectorIndex(query, ['taste'], options.dimension ?? 3, config);
}

const vectorIndex = (
  fields: IndexJson['fields'],
  queryScope: IndexJson['queryScope'] = 'COLLECTION',
): IndexJson => ({
  collectionGroup: 'jars',
  queryScope,
  fields: [...fields, { fieldPath: 'taste', vectorConfig: { dimension: 3, flat: {} } }],
});

describe('a vector search needs a vector index', () => {
  it('of its field and dimension, and asks for it in the JSON firestore.indexes.json takes', () => {
    const missing = needs(undefined, {});
    expect(missing).toEqual({ section: 'indexes', json: vectorIndex([]) });
    if (missing?.section !== 'indexes') throw new Error('expected a vector index to be asked for');
    expect(needs(undefined, { indexes: [missing.json] })).toBeNull();
    expect(needs(undefined, { indexes: [missing.json] }, { dimension: 4 })).not.toBeNull();
  });

  it('never a single-field or composite index', () => {
    const composite: IndexJson = {
      collectionGroup: 'jars',
      fields: [
        { fieldPath: 'region', order: 'ASCENDING' },
        { fieldPath: 'taste', order: 'ASCENDING' },
      ],
    };
    expect(needs(eq('region'), { indexes: [composite] })).not.toBeNull();
  });

  it('with the filter fields first, exactly: an equality in any direction, array-contains as CONTAINS', () => {
    const where = and(eq('region'), contains('labels'));
    const wanted = vectorIndex([
      { fieldPath: 'region', order: 'ASCENDING' },
      { fieldPath: 'labels', arrayConfig: 'CONTAINS' },
    ]);
    expect(needs(where, {})).toEqual({ section: 'indexes', json: wanted });
    const reordered = vectorIndex([
      { fieldPath: 'labels', arrayConfig: 'CONTAINS' },
      { fieldPath: 'region', order: 'DESCENDING' },
    ]);
    expect(needs(where, { indexes: [reordered] })).toBeNull();
    // An index without the filter's fields, or with one more, does not serve it.
    expect(needs(where, { indexes: [vectorIndex([])] })).not.toBeNull();
    expect(needs(eq('region'), { indexes: [wanted] })).not.toBeNull();
  });

  it('of collection-group scope for a collection-group search (which also serves the collection)', () => {
    const group = vectorIndex([], 'COLLECTION_GROUP');
    expect(needs(undefined, { indexes: [vectorIndex([])] }, { group: true })).toEqual({
      section: 'indexes',
      json: group,
    });
    expect(needs(undefined, { indexes: [group] }, { group: true })).toBeNull();
    expect(needs(undefined, { indexes: [group] })).toBeNull();
  });
});
