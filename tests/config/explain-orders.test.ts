/**
 * Query Explain on the shop's order queries (issue 20's shapes, orders as scale-orders.ts makes them), with the
 * repository's firestore.indexes.json enforced: the plan names the index the emulator's planner walked, which is
 * the composite index production requires for the query (plus its implied __name__), and a page of 50 reads 50
 * index entries, not the collection.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../emulators/src/shared/auth-token.js';
import { FirestoreEngine } from '../../emulators/src/firestore/engine.js';
import {
  IndexRequirements,
  readIndexesFile,
  type IndexJson,
} from '../../emulators/src/firestore/query/indexes.js';
import { orderDocument, phoneOf, userIdOf } from '../../scripts/bench/scale-orders.js';
import type { FilterJson, StructuredQueryJson } from '../../emulators/src/firestore/types.js';

const PROJECT = 'demo-explain-orders';
const database = `projects/${PROJECT}/databases/(default)`;
const parent = `${database}/documents`;
const owner: Caller = { kind: 'owner' };
const ORDERS = 3_000;
const indexesFile = fileURLToPath(new URL('../../firestore.indexes.json', import.meta.url));

const eq = (field: string, stringValue: string): FilterJson => ({
  fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value: { stringValue } },
});
const newestFirst = [{ field: { fieldPath: 'created_at' }, direction: 'DESCENDING' as const }];
const from = [{ collectionId: 'orders' }];

const SHAPES: { name: string; query: StructuredQueryJson; page: number }[] = [
  {
    name: 'status == pending, newest 50',
    query: { from, where: eq('status', 'pending'), orderBy: newestFirst, limit: 50 },
    page: 50,
  },
  {
    name: "a customer's newest 50",
    query: { from, where: eq('user_id', userIdOf(7)), orderBy: newestFirst, limit: 50 },
    page: 50,
  },
  {
    name: 'a search word, newest 50',
    query: {
      from,
      where: {
        fieldFilter: {
          field: { fieldPath: 'search_terms' },
          op: 'ARRAY_CONTAINS',
          value: { stringValue: 'ra' },
        },
      },
      orderBy: newestFirst,
      limit: 50,
    },
    page: 50,
  },
  {
    name: 'a phone number, newest',
    query: { from, where: eq('search_phone', phoneOf(7)), orderBy: newestFirst },
    page: Infinity,
  },
];

/** The plan's form of a declared index: its fields, then the implied __name__ in the last field's direction. */
function propertiesOf(index: IndexJson): string {
  const fields = index.fields.map((f) =>
    f.arrayConfig ? `${f.fieldPath} CONTAINS` : `${f.fieldPath} ${f.order === 'DESCENDING' ? 'DESC' : 'ASC'}`,
  );
  const last = index.fields[index.fields.length - 1];
  return `(${[...fields, `__name__ ${last.order === 'DESCENDING' ? 'DESC' : 'ASC'}`].join(', ')})`;
}

describe("Query Explain on the shop's order queries", () => {
  const engine = new FirestoreEngine({
    indexes: new IndexRequirements({ file: indexesFile, projectId: PROJECT }),
  });
  engine.importDocuments([
    { database, documents: Array.from({ length: ORDERS }, (_, i) => orderDocument(database, i, ORDERS)) },
  ]);
  const declared = (readIndexesFile(indexesFile).indexes ?? []).filter((i) => i.collectionGroup === 'orders');

  it.each(SHAPES)('$name: the declared index, walked only as far as the page', ({ query, page }) => {
    const plain = engine.runQuery({ parent, structuredQuery: query }, owner).filter((r) => r.document);
    const answer = engine.runQuery(
      { parent, structuredQuery: query, explainOptions: { analyze: true } },
      owner,
    );
    const metrics = answer[answer.length - 1].explainMetrics!;
    const [used] = metrics.planSummary!.indexesUsed as { query_scope: string; properties: string }[];
    expect(used.query_scope).toBe('Collection');
    // The index the planner walked is one production requires for this query, declared in firestore.indexes.json.
    expect(declared.map(propertiesOf)).toContain(used.properties);
    const stats = metrics.executionStats!;
    expect(Number(stats.resultsReturned)).toBe(plain.length);
    expect(Number(stats.resultsReturned)).toBeGreaterThan(0);
    expect(Number(stats.resultsReturned)).toBeLessThanOrEqual(page);
    // Every entry the walk read was an answer: the equality bucket holds only matching orders.
    expect((stats.debugStats as { index_entries_scanned: string }).index_entries_scanned).toBe(
      String(plain.length),
    );
  });
});
