/**
 * The Firestore engine: one function per API method over the in-memory state, shared by every transport
 * (REST, WebChannel, gRPC), so each client sees the same answer. Messages are proto3 JSON (./types.ts).
 */
import { randomBytes } from 'node:crypto';
import type { Caller } from '../shared/auth-token.js';
import type {
  AggregationJson,
  DocumentJson,
  Fields,
  ListenResponseJson,
  PreconditionJson,
  StructuredQueryJson,
  TransactionOptionsJson,
  Value,
  WriteJson,
  WriteResultJson,
} from './types.js';
import { aborted, failedPrecondition, FirestoreError, invalidArgument, notFound } from './errors.js';
import type { DatabaseId } from './paths.js';
import {
  compareSegments,
  databaseName,
  documentIdOf,
  documentName,
  parseDatabaseName,
  parseDocumentName,
  parseFieldPath,
  parseResourceName,
} from './paths.js';
import type { CompiledQuery } from './query.js';
import { compileQuery, project } from './query.js';
import type { StoredDocument } from './state.js';
import { DatabaseState, toDocumentJson } from './state.js';
import { CommitClock, compareInstants, parseTimestamp } from './timestamps.js';
import { fieldsSize, getField, isNumber, normalizeFields, normalizeValue, doubleOf } from './values.js';
import { applyWrite, checkPrecondition } from './writes.js';
import type { RulesProvider } from './authorization.js';
import { authorize, dataAccess, INTERNAL_READ, recordBypass } from './authorization.js';
import { BATCH_DOCUMENT_ACCESS_LIMIT } from '../rules/index.js';
import { ANY_PARENT_SEGMENTS } from '../rules/matcher.js';
import type { DocumentChangeEvent, ListenHost } from './listen.js';
import { isMissing, ListenStream } from './listen.js';
import type { IndexRequirements } from './indexes.js';

export const MAX_WRITES_PER_COMMIT = 500;
export const MAX_DOCUMENT_BYTES = 1_048_576;
export const MAX_AGGREGATIONS = 5;

interface TransactionState {
  dbKey: string;
  readOnly: boolean;
  /** A read-only transaction's snapshot time, when it asked for one. */
  readTime?: string;
  /** key → version read (null: read as missing). */
  reads: Map<string, bigint | null>;
}

export interface EngineOptions {
  rules?: RulesProvider;
  /** Told when a Listen stream failed while being sent a commit (and was ended); the others still got it. */
  onListenerError?: (error: unknown) => void;
  /** Composite-index requirements (firestore.indexes.json); none: every query is served, as before. */
  indexes?: IndexRequirements;
}

export interface BatchGetResult {
  found?: DocumentJson;
  missing?: string;
  transaction?: string;
  readTime: string;
}

export interface RunQueryResult {
  document?: DocumentJson;
  transaction?: string;
  readTime: string;
  skippedResults?: number;
}

export interface ReadOptions {
  transaction?: string;
  newTransaction?: TransactionOptionsJson;
  readTime?: string;
}

export class FirestoreEngine implements ListenHost {
  private readonly databases = new Map<string, DatabaseState>();
  private readonly transactions = new Map<string, TransactionState>();
  private readonly streams = new Map<string, Set<ListenStream>>();
  private readonly streamDb = new Map<ListenStream, string>();
  private readonly clock = new CommitClock();
  private rules: RulesProvider;
  private readonly onListenerError: (error: unknown) => void;
  indexes: IndexRequirements | undefined;

  constructor(options: EngineOptions = {}) {
    this.rules = options.rules ?? (() => null);
    this.onListenerError = options.onListenerError ?? (() => {});
    this.indexes = options.indexes;
  }

  /** Fails a query production could not serve without a composite index firestore.indexes.json lacks. */
  requireIndexes(query: CompiledQuery): void {
    this.indexes?.check(query);
  }

  setRules(rules: RulesProvider): void {
    this.rules = rules;
  }

  // ---------- state ----------

  state(db: DatabaseId): DatabaseState {
    const key = dbKey(db);
    let state = this.databases.get(key);
    if (!state) {
      state = new DatabaseState(db);
      this.databases.set(key, state);
    }
    return state;
  }

  snapshotTime(): string {
    return this.clock.now();
  }

  resumeToken(): string {
    return Buffer.from(`v1:${this.clock.now()}`).toString('base64');
  }

  /** Deletes every document of a project's databases (or of all projects); open listeners see the deletions. */
  reset(projectId?: string): void {
    for (const state of this.databases.values()) {
      if (projectId && state.id.projectId !== projectId) continue;
      const changes: DocumentChangeEvent[] = [...state.all()].map((doc) => ({
        key: doc.key,
        segments: doc.segments,
        before: doc,
        after: null,
      }));
      state.clear();
      if (changes.length > 0) this.notify(state.id, changes, this.clock.next().timestamp);
    }
    for (const [id, txn] of this.transactions) {
      if (!projectId || txn.dbKey.startsWith(`${projectId}/`)) this.transactions.delete(id);
    }
  }

  databasesInUse(): DatabaseState[] {
    return [...this.databases.values()];
  }

  // ---------- reads ----------

  batchGet(
    request: { database: string; documents?: string[]; mask?: { fieldPaths?: string[] } } & ReadOptions,
    caller: Caller,
  ): BatchGetResult[] {
    const db = parseDatabaseName(request.database);
    const state = this.state(db);
    const txnId = this.transactionFor(db, request);
    const txn = txnId ? this.transactions.get(txnId) : undefined;
    const access = dataAccess(state);
    const select = request.mask?.fieldPaths?.map(parseFieldPath);
    const readTime = this.clock.now();
    const asOf = this.requestedReadTime(request, txn);
    const results = (request.documents ?? []).map((name): BatchGetResult => {
      const { db: docDb, segments } = parseDocumentName(name);
      this.sameDatabase(db, docDb);
      const doc = state.get(segments.join('/')) ?? null;
      if (asOf) assertUnchangedSince(asOf, doc ? [doc] : []);
      authorize(this.rules, { caller, method: 'get', db, segments, resource: doc, time: readTime }, access);
      txn?.reads.set(segments.join('/'), doc?.version ?? null);
      return doc
        ? { found: { ...toDocumentJson(db, doc), fields: project(doc.fields, select) }, readTime }
        : { missing: name, readTime };
    });
    if (caller !== INTERNAL_READ) state.usage.lookup(results.length);
    if (request.newTransaction && txnId) {
      if (results.length === 0) return [{ transaction: txnId, readTime }];
      results[0] = { ...results[0], transaction: txnId };
    }
    return results;
  }

  getDocument(
    name: string,
    options: { mask?: { fieldPaths?: string[] }; transaction?: string },
    caller: Caller,
  ): DocumentJson {
    const { db } = parseDocumentName(name);
    const [result] = this.batchGet(
      { database: databaseName(db), documents: [name], mask: options.mask, transaction: options.transaction },
      caller,
    );
    if (!result.found) throw notFound(`Document not found: ${name}`);
    return result.found;
  }

  runQuery(
    request: { parent: string; structuredQuery?: StructuredQueryJson } & ReadOptions,
    caller: Caller,
  ): RunQueryResult[] {
    if (!request.structuredQuery) throw invalidArgument('runQuery requires a structuredQuery');
    const query = compileQuery(request.parent, request.structuredQuery);
    const txnId = this.transactionFor(query.db, request);
    const docs = this.readQuery(query, caller, txnId, request);
    this.state(query.db).usage.query(docs.length);
    const readTime = this.clock.now();
    const results: RunQueryResult[] = docs.map((doc) => ({
      document: { ...toDocumentJson(query.db, doc), fields: project(doc.fields, query.select) },
      readTime,
    }));
    if (results.length === 0) results.push({ readTime });
    if (request.newTransaction && txnId) results[0] = { ...results[0], transaction: txnId };
    return results;
  }

  runAggregationQuery(
    request: {
      parent: string;
      structuredAggregationQuery?: {
        structuredQuery?: StructuredQueryJson;
        aggregations?: AggregationJson[];
      };
    } & ReadOptions,
    caller: Caller,
  ): { result: { aggregateFields: Record<string, Value> }; readTime: string; transaction?: string }[] {
    const aggregation = request.structuredAggregationQuery;
    if (!aggregation?.structuredQuery)
      throw invalidArgument('runAggregationQuery requires a structuredAggregationQuery');
    const aggregations = aggregation.aggregations ?? [];
    if (aggregations.length === 0)
      throw invalidArgument('An aggregation query needs at least one aggregation');
    if (aggregations.length > MAX_AGGREGATIONS) {
      // The SDKs' users match on production's wording, "maximum number of aggregations".
      throw invalidArgument(
        `Aggregation query has ${aggregations.length} aggregations, over the maximum number of aggregations (${MAX_AGGREGATIONS})`,
      );
    }
    const query = compileQuery(request.parent, aggregation.structuredQuery);
    const txnId = this.transactionFor(query.db, request);
    const docs = this.readQuery(query, caller, txnId, request);
    this.state(query.db).usage.aggregation(docs.length);
    const aggregateFields: Record<string, Value> = {};
    aggregations.forEach((agg, index) => {
      aggregateFields[agg.alias || `field_${index + 1}`] = aggregate(agg, docs);
    });
    const response: {
      result: { aggregateFields: Record<string, Value> };
      readTime: string;
      transaction?: string;
    } = {
      result: { aggregateFields },
      readTime: this.clock.now(),
    };
    if (request.newTransaction && txnId) response.transaction = txnId;
    return [response];
  }

  private readQuery(
    query: CompiledQuery,
    caller: Caller,
    txnId: string | undefined,
    options: ReadOptions = {},
  ): StoredDocument[] {
    this.requireIndexes(query);
    const state = this.state(query.db);
    const asOf = this.requestedReadTime(options, txnId ? this.transactions.get(txnId) : undefined);
    // Every document of the queried collections counts: one that changed may have matched back then.
    if (asOf) assertUnchangedSince(asOf, query.run(state, { scopeOnly: true }));
    this.checkQuery(caller, query);
    const docs = query.run(state);
    const txn = txnId ? this.transactions.get(txnId) : undefined;
    if (txn) for (const doc of docs) txn.reads.set(doc.key, doc.version);
    return docs;
  }

  listDocuments(
    parent: string,
    collectionId: string,
    options: {
      pageSize?: number;
      pageToken?: string;
      orderBy?: string;
      mask?: { fieldPaths?: string[] };
      showMissing?: boolean;
    },
    caller: Caller,
  ): { documents: DocumentJson[]; nextPageToken?: string } {
    const orderBy = (options.orderBy ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((clause) => {
        const [field, dir] = clause.split(/\s+/);
        return {
          field: { fieldPath: field },
          direction: dir?.toLowerCase() === 'desc' ? ('DESCENDING' as const) : ('ASCENDING' as const),
        };
      });
    const offset = options.pageToken ? Number(Buffer.from(options.pageToken, 'base64').toString()) : 0;
    if (!Number.isInteger(offset) || offset < 0) throw invalidArgument('Invalid pageToken');
    const pageSize = options.pageSize && options.pageSize > 0 ? Math.min(options.pageSize, 10_000) : 300;
    const select = options.mask?.fieldPaths?.map(parseFieldPath);
    const nextPageToken = (more: boolean) =>
      more ? Buffer.from(String(offset + pageSize)).toString('base64') : undefined;
    if (options.showMissing) {
      // Missing documents (no fields, but subcollections) have only a name; production lists them in
      // name order and ignores orderBy (firebase-admin's listDocuments() asks for them).
      const query = compileQuery(parent, { from: [{ collectionId }] });
      const existing = this.readQuery(query, caller, undefined);
      const byId = new Map(existing.map((doc) => [documentIdOf(doc.segments), doc]));
      const state = this.state(query.db);
      const parentSegments = query.parentKey === '' ? [] : query.parentKey.split('/');
      const all = [...new Set([...byId.keys(), ...state.idsWithDescendants(query.parentKey, collectionId)])]
        .map((id) => [...parentSegments, collectionId, id])
        .sort(compareSegments);
      const page = all.slice(offset, offset + pageSize).map((segments): DocumentJson => {
        const doc = byId.get(segments[segments.length - 1]);
        return doc
          ? { ...toDocumentJson(query.db, doc), fields: project(doc.fields, select) }
          : { name: documentName(query.db, segments) };
      });
      state.usage.query(page.length);
      return { documents: page, nextPageToken: nextPageToken(all.length > offset + pageSize) };
    }
    const query = compileQuery(parent, { from: [{ collectionId }], orderBy, offset, limit: pageSize + 1 });
    const docs = this.readQuery(query, caller, undefined);
    const page = docs
      .slice(0, pageSize)
      .map((doc) => ({ ...toDocumentJson(query.db, doc), fields: project(doc.fields, select) }));
    this.state(query.db).usage.query(page.length);
    return { documents: page, nextPageToken: nextPageToken(docs.length > pageSize) };
  }

  listCollectionIds(
    parent: string,
    options: { pageSize?: number; pageToken?: string },
  ): { collectionIds: string[]; nextPageToken?: string } {
    const { db, segments } = parseResourceName(parent);
    const ids = this.state(db).collectionIdsUnder(segments.join('/'));
    const start = options.pageToken ? Math.max(0, ids.indexOf(options.pageToken)) : 0;
    const size = options.pageSize && options.pageSize > 0 ? options.pageSize : ids.length;
    const page = ids.slice(start, start + size);
    return { collectionIds: page, nextPageToken: ids[start + size] };
  }

  // ---------- transactions ----------

  beginTransaction(request: { database: string; options?: TransactionOptionsJson }): { transaction: string } {
    const db = parseDatabaseName(request.database);
    const id = randomBytes(16).toString('base64');
    this.transactions.set(id, {
      dbKey: dbKey(db),
      readOnly: request.options?.readOnly !== undefined,
      readTime: request.options?.readOnly?.readTime,
      reads: new Map(),
    });
    return { transaction: id };
  }

  rollback(request: { database: string; transaction?: string }): Record<string, never> {
    parseDatabaseName(request.database);
    if (!request.transaction || !this.transactions.delete(request.transaction)) {
      throw invalidArgument(
        'Invalid transaction: it does not exist, has expired or was already committed or rolled back',
      );
    }
    return {};
  }

  /** The point in time a read asks for, directly or through its read-only transaction. */
  private requestedReadTime(options: ReadOptions, txn: TransactionState | undefined): string | undefined {
    return options.readTime ?? options.newTransaction?.readOnly?.readTime ?? txn?.readTime;
  }

  private transactionFor(db: DatabaseId, options: ReadOptions): string | undefined {
    if (options.transaction) {
      const txn = this.transactions.get(options.transaction);
      if (!txn || txn.dbKey !== dbKey(db)) {
        throw invalidArgument(
          'Invalid transaction: it does not exist, has expired or belongs to another database',
        );
      }
      return options.transaction;
    }
    if (options.newTransaction) {
      return this.beginTransaction({ database: databaseName(db), options: options.newTransaction })
        .transaction;
    }
    return undefined;
  }

  // ---------- writes ----------

  commit(
    request: { database: string; writes?: WriteJson[]; transaction?: string },
    caller: Caller,
  ): { writeResults: WriteResultJson[]; commitTime: string } {
    const db = parseDatabaseName(request.database);
    const writes = request.writes ?? [];
    if (writes.length > MAX_WRITES_PER_COMMIT) {
      throw invalidArgument(
        `A commit may contain at most ${MAX_WRITES_PER_COMMIT} writes; this one has ${writes.length}`,
      );
    }
    const state = this.state(db);
    let txn: TransactionState | undefined;
    if (request.transaction) {
      txn = this.transactions.get(request.transaction);
      if (!txn || txn.dbKey !== dbKey(db)) {
        throw invalidArgument('Invalid transaction: it does not exist, has expired or was already committed');
      }
      this.transactions.delete(request.transaction);
      if (txn.readOnly && writes.length > 0) throw invalidArgument('Cannot write in a read-only transaction');
      for (const [key, version] of txn.reads) {
        const current = state.get(key)?.version ?? null;
        if (current !== version) {
          throw aborted(
            `Transaction aborted: /${key} was changed by another request since this transaction read it. Retry the transaction.`,
          );
        }
      }
    }

    const { timestamp: commitTime, micros } = this.clock.next();
    const staged = new Map<string, StoredDocument | null>();
    const results: WriteResultJson[] = [];
    const checks: (() => void)[] = [];
    // Production allows 10 document reads for a single write and 20 shared by all writes of a batch or
    // transaction; a read repeated across the writes counts once.
    const budget =
      writes.length > 1 || request.transaction
        ? { documentAccessLimit: BATCH_DOCUMENT_ACCESS_LIMIT, documentAccessLog: new Set<string>() }
        : undefined;
    const access = dataAccess(state, staged);

    for (const raw of writes) {
      const write = normalizeWrite(raw);
      const name = write.update?.name ?? write.delete ?? write.verify ?? write.transform?.document;
      if (!name) throw invalidArgument('Invalid write: it names no document');
      const { db: docDb, segments } = parseDocumentName(name);
      this.sameDatabase(db, docDb);
      const key = segments.join('/');
      const writtenEarlier = staged.has(key);
      const before = writtenEarlier ? staged.get(key)! : (state.get(key) ?? null);
      try {
        checkPrecondition(write, before, name);
      } catch (error) {
        // Production refuses a precondition on a document an earlier write of the same commit changed
        // (delete then update in one transaction) as a malformed request, not as a missing document.
        if (writtenEarlier && error instanceof FirestoreError)
          throw invalidArgument(
            `Invalid write: the precondition on ${name} cannot hold after an earlier write of this commit (${error.message})`,
          );
        throw error;
      }
      const outcome = applyWrite(write, before, commitTime);

      let after: StoredDocument | null = null;
      if (outcome.after) {
        assertDocumentSize(name, outcome.after);
        after = outcome.changed
          ? {
              key,
              segments,
              fields: outcome.after,
              createTime: before?.createTime ?? commitTime,
              updateTime: commitTime,
              version: micros,
            }
          : before;
      }
      if (write.verify === undefined) staged.set(key, after);
      results.push({
        updateTime:
          write.verify !== undefined || write.delete !== undefined || outcome.changed
            ? commitTime
            : before?.updateTime,
        ...(outcome.transformResults.length > 0 ? { transformResults: outcome.transformResults } : {}),
      });

      if (write.verify === undefined) {
        const method = write.delete !== undefined ? 'delete' : before ? 'update' : 'create';
        if (caller.kind === 'owner') recordBypass(this.rules, caller, method, db, segments);
        else
          checks.push(() =>
            authorize(
              this.rules,
              {
                caller,
                method,
                db,
                segments,
                resource: before,
                after: after?.fields ?? null,
                time: commitTime,
                budget,
              },
              access,
            ),
          );
      }
    }
    // Rules see the whole batch (getAfter), so they run once every write is staged; any denial rejects the batch.
    for (const check of checks) check();

    const changes: DocumentChangeEvent[] = [];
    for (const [key, after] of staged) {
      const before = state.get(key) ?? null;
      if (after === before) continue;
      if (after) state.put(after);
      else if (before) state.delete(key);
      else continue;
      changes.push({ key, segments: (after ?? before)!.segments, before, after });
    }
    if (changes.length > 0) this.notify(db, changes, commitTime);
    return { writeResults: results, commitTime };
  }

  /** Non-atomic writes, each with its own status (BatchWrite). */
  batchWrite(
    request: { database: string; writes?: WriteJson[] },
    caller: Caller,
  ): { writeResults: WriteResultJson[]; status: { code: number; message?: string }[] } {
    const writeResults: WriteResultJson[] = [];
    const status: { code: number; message?: string }[] = [];
    for (const write of request.writes ?? []) {
      try {
        const result = this.commit({ database: request.database, writes: [write] }, caller);
        writeResults.push(result.writeResults[0]);
        status.push({ code: 0 });
      } catch (error) {
        if (!(error instanceof FirestoreError)) throw error;
        writeResults.push({});
        status.push({ code: error.code, message: error.message });
      }
    }
    return { writeResults, status };
  }

  createDocument(
    parent: string,
    collectionId: string,
    documentId: string | undefined,
    document: { fields?: Fields },
    caller: Caller,
  ): DocumentJson {
    const { db, segments } = parseResourceName(parent);
    const id = documentId || autoId();
    const name = documentName(db, [...segments, collectionId, id]);
    this.commit(
      {
        database: databaseName(db),
        writes: [{ update: { name, fields: document.fields ?? {} }, currentDocument: { exists: false } }],
      },
      caller,
    );
    return this.getDocument(name, {}, INTERNAL_READ);
  }

  updateDocument(
    document: DocumentJson,
    options: { updateMask?: { fieldPaths?: string[] }; currentDocument?: PreconditionJson },
    caller: Caller,
  ): DocumentJson {
    const { db } = parseDocumentName(document.name);
    this.commit(
      {
        database: databaseName(db),
        writes: [
          { update: document, updateMask: options.updateMask, currentDocument: options.currentDocument },
        ],
      },
      caller,
    );
    return this.getDocument(document.name, {}, INTERNAL_READ);
  }

  deleteDocument(
    name: string,
    currentDocument: PreconditionJson | undefined,
    caller: Caller,
  ): Record<string, never> {
    const { db } = parseDocumentName(name);
    this.commit({ database: databaseName(db), writes: [{ delete: name, currentDocument }] }, caller);
    return {};
  }

  // ---------- listen ----------

  openListen(caller: Caller, send: (response: ListenResponseJson) => void): ListenStream {
    return new ListenStream(this, caller, send);
  }

  register(stream: ListenStream, db: DatabaseId): void {
    const key = dbKey(db);
    let set = this.streams.get(key);
    if (!set) {
      set = new Set();
      this.streams.set(key, set);
    }
    set.add(stream);
    this.streamDb.set(stream, key);
  }

  unregister(stream: ListenStream): void {
    const key = this.streamDb.get(stream);
    if (key === undefined) return;
    this.streams.get(key)?.delete(stream);
    this.streamDb.delete(stream);
  }

  /** Number of open Listen streams (a disconnected client must not leave one behind). */
  get activeListenStreams(): number {
    return this.streamDb.size;
  }

  checkRead(
    caller: Caller,
    db: DatabaseId,
    doc: StoredDocument,
    method: 'get' | 'list',
    query?: CompiledQuery,
  ): void {
    this.checkReadWith(caller, db, doc, method, query, dataAccess(this.state(db)), this.clock.now());
  }

  /**
   * A query's `list` rules are decided once, from the query's constraints, as production does ("rules are
   * not filters"): what it could return counts, not what it returns today. A collection-group query is
   * matched with an unknown parent path, so only rules written for the group (`{path=**}`) can allow it.
   */
  checkQuery(caller: Caller, query: CompiledQuery): void {
    if (caller.kind === 'owner') return;
    const state = this.state(query.db);
    const access = dataAccess(state);
    const time = this.clock.now();
    if (!query.collectionId) {
      // A kindless query (every document below a parent) has no collection to match: each document is checked.
      for (const doc of query.run(state))
        this.checkReadWith(caller, query.db, doc, 'list', query, access, time);
      return;
    }
    const parent = query.parentKey === '' ? [] : query.parentKey.split('/');
    const segments = query.allDescendants
      ? [...parent, ANY_PARENT_SEGMENTS, ANY_PARENT_SEGMENTS, query.collectionId] // a document path: even
      : [...parent, query.collectionId];
    try {
      authorize(
        this.rules,
        {
          caller,
          method: 'list',
          db: query.db,
          segments,
          resource: null,
          time,
          query: {
            limit: query.limit,
            offset: query.offset,
            orderBy: query.orderByPaths,
            where: query.where,
          },
        },
        access,
      );
    } catch (error) {
      if (!(error instanceof FirestoreError) || !query.allDescendants) throw error;
      // The unknown parent of a collection group reads as {path=**} in the message.
      const marker = `${ANY_PARENT_SEGMENTS}/${ANY_PARENT_SEGMENTS}`;
      throw new FirestoreError(error.status, error.message.split(marker).join('{path=**}'));
    }
  }

  private checkReadWith(
    caller: Caller,
    db: DatabaseId,
    doc: StoredDocument,
    method: 'get' | 'list',
    query: CompiledQuery | undefined,
    access: ReturnType<typeof dataAccess>,
    time: string,
  ): void {
    if (caller.kind === 'owner') return;
    authorize(
      this.rules,
      {
        caller,
        method,
        db,
        segments: doc.segments,
        resource: isMissing(doc) ? null : doc,
        time,
        query: query ? { limit: query.limit, offset: query.offset, orderBy: query.orderByPaths } : undefined,
      },
      access,
    );
  }

  private notify(db: DatabaseId, changes: DocumentChangeEvent[], commitTime: string): void {
    const streams = this.streams.get(dbKey(db));
    if (!streams || streams.size === 0) return;
    const token = Buffer.from(`v1:${commitTime}`).toString('base64');
    for (const stream of [...streams]) {
      // One listener's failure (a transport that throws, a fault in one of its targets) must neither cost the
      // other listeners this commit nor fail the commit, which is already applied: that stream alone is ended.
      try {
        stream.onCommit(changes, commitTime, token);
      } catch (error) {
        stream.fail(error);
        this.onListenerError(error);
      }
    }
  }

  private sameDatabase(a: DatabaseId, b: DatabaseId): void {
    if (a.projectId !== b.projectId || a.databaseId !== b.databaseId) {
      throw invalidArgument(
        `Document belongs to ${databaseName(b)}, not to the request's database ${databaseName(a)}`,
      );
    }
  }

  // ---------- import / export ----------

  /** All documents of every database, for export. */
  exportDocuments(): { database: string; documents: DocumentJson[] }[] {
    return this.databasesInUse()
      .filter((s) => s.size > 0)
      .map((s) => ({
        database: databaseName(s.id),
        documents: [...s.all()].map((d) => toDocumentJson(s.id, d)),
      }));
  }

  importDocuments(data: { database: string; documents: DocumentJson[] }[]): number {
    let count = 0;
    // One version for the whole import: transactions only compare a document's version with itself.
    const { micros: version } = this.clock.next();
    for (const { database, documents } of data) {
      const state = this.state(parseDatabaseName(database));
      for (const doc of documents) {
        const { segments } = parseDocumentName(doc.name);
        const updateTime = doc.updateTime ?? this.clock.now();
        state.put({
          key: segments.join('/'),
          segments,
          fields: normalizeFields(doc.fields ?? {}, 0, state.interner),
          createTime: doc.createTime ?? updateTime,
          updateTime,
          version,
        });
        count++;
      }
    }
    return count;
  }
}

// ---------- helpers ----------

const dbKey = (db: DatabaseId): string => `${db.projectId}/${db.databaseId}`;

const AUTO_ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function autoId(): string {
  const bytes = randomBytes(20);
  let id = '';
  for (const b of bytes) id += AUTO_ID_CHARS[b % AUTO_ID_CHARS.length];
  return id;
}

function normalizeWrite(write: WriteJson): WriteJson {
  if (typeof write !== 'object' || write === null) throw invalidArgument('Invalid write: expected an object');
  const kinds = ['update', 'delete', 'verify', 'transform'].filter(
    (k) => (write as Record<string, unknown>)[k] !== undefined,
  );
  if (kinds.length !== 1)
    throw invalidArgument('Invalid write: exactly one of update, delete, verify or transform must be set');
  const out: WriteJson = { ...write };
  if (write.update) {
    if (typeof write.update.name !== 'string')
      throw invalidArgument('Invalid write: update.name is required');
    out.update = { name: write.update.name, fields: normalizeFields(write.update.fields ?? {}) };
  }
  if (write.updateMask?.fieldPaths) write.updateMask.fieldPaths.forEach(parseFieldPath);
  const transforms = write.updateTransforms ?? write.transform?.fieldTransforms ?? [];
  for (const t of transforms) {
    parseFieldPath(t.fieldPath);
    if (t.increment) t.increment = normalizeValue(t.increment);
    if (t.maximum) t.maximum = normalizeValue(t.maximum);
    if (t.minimum) t.minimum = normalizeValue(t.minimum);
    if (t.appendMissingElements)
      t.appendMissingElements = {
        values: (t.appendMissingElements.values ?? []).map((v) => normalizeValue(v)),
      };
    if (t.removeAllFromArray)
      t.removeAllFromArray = { values: (t.removeAllFromArray.values ?? []).map((v) => normalizeValue(v)) };
  }
  return out;
}

/**
 * The emulator keeps only the latest version of each document, so a read as of an earlier time is answered only
 * when nothing it covers changed since then; otherwise it fails plainly rather than answer with newer data.
 */
function assertUnchangedSince(readTime: string, docs: Iterable<StoredDocument>): void {
  const asOf = parseTimestamp(readTime);
  for (const doc of docs) {
    if (compareInstants(parseTimestamp(doc.updateTime), asOf) > 0) {
      throw failedPrecondition(
        `Reading as of ${readTime} is not supported here: /${doc.key} changed since (at ${doc.updateTime}) and this emulator keeps only the latest version of each document`,
      );
    }
  }
}

function assertDocumentSize(name: string, fields: Fields): void {
  const { segments } = parseResourceName(name);
  const nameSize = segments.reduce((s, seg) => s + Buffer.byteLength(seg, 'utf8') + 1, 16);
  const size = nameSize + fieldsSize(fields) + 32;
  if (size > MAX_DOCUMENT_BYTES) {
    throw invalidArgument(
      `Document "${name}" is ${size} bytes, over the 1 MiB (${MAX_DOCUMENT_BYTES} bytes) limit`,
    );
  }
}

function aggregate(agg: AggregationJson, docs: StoredDocument[]): Value {
  if (agg.count !== undefined) {
    const upTo = agg.count.upTo;
    const raw = typeof upTo === 'object' && upTo !== null ? upTo.value : upTo;
    const limit = raw === undefined ? Infinity : Number(raw);
    return { integerValue: String(Math.min(docs.length, limit)) };
  }
  const fieldPath = agg.sum?.field.fieldPath ?? agg.avg?.field.fieldPath;
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
