/**
 * RunQuery with a findNearest: the query's filters pick the candidates (served by the planner's indexes as any
 * query), ./vector-search.ts ranks them, and the answer carries the distances where asked. A vector index must
 * be declared as production requires it (./indexes.ts), and Query Explain reports the search like any query.
 */
import type { Caller } from '../../shared/auth-token.js';
import type { v1 } from '../types.js';
import type { IndexUsedJson } from './explain.js';
import { explainMetrics, explainMode, measured, newTrace } from './explain.js';
import type { IndexJson, IndexRequirements } from './indexes.js';
import { vectorIndexFor } from './indexes.js';
import { compileQuery, project } from './query.js';
import type { QueryReadHost } from './read-query.js';
import { readQuery } from './read-query.js';
import { toDocumentJson } from '../stored-document.js';
import type { NearestStats } from './vector-search.js';
import { compileNearest, findNearest, withDistance } from './vector-search.js';

/** A vector search reads as a query does, after checking its own vector index. */
export interface VectorQueryHost extends QueryReadHost {
  readonly indexes: Pick<IndexRequirements, 'checkVector'> | undefined;
}

export function runVectorQuery(
  engine: VectorQueryHost,
  request: v1.RunQueryRequest & { parent: string },
  structured: v1.StructuredQuery,
  findNearestRequest: v1.StructuredQueryFindNearest,
  caller: Caller,
): v1.RunQueryResponse[] {
  const search = compileNearest(findNearestRequest, structured);
  // The distance order supersedes orderBy (production's rule): the query gives the candidates, in any order.
  const query = compileQuery(request.parent, { ...structured, findNearest: undefined, orderBy: undefined });
  const dimension = search.queryVector.length;
  engine.indexes?.checkVector(query, search.vectorField, dimension);
  const index = vectorIndexUsed(vectorIndexFor(query, search.vectorField, dimension));
  const mode = explainMode(request.explainOptions);
  if (mode === 'plan') {
    engine.checkQuery(caller, query);
    return [{ explainMetrics: explainMetrics([index]) }];
  }

  const txnId = engine.transactions.forRead(query.db, request);
  const trace = newTrace();
  const stats: NearestStats = { candidates: 0, vectorsCompared: 0 };
  const run = measured(engine, query.db, () => {
    const candidates = readQuery(engine, query, caller, txnId, request, { trace, indexesChecked: true });
    const nearest = findNearest(search, candidates, stats);
    engine.state(query.db).usage.vectorSearch(nearest.length, stats.vectorsCompared);
    return nearest;
  });
  const nearest = run.value;
  const readTime = engine.clock.now();
  const results: v1.RunQueryResponse[] = nearest.map(({ doc, distance }) => ({
    document: {
      ...toDocumentJson(query.db, doc),
      fields: withDistance(project(doc.fields, query.select), search, distance),
    },
    readTime,
  }));
  if (results.length === 0) results.push({ readTime });
  if (request.newTransaction && txnId) results[0] = { ...results[0], transaction: txnId };
  if (mode === 'analyze') {
    results[results.length - 1].explainMetrics = explainMetrics([index], {
      results: nearest.length,
      readOperations: run.readOperations,
      durationNs: run.durationNs,
      // The filter's index entries walked, then the vectors compared (a flat index reads every one).
      indexEntriesScanned: trace.entriesScanned + stats.vectorsCompared,
      documentsScanned: stats.candidates,
      billing: {
        documents: nearest.length,
        indexEntries: stats.vectorsCompared,
        indexEntryReads: Math.ceil(stats.vectorsCompared / 100),
      },
    });
  }
  return results;
}

/** The plan's entry for a vector index: its prefilter fields, then the vector field and its dimension. */
function vectorIndexUsed(index: IndexJson): IndexUsedJson {
  const fields = index.fields.map((f) => {
    if (f.vectorConfig) return `${f.fieldPath} VECTOR<${f.vectorConfig.dimension}>`;
    if (f.arrayConfig) return `${f.fieldPath} CONTAINS`;
    return `${f.fieldPath} ${f.order === 'DESCENDING' ? 'DESC' : 'ASC'}`;
  });
  return {
    query_scope: index.queryScope === 'COLLECTION_GROUP' ? 'Collection group' : 'Collection',
    properties: `(${fields.join(', ')})`,
  };
}
