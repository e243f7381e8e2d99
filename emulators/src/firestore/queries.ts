/** Queries and aggregations: compiled by ./query.ts, checked against the indexes and the rules, then run. */
import type { Caller } from '../shared/auth-token.js';
import type { AggregationJson, v1, Value } from './types.js';
import { invalidArgument } from './errors.js';
import type { FirestoreEngine } from './engine.js';
import { parseFieldPath } from './paths.js';
import type { CompiledQuery } from './query.js';
import { compileQuery, project } from './query.js';
import type { StoredDocument } from './state.js';
import { toDocumentJson } from './state.js';
import type { ReadOptions } from './transactions.js';
import { requestedReadTime } from './transactions.js';
import { answeredReadTime, pastRead, queryAt } from './document-history.js';
import { doubleOf, getField, isNumber } from './values.js';

export const MAX_AGGREGATIONS = 5;

export function runQuery(
  engine: FirestoreEngine,
  request: v1.RunQueryRequest & { parent: string },
  caller: Caller,
): v1.RunQueryResponse[] {
  if (!request.structuredQuery) throw invalidArgument('runQuery requires a structuredQuery');
  const query = compileQuery(request.parent, request.structuredQuery);
  const txnId = engine.transactions.forRead(query.db, request);
  const docs = readQuery(engine, query, caller, txnId, request);
  engine.state(query.db).usage.query(docs.length);
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
  return results;
}

export function runAggregationQuery(
  engine: FirestoreEngine,
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
  const query = compileQuery(request.parent, aggregation.structuredQuery);
  const txnId = engine.transactions.forRead(query.db, request);
  const docs = withAggregatedFields(readQuery(engine, query, caller, txnId, request), aggregations);
  engine.state(query.db).usage.aggregation(docs.length);
  const aggregateFields: Record<string, Value> = {};
  aggregations.forEach((agg, index) => {
    aggregateFields[agg.alias || `field_${index + 1}`] = aggregate(agg, docs);
  });
  const response: v1.RunAggregationQueryResponse = {
    result: { aggregateFields },
    readTime: answeredReadTime(
      requestedReadTime(request, engine.transactions.get(txnId)),
      engine.clock.now(),
    ),
  };
  if (request.newTransaction && txnId) response.transaction = txnId;
  return [response];
}

/** The documents a query returns, once the indexes, the requested read time and the rules allow it. */
export function readQuery(
  engine: FirestoreEngine,
  query: CompiledQuery,
  caller: Caller,
  txnId: string | undefined,
  options: ReadOptions = {},
): StoredDocument[] {
  engine.requireIndexes(query);
  const state = engine.state(query.db);
  const past = pastRead(
    state,
    requestedReadTime(options, engine.transactions.get(txnId)),
    engine.clock.now(),
  );
  engine.checkQuery(caller, query);
  if (past !== undefined) return queryAt(state, query, past);
  const docs = query.run(state);
  const txn = engine.transactions.get(txnId);
  if (txn) for (const doc of docs) txn.reads.set(doc.key, doc.version);
  return docs;
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
