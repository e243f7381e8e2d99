/**
 * Which locks a request takes before the engine answers it (./locks.ts holds them). A server SDK's read-write
 * transaction locks what it reads until it ends; every commit, in a transaction or not, from any
 * caller, needs exclusive locks on what it writes for as long as it applies. When every lock is free the
 * request is answered at once, synchronously, as before; otherwise it waits (or is aborted) first.
 *
 * A request this gate cannot read (a malformed name, a query that does not compile) takes no locks: the
 * engine then refuses it with its usual error.
 */
import { randomBytes } from 'node:crypto';
import type { Caller } from '../../shared/auth-token.js';
import type { v1, WriteJson } from '../types.js';
import { dbKey } from '../databases.js';
import type { FirestoreEngine } from '../engine.js';
import { aborted } from '../errors.js';
import type { LockOwner } from './locks.js';
import type { DatabaseId } from '../paths.js';
import { parseDatabaseName, parseDocumentName, parseResourceName } from '../paths.js';
import { compileQuery, type CompiledQuery } from '../query/query.js';
import type { StoredDocument } from '../stored-document.js';
import { applyWrite } from './writes.js';
import type { ReadOptions } from './transactions.js';

/** The request shapes that take locks, by method. */
export type LockingRequest =
  | { method: 'BatchGetDocuments'; request: v1.BatchGetDocumentsRequest & { database: string } }
  | { method: 'GetDocument'; request: v1.GetDocumentRequest & { name: string } }
  | { method: 'RunQuery'; request: v1.RunQueryRequest & { parent: string } }
  | {
      method: 'RunAggregationQuery';
      request: v1.RunAggregationQueryRequest & { parent: string };
    }
  | {
      method: 'Commit' | 'BatchWrite';
      request: { database: string; writes?: WriteJson[]; transaction?: string };
    }
  | {
      method: 'CreateDocument';
      request: v1.CreateDocumentRequest & { parent: string; collectionId: string };
    }
  | { method: 'UpdateDocument'; request: v1.UpdateDocumentRequest & { document: v1.Document } }
  | { method: 'DeleteDocument'; request: v1.DeleteDocumentRequest & { name: string } };

/** Rounds of "lock what the query returns, run it again" before a query in a transaction is answered anyway. */
const QUERY_LOCK_ROUNDS = 5;

/** Answers `run()` once the request holds the locks it needs: synchronously when they were all free. */
export function withLocks<R>(
  engine: FirestoreEngine,
  { method, request }: LockingRequest,
  caller: Caller,
  run: () => R,
): R | Promise<R> {
  switch (method) {
    case 'BatchGetDocuments':
      return readInTransaction(
        engine,
        request,
        caller,
        request.database,
        documentKeys(request.documents ?? []),
        run,
      );
    case 'GetDocument':
      return readInTransaction(engine, request, caller, request.name, documentKeys([request.name]), run);
    case 'RunQuery':
    case 'RunAggregationQuery': {
      const structured =
        'structuredQuery' in request
          ? request.structuredQuery
          : (request as v1.RunAggregationQueryRequest).structuredAggregationQuery?.structuredQuery;
      return readInTransaction(
        engine,
        request,
        caller,
        request.parent,
        (db) => queryKeys(engine, db, request.parent, structured),
        run,
      );
    }
    case 'Commit':
    case 'BatchWrite':
      return write(
        engine,
        request.database,
        request.writes ?? [],
        method === 'Commit' ? request.transaction : undefined,
        run,
      );
    case 'CreateDocument': {
      // An id made by the server is new: no one can hold its lock.
      if (!request.documentId) return run();
      const name = `${request.parent}/${request.collectionId}/${request.documentId}`;
      return write(engine, name, [{ update: { name } }], undefined, run);
    }
    case 'UpdateDocument':
      return write(engine, request.document.name ?? '', [{ update: request.document }], undefined, run);
    case 'DeleteDocument':
      return write(engine, request.name, [{ delete: request.name }], undefined, run);
  }
}

/** The database a request's database, parent or document name names. */
function databaseOf(resource: string): DatabaseId {
  return /\/documents(\/|$)/.test(resource) ? parseResourceName(resource).db : parseDatabaseName(resource);
}

/** The lock key of a document: its database and path. */
function lockKey(db: DatabaseId, name: string): string {
  return `${dbKey(db)}/${parseDocumentName(name).segments.join('/')}`;
}

const documentKeys = (names: string[]) => (db: DatabaseId) => names.map((name) => lockKey(db, name));

/**
 * The ranges transactions' queries hold, per emulator: lock key → the compiled query, whose matches() says
 * whether a document lies in the range (its collection or group, filters and cursors; past the limit too, so a
 * superset of the span production locks). A write takes the key of every range its document lies in before or
 * after it, so nothing enters or leaves a range a live transaction read. A range no one holds is forgotten.
 */
const heldRanges = new WeakMap<object, Map<string, CompiledQuery>>();

function rangesOf(engine: FirestoreEngine): Map<string, CompiledQuery> {
  let ranges = heldRanges.get(engine.transactions);
  if (!ranges) heldRanges.set(engine.transactions, (ranges = new Map()));
  return ranges;
}

/** The keys of the held ranges a write of `name` changes: those its document lies in before or after it. */
function rangeKeysOfWrite(engine: FirestoreEngine, db: DatabaseId, name: string, write: WriteJson): string[] {
  const ranges = rangesOf(engine);
  const prefix = `range:${dbKey(db)}|`;
  const held: [string, CompiledQuery][] = [];
  for (const [key, query] of ranges) {
    if (!engine.transactions.locks.isHeld(key)) ranges.delete(key);
    else if (key.startsWith(prefix)) held.push([key, query]);
  }
  if (held.length === 0) return [];
  const segments = parseDocumentName(name).segments;
  const before = engine.state(db).get(segments.join('/')) ?? null;
  const now = new Date().toISOString();
  let after: StoredDocument | null = null;
  try {
    const fields = applyWrite(write, before, now).after;
    if (fields) {
      after = { key: segments.join('/'), segments, fields, createTime: now, updateTime: now, version: 0n };
    }
  } catch {
    // A write the commit will refuse changes nothing.
  }
  return held
    .filter(([, query]) => [before, after].some((doc) => doc && query.matches(doc)))
    .map(([key]) => key);
}

function queryKeys(
  engine: FirestoreEngine,
  db: DatabaseId,
  parent: string,
  structured: v1.StructuredQuery | undefined,
): string[] {
  if (!structured) throw new Error('A query in a transaction names no query');
  const query = compileQuery(parent, structured);
  const range = `range:${dbKey(db)}|${JSON.stringify([parent, structured])}`;
  rangesOf(engine).set(range, query);
  return [range, ...query.run(engine.state(query.db)).map((doc) => `${dbKey(db)}/${doc.key}`)];
}

/**
 * A read in a pessimistic transaction locks what it reads (exclusive unless the registry says shared; an
 * exclusive one yields to another read while its holder is idle, ./locks.ts). A query locks its range (see
 * heldRanges), so no document enters or leaves it meanwhile, and the documents it returns, running
 * again under those locks until what it returns is all locked.
 */
function readInTransaction<R>(
  engine: FirestoreEngine,
  request: ReadOptions,
  caller: Caller,
  resource: string,
  keysOf: (db: DatabaseId) => string[],
  run: () => R,
): R | Promise<R> {
  const registry = engine.transactions;
  const { newTransaction } = request;
  const newLocking = !!newTransaction && caller.kind === 'owner' && !newTransaction.readOnly;
  // A read outside any transaction takes no locks: its keys (for a query, its whole run) are not worked out.
  if (!request.transaction && !newLocking) return run();
  let db: DatabaseId;
  try {
    db = databaseOf(resource);
    keysOf(db);
  } catch {
    return run();
  }
  const keys = () => keysOf(db);
  let owner: LockOwner | undefined;
  let begun: string | undefined;
  if (request.transaction) {
    const txn = registry.get(request.transaction);
    if (!txn?.lockOwner || txn.wounded || txn.dbKey !== dbKey(db)) return run();
    owner = txn.lockOwner;
    registry.touch(request.transaction);
  } else if (newLocking) {
    begun = registry.begin(db, newTransaction!, caller);
    registry.beginFor(request, begun);
    owner = registry.get(begun)?.lockOwner;
  }
  if (!owner) return run();
  const holder = owner;
  const settle = (round: number): R | Promise<R> => {
    registry.touch(holder.id);
    const missing = keys().filter((key) => !registry.locks.holds(holder.id, key));
    const pending =
      missing.length > 0 ? registry.locks.acquire(holder, missing, registry.readLocks, true) : undefined;
    if (!pending) return round < QUERY_LOCK_ROUNDS && missing.length > 0 ? settle(round + 1) : run();
    return pending.then(() => settle(round + 1));
  };
  if (!begun) return settle(0);
  // A transaction begun for this read that cannot get its locks ends here: the client never learns its id.
  const txnId = begun;
  try {
    const answer = settle(0);
    if (!(answer instanceof Promise)) return answer;
    return answer.catch((error: unknown) => {
      if (registry.get(txnId)) registry.rollback(txnId);
      throw error;
    });
  } catch (error) {
    if (registry.get(txnId)) registry.rollback(txnId);
    throw error;
  }
}

/**
 * A commit holds exclusive locks on what it writes while it applies: a pessimistic transaction's own (they
 * upgrade its shared ones and are released with the commit), anyone else's for the commit alone, as the
 * youngest owner, so it waits for every transaction holding them and never wounds one.
 */
function write<R>(
  engine: FirestoreEngine,
  resource: string,
  writes: WriteJson[],
  transaction: string | undefined,
  run: () => R,
): R | Promise<R> {
  const registry = engine.transactions;
  let keys: string[];
  let db: DatabaseId;
  // A written document may enter or leave the ranges transactions' queries hold: those are locked too.
  const keysNow = () =>
    writes.flatMap((w) => {
      const changed = w.update?.name ?? w.delete ?? w.transform?.document;
      const name = changed ?? w.verify;
      if (!name) return [];
      return [lockKey(db, name), ...(changed ? rangeKeysOfWrite(engine, db, changed, w) : [])];
    });
  try {
    db = databaseOf(resource);
    keys = keysNow();
  } catch {
    return run();
  }
  if (keys.length === 0) return run();
  /**
   * Takes the keys; after a wait, the document or the ranges held may have changed meanwhile, so it looks
   * again and takes what is missing.
   */
  const lockAll = (owner: LockOwner, wanted: string[], round: number): Promise<void> | undefined => {
    const missing = wanted.filter((key) => !registry.locks.holds(owner.id, key, 'exclusive'));
    if (missing.length === 0) return undefined;
    const pending = registry.locks.acquire(owner, missing, 'exclusive');
    if (!pending || round >= QUERY_LOCK_ROUNDS) return pending;
    return pending.then(() => lockAll(owner, keysNow(), round + 1));
  };
  const txn = transaction ? registry.get(transaction) : undefined;
  // An unknown, ended or foreign transaction: the commit is refused without waiting for anything.
  if (transaction && (!txn || txn.dbKey !== dbKey(db))) return run();
  if (transaction && txn?.lockOwner) {
    if (txn.wounded) return run();
    registry.touch(transaction);
    const pending = lockAll(txn.lockOwner, keys, 0);
    return pending ? pending.then(run) : run();
  }
  const id = `write:${randomBytes(8).toString('hex')}`;
  const owner: LockOwner = {
    id,
    priority: registry.youngest(),
    wound: () =>
      registry.locks.abandon(
        id,
        aborted(`Write aborted: an older transaction needed its document. Retry the write.`),
      ),
  };
  const pending = lockAll(owner, keys, 0);
  if (!pending) {
    try {
      return run();
    } finally {
      registry.locks.release(id);
    }
  }
  return pending.then(run).finally(() => registry.locks.release(id));
}
