/**
 * What production refuses or skips in a vector search, asked of the engine directly (the SDK would refuse some
 * of these requests before sending them): the answer names what is wrong and nothing is served.
 */
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../shared/auth-token.js';
import { FirestoreEngine } from '../engine.js';
import { runAggregationQuery } from './queries.js';
import type { ListenResponseJson, StructuredQueryJson, v1, Value } from '../types.js';

const database = 'projects/demo-vector-requests/databases/(default)';
const parent = `${database}/documents`;
const owner: Caller = { kind: 'owner' };

const vector = (numbers: number[]): Value => ({
  mapValue: {
    fields: {
      __type__: { stringValue: '__vector__' },
      value: { arrayValue: { values: numbers.map((n) => ({ doubleValue: n })) } },
    },
  },
});

const nearest = (overrides: Partial<v1.StructuredQueryFindNearest> = {}): v1.StructuredQueryFindNearest => ({
  vectorField: { fieldPath: 'embedding' },
  queryVector: vector([1, 0]),
  distanceMeasure: 'COSINE',
  limit: 5,
  ...overrides,
});

function engineWithJars(): FirestoreEngine {
  const engine = new FirestoreEngine();
  const jar = (id: string, embedding: number[]) => ({
    update: { name: `${parent}/jars/${id}`, fields: { embedding: vector(embedding) } },
  });
  engine.commit(
    { database, writes: [jar('east', [1, 0]), jar('north', [0, 1]), jar('nowhere', [0, 0])] },
    owner,
  );
  return engine;
}

const search = (engine: FirestoreEngine, query: Partial<StructuredQueryJson>) =>
  engine.runQuery({ parent, structuredQuery: { from: [{ collectionId: 'jars' }], ...query } }, owner);

function refusal(run: () => unknown): { status: string; message: string } {
  try {
    run();
  } catch (error) {
    return error as { status: string; message: string };
  }
  throw new Error('expected the request to be refused');
}

describe('a vector search request', () => {
  it.each([
    [
      'a query vector that is a plain array',
      { queryVector: { arrayValue: { values: [{ doubleValue: 1 }] } } },
    ],
    ['an empty query vector', { queryVector: vector([]) }],
    ['a query vector over 2048 dimensions', { queryVector: vector(new Array<number>(2049).fill(1)) }],
    ['no distance measure', { distanceMeasure: 'DISTANCE_MEASURE_UNSPECIFIED' as const }],
    ['no limit', { limit: undefined }],
    ['a limit of 0', { limit: 0 }],
    ['no vector field', { vectorField: undefined }],
  ])('with %s is refused with INVALID_ARGUMENT', (_, overrides) => {
    const error = refusal(() => search(engineWithJars(), { findNearest: nearest(overrides) }));
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(error.message).toMatch(/findNearest/);
  });

  it.each([
    ['a cursor', { startAt: { values: [{ integerValue: '1' }] } }],
    ['an offset', { offset: 1 }],
    ['a limit of its own', { limit: 2 }],
  ])('with %s is refused: vector queries have none', (_, query) => {
    const error = refusal(() => search(engineWithJars(), { ...query, findNearest: nearest() }));
    expect(error.status).toBe('INVALID_ARGUMENT');
  });

  it('skips a vector of no length under COSINE, whose angle is undefined', () => {
    const answer = search(engineWithJars(), { findNearest: nearest({ distanceResultField: 'd' }) });
    expect(answer.map((r) => r.document?.name?.split('/').pop())).toEqual(['east', 'north']);
    expect(answer.map((r) => r.document?.fields?.d)).toEqual([{ doubleValue: 0 }, { doubleValue: 1 }]);
  });

  it('cannot be aggregated', () => {
    const request = {
      parent,
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'jars' }], findNearest: nearest() },
        aggregations: [{ alias: 'jars', count: {} }],
      },
    };
    const error = refusal(() => runAggregationQuery(engineWithJars(), request, owner));
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(error.message).toContain('findNearest');
  });

  it('cannot be listened to: the target is removed with the reason, the stream stays open', () => {
    const engine = engineWithJars();
    const received: ListenResponseJson[] = [];
    const stream = engine.openListen(owner, (message) => received.push(message));
    stream.handle({
      database,
      addTarget: {
        targetId: 7,
        query: { parent, structuredQuery: { from: [{ collectionId: 'jars' }], findNearest: nearest() } },
      },
    });
    expect(received).toEqual([
      { targetChange: { targetChangeType: 'ADD', targetIds: [7] } },
      {
        targetChange: {
          targetChangeType: 'REMOVE',
          targetIds: [7],
          cause: expect.objectContaining({
            code: 3,
            message: expect.stringContaining('findNearest'),
          }) as unknown,
        },
      },
    ]);
    stream.close();
  });
});
