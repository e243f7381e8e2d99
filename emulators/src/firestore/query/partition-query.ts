/**
 * PartitionQuery: split points of a collection group, so a large group can be read in parallel
 * (firebase-admin's `CollectionGroup.getPartitions()`). Each point is a cursor on `__name__`; reading the query
 * up to the first, between each two, and from the last covers every document exactly once.
 */
import type { Caller } from '../../shared/auth-token.js';
import type { FirestoreEngine } from '../engine.js';
import { invalidArgument } from '../errors.js';
import { DOCUMENT_NAME_FIELD, documentName } from '../paths.js';
import { compileQuery } from './query.js';
import { readQuery } from './read-query.js';
import type { CursorJson, v1 } from '../types.js';

/** The most split points one answer holds when the request names no page size. */
const DEFAULT_PAGE_SIZE = 1_000;

export function partitionQuery(
  engine: FirestoreEngine,
  request: v1.PartitionQueryRequest & { parent: string },
  caller: Caller,
): v1.PartitionQueryResponse {
  const structured = request.structuredQuery;
  if (!structured) throw invalidArgument('partitionQuery requires a structuredQuery');
  assertPartitionable(structured);
  const partitionCount = Number(request.partitionCount ?? 0);
  if (!Number.isSafeInteger(partitionCount) || partitionCount <= 0) {
    throw invalidArgument('Invalid partition_count: it must be a positive number');
  }
  const offset = request.pageToken ? Number(Buffer.from(request.pageToken, 'base64').toString()) : 0;
  if (!Number.isSafeInteger(offset) || offset < 0) throw invalidArgument('Invalid page_token');
  const pageSize = request.pageSize && request.pageSize > 0 ? request.pageSize : DEFAULT_PAGE_SIZE;

  const query = compileQuery(request.parent, structured);
  // The query is ordered by name only, so its answer is the group in name order; the rules see it as a list.
  const docs = readQuery(engine, query, caller, undefined, { readTime: request.readTime });
  const points = splitPoints(docs.length, partitionCount);
  const page = points.slice(offset, offset + pageSize);
  const partitions = page.map((index): CursorJson => ({
    values: [{ referenceValue: documentName(query.db, docs[index].segments) }],
  }));
  const more = offset + pageSize < points.length;
  return {
    partitions,
    ...(more ? { nextPageToken: Buffer.from(String(offset + pageSize)).toString('base64') } : {}),
  };
}

/**
 * Production partitions only a collection group query ordered by name ascending: no filters, other orderings,
 * cursors, offset or limit (the proto's comment on `structured_query`).
 */
function assertPartitionable(query: NonNullable<v1.PartitionQueryRequest['structuredQuery']>): void {
  const from = query.from ?? [];
  if (from.length !== 1 || from[0].allDescendants !== true) {
    throw invalidArgument('Invalid partition query: it must query a collection group (all descendants)');
  }
  const orderBy = query.orderBy ?? [];
  const byNameAscending =
    orderBy.length === 1 &&
    orderBy[0].field?.fieldPath === DOCUMENT_NAME_FIELD &&
    (orderBy[0].direction ?? 'ASCENDING') === 'ASCENDING';
  if (!byNameAscending) {
    throw invalidArgument(
      'Invalid partition query: it must be ordered by __name__ ascending, and only by it',
    );
  }
  const unsupported = (['where', 'startAt', 'endAt', 'offset', 'limit', 'findNearest'] as const).filter(
    (key) => (query as Record<string, unknown>)[key] !== undefined,
  );
  if (unsupported.length > 0) {
    throw invalidArgument(`Invalid partition query: ${unsupported.join(', ')} cannot be used in it`);
  }
}

/**
 * Indexes of the documents that start each partition but the first: at most `partitionCount` of them and
 * fewer than there are documents, spread so the partitions hold nearly equal numbers of documents.
 */
export function splitPoints(documentCount: number, partitionCount: number): number[] {
  const count = Math.min(partitionCount, documentCount - 1);
  const points: number[] = [];
  for (let i = 1; i <= count; i++) {
    const index = Math.floor((i * documentCount) / (count + 1));
    if (index > (points[points.length - 1] ?? 0)) points.push(index);
  }
  return points;
}
