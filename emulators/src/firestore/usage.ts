/**
 * Document reads counted as production bills them, per database, so tests and benchmarks can prove how much a
 * screen or a function reads (GET /emulator/v1/projects/{p}/databases/{d}/usage; DELETE resets):
 * - a lookup (BatchGet, GetDocument): one read per document asked for, found or not;
 * - a query (RunQuery, ListDocuments): one read per document returned, at least one per query;
 * - an aggregation (count, sum, avg): one read per 1,000 index entries matched, at least one;
 * - a vector search (findNearest): one read per document returned and one per 100 vector index entries read,
 *   at least one;
 * - a listener: one read per document of each target's first snapshot (at least one per query target), then
 *   one per document added or changed in it later (removals are free).
 * Reads made by security rules (get(), exists()) are not counted.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DatabaseId } from './paths.js';
import { decodePathSegment, sendJson } from './transports/http-util.js';

export interface UsageJson {
  documentReads: number;
  /** The same reads by the kind of request that made them. */
  byKind: { lookups: number; queries: number; aggregations: number; listens: number };
  /** Requests counted: lookups + queries + aggregations + listen targets. */
  requests: number;
}

export class ReadUsage {
  private lookups = 0;
  private queries = 0;
  private aggregations = 0;
  private listens = 0;
  private requests = 0;

  /** A BatchGet or GetDocument of `documents` documents. */
  lookup(documents: number): void {
    this.lookups += documents;
    this.requests++;
  }

  /** A RunQuery or ListDocuments page that returned `documents` documents. */
  query(documents: number): void {
    this.queries += Math.max(1, documents);
    this.requests++;
  }

  /** A findNearest that returned `documents` documents after reading `entries` vector index entries. */
  vectorSearch(documents: number, entries: number): void {
    this.queries += Math.max(1, documents + Math.ceil(entries / 100));
    this.requests++;
  }

  /** An aggregation over `entries` matching index entries. */
  aggregation(entries: number): void {
    this.aggregations += Math.max(1, Math.ceil(entries / 1000));
    this.requests++;
  }

  /** A listen target's first snapshot (`minimumOne` for a query target). */
  listenSnapshot(documents: number, minimumOne: boolean): void {
    this.listens += minimumOne ? Math.max(1, documents) : documents;
    this.requests++;
  }

  /** Documents a listener was sent as added or changed after its first snapshot. */
  listenChanges(documents: number): void {
    this.listens += documents;
  }

  reset(): void {
    this.lookups = this.queries = this.aggregations = this.listens = this.requests = 0;
  }

  toJson(): UsageJson {
    return {
      documentReads: this.lookups + this.queries + this.aggregations + this.listens,
      byKind: {
        lookups: this.lookups,
        queries: this.queries,
        aggregations: this.aggregations,
        listens: this.listens,
      },
      requests: this.requests,
    };
  }
}

const USAGE_PATH = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/usage$/;

/**
 * Serves GET (the counts) and DELETE (reset to zero, answering the zeros) of a database's usage; false when the
 * request is not for this route.
 */
export function handleUsage(
  host: { usage(db: DatabaseId): ReadUsage },
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): boolean {
  const match = USAGE_PATH.exec(url.pathname);
  if (!match || (req.method !== 'GET' && req.method !== 'DELETE')) return false;
  const usage = host.usage({
    projectId: decodePathSegment(match[1]),
    databaseId: decodePathSegment(match[2]),
  });
  if (req.method === 'DELETE') usage.reset();
  sendJson(res, 200, usage.toJson());
  return true;
}
