/**
 * Query Explain (`explainOptions` on RunQuery and RunAggregationQuery): the plan, and with `analyze` the
 * statistics of the real execution. The plan names the index the emulator's planner serves the query from
 * (./query-index.ts), in the form production's planSummary uses: `{ query_scope, properties: "(a ASC, …)" }`.
 * The statistics come from the run itself: the results answered, the reads billed (../usage.ts, as production
 * bills them), the wall time, and the index entries and documents it read.
 */
import type { v1 } from '../types.js';
import type { DatabaseState } from '../state.js';
import type { DatabaseId } from '../paths.js';
import { DOCUMENT_NAME_FIELD } from '../paths.js';
import type { CompiledQuery } from './query.js';
import type { IndexDescription, IndexTrace } from './query-shape.js';

/** What Query Explain reads of the engine: a database's indexes and read usage. */
export interface ExplainHost {
  state(db: DatabaseId): Pick<DatabaseState, 'indexes' | 'usage'>;
}

export type IndexUsedJson = Record<string, unknown> & { query_scope: string; properties: string };

/** Explain was asked for, and whether the query is to run (analyze) or only be planned. */
export const explainMode = (options: v1.ExplainOptions | undefined): 'none' | 'plan' | 'analyze' =>
  options === undefined || options === null ? 'none' : options.analyze ? 'analyze' : 'plan';

/** A field path as the plan writes it (dotted; backticks around segments that need them). */
function pathText(path: readonly string[]): string {
  return path
    .map((s) => (/^[a-zA-Z_][a-zA-Z_0-9]*$/.test(s) ? s : '`' + s.replace(/[`\\]/g, (c) => '\\' + c) + '`'))
    .join('.');
}

/** The plan's entry for an index: its scope and its fields in order. */
export function indexUsed(index: IndexDescription): IndexUsedJson {
  return {
    query_scope: index.collectionGroup ? 'Collection group' : 'Collection',
    properties: `(${index.fields.map((f) => `${pathText(f.path)} ${f.mode}`).join(', ')})`,
  };
}

/** A scan (a kindless query, every document below a parent) walks documents by name. */
const SCAN: IndexDescription = {
  collectionGroup: true,
  fields: [{ path: [DOCUMENT_NAME_FIELD], mode: 'ASC' }],
};

/** The index the planner serves the query from, without running it. */
export function planOf(engine: ExplainHost, query: CompiledQuery): IndexDescription {
  return engine.state(query.db).indexes.describe(query) ?? SCAN;
}

export const newTrace = (): IndexTrace => ({ index: undefined, entriesScanned: 0 });

/** The index a traced run read from (a scan when none). */
export const tracedIndex = (trace: IndexTrace): IndexDescription => trace.index ?? SCAN;

/** What a run measured, for executionStats. */
export interface Execution {
  results: number;
  readOperations: number;
  durationNs: bigint;
  indexEntriesScanned: number;
  documentsScanned: number;
  /**
   * What the reads were billed for: documents returned, index entries (an aggregation's per 1,000, a vector
   * search's per 100) and the reads those entries cost; the rest of readOperations is the minimum of one read.
   */
  billing: { documents: number; indexEntries: number; indexEntryReads: number };
}

/** Runs `work` and measures it: the wall time, and the reads the database billed for it. */
export function measured<T>(
  engine: ExplainHost,
  db: DatabaseId,
  work: () => T,
): { value: T; durationNs: bigint; readOperations: number } {
  const usage = engine.state(db).usage;
  const readsBefore = usage.toJson().documentReads;
  const started = process.hrtime.bigint();
  const value = work();
  const durationNs = process.hrtime.bigint() - started;
  return { value, durationNs, readOperations: usage.toJson().documentReads - readsBefore };
}

/** proto3 JSON of a google.protobuf.Duration: seconds with up to nine fractional digits and "s". */
export function durationJson(ns: bigint): string {
  const seconds = ns / 1_000_000_000n;
  const nanos = ns % 1_000_000_000n;
  return nanos === 0n ? `${seconds}s` : `${seconds}.${nanos.toString().padStart(9, '0')}s`;
}

export function explainMetrics(indexes: IndexUsedJson[], execution?: Execution): v1.ExplainMetrics {
  const planSummary = { indexesUsed: indexes };
  if (!execution) return { planSummary };
  const { billing } = execution;
  const minimum = execution.readOperations - billing.documents - billing.indexEntryReads;
  return {
    planSummary,
    executionStats: {
      resultsReturned: String(execution.results),
      executionDuration: durationJson(execution.durationNs),
      readOperations: String(execution.readOperations),
      // Production's debug statistics are strings, as here.
      debugStats: {
        index_entries_scanned: String(execution.indexEntriesScanned),
        documents_scanned: String(execution.documentsScanned),
        billing_details: {
          documents_billable: String(billing.documents),
          index_entries_billable: String(billing.indexEntries),
          small_ops: '0',
          min_query_cost: String(Math.max(0, minimum)),
        },
      },
    },
  };
}
