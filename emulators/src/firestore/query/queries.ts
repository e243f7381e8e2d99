/** Queries and aggregations: compiled by ./query.ts, checked against the indexes and the rules, then run. */
import type { Caller } from '../../shared/auth-token.js';
import type { AggregationJson, v1, Value } from '../types.js';
import { invalidArgument } from '../errors.js';
import {
  explainMetrics,
  explainMode,
  indexUsed,
  measured,
  newTrace,
  planOf,
  tracedIndex,
} from './explain.js';
import { parseFieldPath } from '../paths.js';
import type { CompiledQuery } from './query.js';
import { compileQuery, project } from './query.js';
import type { StoredDocument } from '../stored-document.js';
import { toDocumentJson } from '../stored-document.js';
import { requestedReadTime } from '../write/transactions.js';
import { answeredReadTime } from '../document-history.js';
import { doubleOf, getField, isNumber } from '../values.js';
import type { VectorQueryHost } from './vector-query.js';
import { runVectorQuery } from './vector-query.js';
import { readQuery } from './read-query.js';

export const MAX_AGGREGATIONS = 5;

export function runQuery(
  engine: VectorQueryHost,
  request: v1.RunQueryRequest & { parent: string },
  caller: Caller,
): v1.RunQueryResponse[] {
  if (!request.structuredQuery) throw invalidArgument('runQuery requires a structuredQuery');
  const { findNearest } = request.structuredQuery;
  if (findNearest) return runVectorQuery(engine, request, request.structuredQuery, findNearest, caller);
  const query = compileQuery(request.parent, request.structuredQuery);
  const mode = explainMode(request.explainOptions);
  if (mode === 'plan') return [{ explainMetrics: planOnly(engine, query, caller) }];
  const txnId = engine.transactions.forRead(query.db, request);
  const trace = newTrace();
  const run = measured(engine, query.db, () => {
    const docs = readQuery(engine, query, caller, txnId, request, { trace });
    engine.state(query.db).usage.query(docs.length);
    return docs;
  });
  const docs = run.value;
  const readTime = answeredReadTime(
    requestedReadTime(request, engine.transactions.get(txnId)),
    engine.clock.now(),
  );
  const results: v1.RunQueryResponse[] = docs.map((doc) => ({
    document: { ...toDocumentJson(query.db, doc), fields: project(doc.fields, query.select) },
    readTime,
  }));
  if (results.length === 0) results.push({ readTime });
  if (request.newTransaction && txnId) results[0] = { ...results[0], transaction: txnId };
  if (mode === 'analyze') {
    // Production sends the metrics after the last result.
    results[results.length - 1].explainMetrics = explainMetrics([indexUsed(tracedIndex(trace))], {
      results: docs.length,
      readOperations: run.readOperations,
      durationNs: run.durationNs,
      indexEntriesScanned: trace.entriesScanned,
      documentsScanned: trace.entriesScanned,
      billing: { documents: docs.length, indexEntries: 0, indexEntryReads: 0 },
    });
  }
  return results;
}

/** An explain without analyze: the query is checked as if it ran (indexes, rules) and planned, not run. */
function planOnly(engine: VectorQueryHost, query: CompiledQuery, caller: Caller): v1.ExplainMetrics {
  engine.requireIndexes(query);
  engine.checkQuery(caller, query);
  return explainMetrics([indexUsed(planOf(engine, query))]);
}

export function runAggregationQuery(
  engine: VectorQueryHost,
  request: v1.RunAggregationQueryRequest & { parent: string },
  caller: Caller,
): v1.RunAggregationQueryResponse[] {
  const aggregation = request.structuredAggregationQuery;
  if (!aggregation?.structuredQuery)
    throw invalidArgument('runAggregationQuery requires a structuredAggregationQuery');
  const aggregations = aggregation.aggregations ?? [];
  if (aggregations.length === 0) throw invalidArgument('An aggregation query needs at least one aggregation');
  if (aggregations.length > MAX_AGGREGATIONS) {
    // The SDKs' users match on production's wording, "maximum number of aggregations".
    throw invalidArgument(
      `Aggregation query has ${aggregations.length} aggregations, over the maximum number of aggregations (${MAX_AGGREGATIONS})`,
    );
  }
  if (aggregation.structuredQuery.findNearest)
    throw invalidArgument('Invalid aggregation: findNearest cannot be aggregated');
  const query = compileQuery(request.parent, aggregation.structuredQuery);
  const mode = explainMode(request.explainOptions);
  if (mode === 'plan') return [{ explainMetrics: planOnly(engine, query, caller) }];
  const txnId = engine.transactions.forRead(query.db, request);
  const trace = newTrace();
  const run = measured(engine, query.db, () => {
    const docs = withAggregatedFields(
      readQuery(engine, query, caller, txnId, request, { trace }),
      aggregations,
    );
    engine.state(query.db).usage.aggregation(docs.length);
    // An aggregation without an alias is named field_1, field_2, … counting only those without one (the
    // Aggregation proto's documentation: `COUNT_UP_TO(1) AS a, COUNT(*)` names the count field_1).
    const aggregateFields: Record<string, Value> = {};
    let unnamed = 0;
    for (const agg of aggregations) aggregateFields[agg.alias || `field_${++unnamed}`] = aggregate(agg, docs);
    return { docs, aggregateFields };
  });
  const { docs, aggregateFields } = run.value;
  const response: v1.RunAggregationQueryResponse = {
    result: { aggregateFields },
    readTime: answeredReadTime(
      requestedReadTime(request, engine.transactions.get(txnId)),
      engine.clock.now(),
    ),
  };
  if (request.newTransaction && txnId) response.transaction = txnId;
  if (mode === 'analyze') {
    response.explainMetrics = explainMetrics([indexUsed(tracedIndex(trace))], {
      results: 1,
      readOperations: run.readOperations,
      durationNs: run.durationNs,
      indexEntriesScanned: trace.entriesScanned,
      documentsScanned: trace.entriesScanned,
      billing: { documents: 0, indexEntries: docs.length, indexEntryReads: Math.ceil(docs.length / 1000) },
    });
  }
  return [response];
}

/**
 * Production aggregates only the documents that have every field a sum or avg names: with `count()` and
 * `sum('a')` in one query, a document without `a` is not counted either (as though the query filtered on it).
 */
function withAggregatedFields(docs: StoredDocument[], aggregations: AggregationJson[]): StoredDocument[] {
  const paths = aggregations
    .map((agg) => agg.sum?.field?.fieldPath ?? agg.avg?.field?.fieldPath)
    .filter((path): path is string => path !== undefined)
    .map(parseFieldPath);
  if (paths.length === 0) return docs;
  return docs.filter((doc) => paths.every((path) => getField(doc.fields, path) !== undefined));
}

function aggregate(agg: AggregationJson, docs: StoredDocument[]): Value {
  if (agg.count !== undefined) {
    const upTo = agg.count.upTo;
    const limit = upTo === undefined ? Infinity : Number(upTo);
    return { integerValue: String(Math.min(docs.length, limit)) };
  }
  const fieldPath = agg.sum?.field?.fieldPath ?? agg.avg?.field?.fieldPath;
  if (!fieldPath) throw invalidArgument('Invalid aggregation: one of count, sum or avg is required');
  const path = parseFieldPath(fieldPath);
  const numbers = docs
    .map((d) => getField(d.fields, path))
    .filter((v): v is Value => v !== undefined && isNumber(v));
  if (agg.sum) {
    if (numbers.every((v) => 'integerValue' in v)) {
      const total = numbers.reduce((s, v) => s + BigInt((v as { integerValue: string }).integerValue), 0n);
      if (total <= 9223372036854775807n && total >= -9223372036854775808n)
        return { integerValue: total.toString() };
    }
    return { doubleValue: numbers.reduce((s, v) => s + numericOf(v), 0) };
  }
  if (numbers.length === 0) return { nullValue: null };
  return { doubleValue: numbers.reduce((s, v) => s + numericOf(v), 0) / numbers.length };
}

const numericOf = (v: Value): number =>
  'integerValue' in v ? Number(v.integerValue) : doubleOf(v as { doubleValue: number | string });
