/**
 * findNearest through firebase-admin, over gRPC and REST, on the default and on a named database: the nearest
 * documents and their distances are those a brute-force computation over the same data finds, for each
 * distance measure, with thresholds, prefilters, nested fields and select; fields that are not vectors of the
 * query's dimension are skipped; a vector index is required as production requires it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { VectorQuerySnapshot } from '@google-cloud/firestore';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFirestore } from '../../testing/admin.js';
import { expectCode } from '../../testing/waiting.js';
import type { IndexesFileJson } from './indexes.js';
import { startFirestoreEmulator, type FirestoreEmulator } from '../server.js';

process.env.METADATA_SERVER_DETECTION = 'none';

type Measure = 'EUCLIDEAN' | 'COSINE' | 'DOT_PRODUCT';

const PROJECT = 'demo-vectors';
const DIMENSION = 4;

/** The test's own reference: distances written out from their definitions, nothing shared with the engine. */
function reference(measure: Measure, a: number[], b: number[]): number {
  const dot = a.reduce((s, x, i) => s + x * b[i], 0);
  if (measure === 'DOT_PRODUCT') return dot;
  if (measure === 'EUCLIDEAN') return Math.hypot(...a.map((x, i) => x - b[i]));
  return 1 - dot / (Math.hypot(...a) * Math.hypot(...b));
}

/** A seeded sequence, so every run stores the same vectors. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 - 0.5;
  };
}

interface Jar {
  id: string;
  region: 'dhaka' | 'khulna';
  embedding: number[];
}

const random = seeded(27);
const JARS: Jar[] = Array.from({ length: 80 }, (_, i) => ({
  id: `jar-${String(i).padStart(2, '0')}`,
  region: i % 3 === 0 ? 'khulna' : 'dhaka',
  embedding: Array.from({ length: DIMENSION }, () => Math.round(random() * 1000) / 100),
}));
const QUERY = [0.5, -1.25, 2, 0.75];

const INDEXES: IndexesFileJson = {
  indexes: [
    {
      collectionGroup: 'jars',
      queryScope: 'COLLECTION',
      fields: [{ fieldPath: 'embedding', vectorConfig: { dimension: DIMENSION, flat: {} } }],
    },
    {
      collectionGroup: 'jars',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'region', order: 'ASCENDING' },
        { fieldPath: 'profile.taste', vectorConfig: { dimension: DIMENSION, flat: {} } },
      ],
    },
  ],
};

/** The brute-force answer: every vector document ranked by the measure (DOT_PRODUCT largest first). */
function bruteForce(measure: Measure, jars: Jar[], limit: number, threshold?: number) {
  return jars
    .map((jar) => ({ id: jar.id, distance: reference(measure, QUERY, jar.embedding) }))
    .filter(
      ({ distance }) =>
        threshold === undefined ||
        (measure === 'DOT_PRODUCT' ? distance >= threshold : distance <= threshold),
    )
    .sort((a, b) => (measure === 'DOT_PRODUCT' ? b.distance - a.distance : a.distance - b.distance))
    .slice(0, limit);
}

const answered = (snap: VectorQuerySnapshot) =>
  snap.docs.map((doc) => ({ id: doc.id, distance: doc.get('distance') as number }));

function expectSameAnswer(
  actual: { id: string; distance: number }[],
  expected: { id: string; distance: number }[],
) {
  expect(actual.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  actual.forEach((r, i) => expect(r.distance).toBeCloseTo(expected[i].distance, 10));
}

let emulator: FirestoreEmulator;
let dir: string;
const logged: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vector-indexes-'));
  const file = join(dir, 'firestore.indexes.json');
  await writeFile(file, JSON.stringify(INDEXES));
  emulator = await startFirestoreEmulator({
    port: 0,
    indexes: { file, projectId: PROJECT },
    log: (line) => logged.push(line),
  });
});

afterAll(async () => {
  await emulator?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe.each([
  ['gRPC', '(default)'],
  ['REST', '(default)'],
  ['gRPC', 'pickles-eu'],
  ['REST', 'pickles-eu'],
] as const)('findNearest over %s on database %s', (transport, databaseId) => {
  let db: Firestore;
  // Fields that are no vectors of the query's dimension, which every search must skip.
  const skipped = {
    short: { embedding: FieldValue.vector([1, 2, 3]) },
    long: { embedding: FieldValue.vector([1, 2, 3, 4, 5]) },
    array: { embedding: [0.5, -1.25, 2, 0.75] },
    text: { embedding: 'not a vector' },
    map: { embedding: { value: [0.5, -1.25, 2, 0.75] } },
    none: { name: 'no embedding at all' },
  };

  beforeAll(async () => {
    db = adminFirestore(PROJECT, emulator.port, {
      preferRest: transport === 'REST',
      databaseId: databaseId === '(default)' ? undefined : databaseId,
    });
    const batch = db.batch();
    for (const jar of JARS) {
      batch.set(db.collection('jars').doc(jar.id), {
        name: `আচার ${jar.id}`,
        region: jar.region,
        embedding: FieldValue.vector(jar.embedding),
        profile: { taste: FieldValue.vector(jar.embedding) },
      });
    }
    for (const [id, data] of Object.entries(skipped)) batch.set(db.collection('jars').doc(`odd-${id}`), data);
    await batch.commit();
  });

  it.each(['EUCLIDEAN', 'COSINE', 'DOT_PRODUCT'] as const)(
    'ranks by %s as a brute-force computation does, with the distances',
    async (measure) => {
      const snap = await db
        .collection('jars')
        .findNearest({
          vectorField: 'embedding',
          queryVector: QUERY,
          limit: 10,
          distanceMeasure: measure,
          distanceResultField: 'distance',
        })
        .get();
      expect(snap.size).toBe(10);
      expectSameAnswer(answered(snap), bruteForce(measure, JARS, 10));
      // The stored fields come back beside the distance.
      expect(snap.docs[0].get('region')).toMatch(/^(dhaka|khulna)$/);
    },
  );

  it.each([['EUCLIDEAN', 3] as const, ['COSINE', 0.6] as const, ['DOT_PRODUCT', 2] as const])(
    'keeps what %s finds within a threshold of %s (DOT_PRODUCT: at least it)',
    async (measure, threshold) => {
      const snap = await db
        .collection('jars')
        .findNearest({
          vectorField: 'embedding',
          queryVector: QUERY,
          limit: 1000,
          distanceMeasure: measure,
          distanceThreshold: threshold,
          distanceResultField: 'distance',
        })
        .get();
      const expected = bruteForce(measure, JARS, 1000, threshold);
      // The threshold cuts somewhere inside the data, so it is really tested.
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(JARS.length);
      expectSameAnswer(answered(snap), expected);
    },
  );

  it('skips fields of another type or dimension: every vector of the right size, and nothing else', async () => {
    const snap = await db
      .collection('jars')
      .findNearest({
        vectorField: 'embedding',
        queryVector: QUERY,
        limit: 1000,
        distanceMeasure: 'EUCLIDEAN',
      })
      .get();
    expect(snap.size).toBe(JARS.length);
    expect(snap.docs.filter((d) => d.id.startsWith('odd-'))).toEqual([]);
  });

  it('searches a vector nested in a map among the filtered documents, returning the selected fields', async () => {
    const snap = await db
      .collection('jars')
      .where('region', '==', 'khulna')
      .select('name')
      .findNearest({
        vectorField: 'profile.taste',
        queryVector: QUERY,
        limit: 5,
        distanceMeasure: 'COSINE',
        distanceResultField: 'distance',
      })
      .get();
    const khulna = JARS.filter((jar) => jar.region === 'khulna');
    expectSameAnswer(answered(snap), bruteForce('COSINE', khulna, 5));
    expect(Object.keys(snap.docs[0].data()).sort()).toEqual(['distance', 'name']);
  });

  // The two refusals run side by side (before the emulator sent its response headers ahead of an error,
  // google-gax's stream retry tried a refused RunQuery three times over gRPC, ~7 s in all).
  it.concurrent('refuses a search without its vector index, with the index to add', async ({ expect }) => {
    const query = db
      .collection('jars')
      .where('region', '==', 'dhaka')
      .findNearest({ vectorField: 'embedding', queryVector: QUERY, limit: 3, distanceMeasure: 'EUCLIDEAN' });
    // FAILED_PRECONDITION travels over REST as HTTP 400, which the REST client reads as INVALID_ARGUMENT.
    const failedPrecondition = transport === 'REST' ? 3 : 9;
    const other = db
      .collection('jars')
      .findNearest({ vectorField: 'embedding', queryVector: [1, 2], limit: 3, distanceMeasure: 'EUCLIDEAN' });
    const [error] = await Promise.all([
      expectCode(query.get(), failedPrecondition),
      // The index of another dimension does not serve either.
      expectCode(other.get(), failedPrecondition),
    ]);
    expect(error.message).toContain('Missing vector index configuration');
    expect(error.message).toContain(
      '{"collectionGroup":"jars","queryScope":"COLLECTION","fields":[{"fieldPath":"region","order":"ASCENDING"},' +
        `{"fieldPath":"embedding","vectorConfig":{"dimension":${DIMENSION},"flat":{}}}]}`,
    );
  });

  it.concurrent('refuses a limit over 1,000 with INVALID_ARGUMENT', async ({ expect }) => {
    const query = db.collection('jars').findNearest({
      vectorField: 'embedding',
      queryVector: QUERY,
      limit: 1001,
      distanceMeasure: 'EUCLIDEAN',
    });
    const error = await expectCode(query.get(), 3);
    expect(error.message).toContain('no more than 1000');
  });
});

describe('vector indexes in another project', () => {
  it('are only warned about, as composite indexes are: the search is answered', async () => {
    const db = adminFirestore('demo-vectors-elsewhere', emulator.port);
    await db.doc('jars/one').set({ embedding: FieldValue.vector([1, 0]) });
    await db.doc('jars/two').set({ embedding: FieldValue.vector([0, 1]) });
    const snap = await db
      .collection('jars')
      .findNearest({
        vectorField: 'embedding',
        queryVector: [0.9, 0.1],
        limit: 1,
        distanceMeasure: 'EUCLIDEAN',
      })
      .get();
    expect(snap.docs.map((d) => d.id)).toEqual(['one']);
    expect(
      logged.some((line) => line.includes('demo-vectors-elsewhere') && line.includes('vectorConfig')),
    ).toBe(true);
  });
});
