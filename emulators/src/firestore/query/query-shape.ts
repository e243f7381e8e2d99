/**
 * What a compiled query tells the indexes about itself, and what it needs of a database to run: the shapes
 * ./query.ts and ./query-index.ts share, in a module that imports nothing of either.
 */
import type { StoredDocument } from '../stored-document.js';

export interface OrderSpec {
  path: string[];
  /** 1 ascending, -1 descending. */
  direction: 1 | -1;
}

/** An equality (`==`) or `array-contains` constraint the index can seek to. */
export interface IndexEquality {
  readonly path: readonly string[];
  readonly op: 'EQUAL' | 'ARRAY_CONTAINS';
  /** equalityKey() of the operand. */
  readonly key: string;
}

/** What a compiled query tells the index about itself. */
export interface IndexableQuery {
  readonly parentKey: string;
  readonly collectionId: string;
  readonly allDescendants: boolean;
  readonly orderBy: readonly OrderSpec[];
  readonly limit: number | undefined;
  readonly offset: number;
  matches(doc: StoredDocument): boolean;
  readonly plan: {
    /** A kindless query (every document below a parent) has no collection to index. */
    readonly kindless: boolean;
    /** Conjunctive equality constraints (a subset of the filter; the rest is checked on each document found). */
    readonly equalities: readonly IndexEquality[];
    readonly startAt: ((doc: StoredDocument) => boolean) | undefined;
    readonly endAt: ((doc: StoredDocument) => boolean) | undefined;
  };
}

/** The index a query was served from, for Query Explain: its scope and fields in the query's directions. */
export interface IndexDescription {
  readonly collectionGroup: boolean;
  readonly fields: readonly { path: readonly string[]; mode: 'ASC' | 'DESC' | 'CONTAINS' }[];
}

/** What one run of a query did: the index it walked (none: a scan) and how many entries it read there. */
export interface IndexTrace {
  index: IndexDescription | undefined;
  entriesScanned: number;
}

/** The part of a database a query runs against: its documents by scope, and its indexes. */
export interface QueryableDatabase {
  inCollection(parentKey: string, collectionId: string): Iterable<StoredDocument>;
  inGroup(parentKey: string, collectionId: string): Iterable<StoredDocument>;
  inSubtree(parentKey: string): Iterable<StoredDocument>;
  readonly indexes: { run(query: IndexableQuery, trace?: IndexTrace): StoredDocument[] | undefined };
}
