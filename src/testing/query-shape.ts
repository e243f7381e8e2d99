// For tests: what a built Firestore query asks, read from the SDK's internal query (firebase 12's `_query`),
// so a test can check the queries the api modules really build rather than a description of them.

interface InternalQuery {
  path: { toString(): string };
  filters: { field: { toString(): string }; op: string; value: unknown }[];
  explicitOrderBy: { field: { toString(): string }; dir: string }[];
  limit: number | null;
  startAt: { inclusive: boolean; position: unknown[] } | null;
  endAt: { inclusive: boolean; position: unknown[] } | null;
}

export interface QueryShape {
  collection: string;
  filters: string[];
  orderBy: string[];
  limit: number | null;
  startAfter: boolean;
  endAt: boolean;
}

export function queryShape(query: unknown): QueryShape {
  const inner = (query as { _query?: InternalQuery })._query;
  if (!inner) throw new Error('queryShape: not a Firestore query');
  return {
    collection: inner.path.toString(),
    filters: inner.filters.map((filter) => `${filter.field.toString()} ${filter.op}`),
    orderBy: inner.explicitOrderBy.map((order) => `${order.field.toString()} ${order.dir}`),
    limit: inner.limit,
    startAfter: inner.startAt !== null && !inner.startAt.inclusive,
    endAt: inner.endAt !== null && inner.endAt.inclusive,
  };
}
