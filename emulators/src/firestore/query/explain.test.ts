/**
 * Query Explain through firebase-admin, over gRPC and REST, on the default and on a named database: the plan
 * names the index the emulator's planner serves the query from; `analyze: false` answers the plan and no
 * results; `analyze: true` answers the results with statistics that agree with them and with the reads billed.
 */
import type {
  ExplainMetrics,
  ExplainOptions,
  ExplainResults,
  VectorQuery,
  VectorQuerySnapshot,
} from '@google-cloud/firestore';
import { AggregateField, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { useFirestoreEmulator } from '../../testing/firestore-emulator.js';
import { adminFirestore } from '../../testing/admin.js';

process.env.METADATA_SERVER_DETECTION = 'none';

const PROJECT = 'demo-explain';
const ORDERS = 40;

const emulator = useFirestoreEmulator();

/** VectorQuery.explain(): firebase-admin 13's JavaScript has it, its type declarations (7.11) not yet. */
const explainVector = (query: VectorQuery, options: ExplainOptions) =>
  (query as unknown as { explain(o: ExplainOptions): Promise<ExplainResults<VectorQuerySnapshot>> }).explain(
    options,
  );

/** The statistics a run reports, and the plan; fails the test when analyze left them out. */
function statsOf(metrics: ExplainMetrics) {
  const stats = metrics.executionStats;
  expect(stats).not.toBeNull();
  const debug = stats!.debugStats as {
    index_entries_scanned: string;
    documents_scanned: string;
    billing_details: Record<string, string>;
  };
  return { ...stats!, debug };
}

describe.each([
  ['gRPC', '(default)'],
  ['REST', '(default)'],
  ['gRPC', 'pickles-eu'],
  ['REST', 'pickles-eu'],
] as const)('Query Explain over %s on database %s', (transport, databaseId) => {
  let db: Firestore;
  const billed = () =>
    emulator().engine.state({ projectId: PROJECT, databaseId }).usage.toJson().documentReads;
  const pending = () => db.collection('orders').where('status', '==', 'pending').orderBy('total', 'desc');

  beforeAll(async () => {
    db = adminFirestore(PROJECT, emulator().port, {
      preferRest: transport === 'REST',
      databaseId: databaseId === '(default)' ? undefined : databaseId,
    });
    const batch = db.batch();
    for (let i = 0; i < ORDERS; i++) {
      batch.set(db.collection('orders').doc(`order-${i}`), {
        status: i % 4 === 0 ? 'pending' : 'delivered',
        total: 100 + ((i * 37) % 500),
        taste: FieldValue.vector([i % 5, (i * 3) % 7, 1]),
      });
      batch.set(db.doc(`orders/order-${i}/items/jar`), { kind: i % 2 === 0 ? 'mango' : 'lime' });
    }
    await batch.commit();
  });

  it('plans without running: the index it would use, no results and nothing billed', async () => {
    const before = billed();
    const { metrics, snapshot } = await pending().explain({ analyze: false });
    expect(snapshot).toBeNull();
    expect(metrics.executionStats).toBeNull();
    expect(metrics.planSummary.indexesUsed).toEqual([
      { query_scope: 'Collection', properties: '(status ASC, total DESC, __name__ DESC)' },
    ]);
    expect(billed()).toBe(before);
  });

  it('analyzes a run: the same results as get(), counted, billed and timed', async () => {
    const expected = await pending().get();
    const before = billed();
    const { metrics, snapshot } = await pending().explain({ analyze: true });
    const reads = billed() - before;
    expect(snapshot!.docs.map((d) => d.id)).toEqual(expected.docs.map((d) => d.id));
    expect(expected.size).toBe(ORDERS / 4);
    const stats = statsOf(metrics);
    expect(stats.resultsReturned).toBe(expected.size);
    expect(stats.readOperations).toBe(expected.size);
    expect(reads).toBe(stats.readOperations);
    // The (status, total) index holds exactly the pending orders: every entry read was returned.
    expect(Number(stats.debug.index_entries_scanned)).toBe(expected.size);
    expect(stats.debug.billing_details).toMatchObject({
      documents_billable: String(expected.size),
      min_query_cost: '0',
    });
    expect(stats.executionDuration.seconds).toBe(0);
    expect(stats.executionDuration.nanoseconds).toBeGreaterThan(0);
    expect(metrics.planSummary.indexesUsed).toEqual([
      { query_scope: 'Collection', properties: '(status ASC, total DESC, __name__ DESC)' },
    ]);
  });

  it('bills the minimum of one read for a query that finds nothing', async () => {
    const { metrics, snapshot } = await db
      .collection('orders')
      .where('status', '==', 'lost')
      .explain({ analyze: true });
    expect(snapshot!.size).toBe(0);
    const stats = statsOf(metrics);
    expect(stats.resultsReturned).toBe(0);
    expect(stats.readOperations).toBe(1);
    expect(stats.debug.billing_details).toMatchObject({ documents_billable: '0', min_query_cost: '1' });
  });

  it('names a collection-group scope', async () => {
    const { metrics, snapshot } = await db
      .collectionGroup('items')
      .where('kind', '==', 'mango')
      .explain({ analyze: true });
    expect(snapshot!.size).toBe(ORDERS / 2);
    expect(metrics.planSummary.indexesUsed).toEqual([
      { query_scope: 'Collection group', properties: '(kind ASC, __name__ ASC)' },
    ]);
    expect(statsOf(metrics).resultsReturned).toBe(ORDERS / 2);
  });

  it('explains aggregations: the plan alone, or the result with its statistics', async () => {
    const aggregate = db
      .collection('orders')
      .where('status', '==', 'pending')
      .aggregate({
        jars: AggregateField.count(),
        revenue: AggregateField.sum('total'),
      });
    const planned = await aggregate.explain({ analyze: false });
    expect(planned.snapshot).toBeNull();
    expect(planned.metrics.executionStats).toBeNull();
    expect(planned.metrics.planSummary.indexesUsed).toEqual([
      { query_scope: 'Collection', properties: '(status ASC, __name__ ASC)' },
    ]);

    const expected = (await aggregate.get()).data();
    const before = billed();
    const { metrics, snapshot } = await aggregate.explain({ analyze: true });
    expect(snapshot!.data()).toEqual(expected);
    const stats = statsOf(metrics);
    expect(stats.resultsReturned).toBe(1);
    expect(stats.readOperations).toBe(1);
    expect(billed() - before).toBe(1);
    expect(stats.debug.billing_details).toMatchObject({ index_entries_billable: String(expected.jars) });
  });

  it('explains a vector search: the vector index, and reads for documents and per 100 vectors', async () => {
    const search = db
      .collection('orders')
      .findNearest({ vectorField: 'taste', queryVector: [2, 3, 1], limit: 5, distanceMeasure: 'EUCLIDEAN' });
    const planned = await explainVector(search, { analyze: false });
    expect(planned.snapshot).toBeNull();
    expect(planned.metrics.planSummary.indexesUsed).toEqual([
      { query_scope: 'Collection', properties: '(taste VECTOR<3>)' },
    ]);

    const expected = await search.get();
    const before = billed();
    const { metrics, snapshot } = await explainVector(search, { analyze: true });
    expect(snapshot!.docs.map((d) => d.id)).toEqual(expected.docs.map((d) => d.id));
    const stats = statsOf(metrics);
    expect(stats.resultsReturned).toBe(5);
    // 5 documents, and the 40 vectors compared: one read per started 100.
    expect(stats.readOperations).toBe(5 + 1);
    expect(billed() - before).toBe(6);
    expect(stats.debug.billing_details).toMatchObject({
      documents_billable: '5',
      index_entries_billable: '40',
    });
  });

  it('streams the results, then the metrics (explainStream)', async () => {
    const ids: string[] = [];
    let metrics: ExplainMetrics | undefined;
    await new Promise<void>((resolve, reject) => {
      pending()
        .explainStream({ analyze: true })
        .on('data', (data: { document?: { id: string }; metrics?: ExplainMetrics }) => {
          if (data.document) ids.push(data.document.id);
          if (data.metrics) metrics = data.metrics;
        })
        .on('error', reject)
        .on('end', () => resolve());
    });
    expect(ids).toEqual((await pending().get()).docs.map((d) => d.id));
    expect(statsOf(metrics!).resultsReturned).toBe(ids.length);
  });
});
