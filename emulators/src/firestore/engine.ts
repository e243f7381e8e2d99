/**
 * The Firestore engine: the in-memory world every transport serves (databases, open transactions, Listen
 * streams, the commit clock, the rules and index requirements in force). The API's methods are written once,
 * by concern, over this world (reads, queries, commit, document writes, transactions, listen fan-out, admin
 * API) and reached through one table, ./operations.ts; messages are proto3 JSON (./types.ts).
 */
import type { Caller } from '../shared/auth-token.js';
import type { DocumentJson, ListenResponseJson, v1, WriteResultJson } from './types.js';
import type { RulesProvider } from './access/authorization.js';
import { dbKey } from './databases.js';
import { commit } from './write/commit.js';
import * as adminApi from './admin-api.js';
import type { IndexRequirements } from './query/indexes.js';
import type { FirestoreJournal } from './persistence/journal.js';
import type { ListenHost } from './listen/listen.js';
import { ListenStream } from './listen/listen.js';
import { ListenFanOut } from './listen/listen-fan-out.js';
import type { FunctionTriggers } from './triggers/function-triggers.js';
import type { DatabaseId } from './paths.js';
import type { CompiledQuery } from './query/query.js';
import { runQuery } from './query/queries.js';
import { checkQuery, checkRead } from './access/read-authorization.js';
import type { SnapshotDatabase } from './persistence/start-snapshot.js';
import type { StoredDocument } from './stored-document.js';
import { DatabaseState } from './state.js';
import { CommitClock } from './timestamps.js';
import type { TransactionReadLocks, TransactionTimeouts } from './write/transactions.js';
import { PRODUCTION_TIMEOUTS, TransactionRegistry } from './write/transactions.js';

export interface EngineOptions {
  rules?: RulesProvider;
  /** Told when a Listen stream failed while being sent a commit (and was ended); the others still got it. */
  onListenerError?: (error: unknown) => void;
  /** Composite-index requirements (firestore.indexes.json); none: every query is served, as before. */
  indexes?: IndexRequirements;
  /** Transaction expiry and lock wait; production's unless a test shortens them. */
  transactionTimeouts?: Partial<TransactionTimeouts>;
  /** false: the owner's read-write transactions are optimistic too (no locks), as before. Default true. */
  serverTransactionLocks?: boolean;
  /** The lock a pessimistic transaction's read takes: 'exclusive' (default) or 'shared' (./write/transactions.ts). */
  transactionReadLocks?: TransactionReadLocks;
}

export class FirestoreEngine implements ListenHost {
  private readonly databases = new Map<string, DatabaseState>();
  readonly transactions: TransactionRegistry;
  readonly listeners: ListenFanOut;
  readonly clock = new CommitClock();
  private currentRules: RulesProvider;
  indexes: IndexRequirements | undefined;
  /** Where accepted commits are made durable before they are applied (a data folder); none in memory. */
  journal: FirestoreJournal | undefined;
  /** Cloud Functions triggers registered by the Functions emulator; none without one. */
  triggers: FunctionTriggers | undefined;

  constructor(options: EngineOptions = {}) {
    this.currentRules = options.rules ?? (() => null);
    this.listeners = new ListenFanOut(options.onListenerError ?? (() => {}));
    this.indexes = options.indexes;
    this.transactions = new TransactionRegistry(
      { ...PRODUCTION_TIMEOUTS, ...options.transactionTimeouts },
      options.serverTransactionLocks ?? true,
      options.transactionReadLocks,
    );
  }

  /** The security rules every non-owner request meets. */
  get rules(): RulesProvider {
    return this.currentRules;
  }

  setRules(rules: RulesProvider): void {
    this.currentRules = rules;
  }

  /** Fails a query production could not serve without a composite index firestore.indexes.json lacks. */
  requireIndexes(query: CompiledQuery): void {
    this.indexes?.check(query);
  }

  state(db: DatabaseId): DatabaseState {
    const key = dbKey(db);
    let state = this.databases.get(key);
    if (!state) {
      state = new DatabaseState(db);
      this.databases.set(key, state);
    }
    return state;
  }

  databasesInUse(): DatabaseState[] {
    return [...this.databases.values()];
  }

  snapshotTime(): string {
    return this.clock.now();
  }

  resumeToken(): string {
    return Buffer.from(`v1:${this.clock.now()}`).toString('base64');
  }

  // ---------- the methods code outside the transports calls directly ----------

  commit(
    request: v1.CommitRequest & { database: string },
    caller: Caller,
  ): { writeResults: WriteResultJson[]; commitTime: string } {
    return commit(this, request, caller);
  }

  runQuery(request: v1.RunQueryRequest & { parent: string }, caller: Caller): v1.RunQueryResponse[] {
    return runQuery(this, request, caller);
  }

  /** Deletes every document of a project's databases (or of all projects); open listeners see the deletions. */
  reset(projectId?: string): void {
    adminApi.reset(this, projectId);
  }

  exportDocuments(): { database: string; documents: DocumentJson[] }[] {
    return adminApi.exportDocuments(this);
  }

  importDocuments(data: { database: string; documents: DocumentJson[] }[]): number {
    return adminApi.importDocuments(this, data);
  }

  /** Imports a start snapshot's documents (./persistence/start-snapshot.ts), as importDocuments would their export. */
  importSharedDocuments(data: SnapshotDatabase[]): number {
    return adminApi.importSharedDocuments(this, data);
  }

  /** Makes the data exactly `data` (a snapshot), as one durable change open listeners see. */
  replaceDocuments(data: { database: string; documents: DocumentJson[] }[]): {
    written: number;
    deleted: number;
    kept: number;
  } {
    return adminApi.replaceDocuments(this, data);
  }

  // ---------- listen ----------

  openListen(caller: Caller, send: (response: ListenResponseJson) => void): ListenStream {
    return new ListenStream(this, caller, send);
  }

  register(stream: ListenStream, db: DatabaseId): void {
    this.listeners.register(stream, db);
  }

  unregister(stream: ListenStream): void {
    this.listeners.unregister(stream);
  }

  /** Number of open Listen streams (a disconnected client must not leave one behind). */
  get activeListenStreams(): number {
    return this.listeners.size;
  }

  checkRead(
    caller: Caller,
    db: DatabaseId,
    doc: StoredDocument,
    method: 'get' | 'list',
    query?: CompiledQuery,
  ): void {
    checkRead(this, caller, db, doc, method, query);
  }

  checkQuery(caller: Caller, query: CompiledQuery): void {
    checkQuery(this, caller, query);
  }
}
