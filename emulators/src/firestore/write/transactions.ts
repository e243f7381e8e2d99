/**
 * Open transactions: what each has read (so a commit can fail when another request changed it since), and the
 * point in time a read-only one reads at (answered from ../document-history.ts).
 * Read-write transactions of the server SDKs (owner callers) are pessimistic, as in production: they hold
 * locks (./locks.ts, taken by ./transaction-locks.ts), are wounded by older ones, and expire when idle or old.
 */
import { randomBytes } from 'node:crypto';
import type { Caller } from '../../shared/auth-token.js';
import type { TransactionOptionsJson } from '../types.js';
import { aborted, invalidArgument } from '../errors.js';
import { dbKey } from '../databases.js';
import type { LockMode, LockOwner } from './locks.js';
import { LockManager } from './locks.js';
import type { DatabaseId } from '../paths.js';
import type { DatabaseState } from '../state.js';

export interface TransactionState {
  dbKey: string;
  readOnly: boolean;
  /** A read-only transaction's snapshot time, when it asked for one. */
  readTime?: string;
  /** key → version read (null: read as missing). */
  reads: Map<string, bigint | null>;
  /** Set for a server SDK's read-write transaction: it holds locks under this owner. */
  lockOwner?: LockOwner;
  /** Aborted by an older transaction that needed its locks; its next read or commit answers ABORTED. */
  wounded?: boolean;
  /** When a request of it last arrived or was let through a lock (Date.now()). */
  lastActive: number;
  timers: { lifetime?: NodeJS.Timeout; idle?: NodeJS.Timeout };
}

/**
 * Production's bounds (firebase-admin's runTransaction documentation): a transaction expires after 60 s
 * without a request and 270 s after it began, its locks released. Production documents no separate lock
 * wait; here a wait ends after `lockWaitMs` (the SDK's 60 s Commit deadline) so no request hangs forever.
 */
export interface TransactionTimeouts {
  idleMs: number;
  lifetimeMs: number;
  lockWaitMs: number;
}

export const PRODUCTION_TIMEOUTS: TransactionTimeouts = {
  idleMs: 60_000,
  lifetimeMs: 270_000,
  lockWaitMs: 60_000,
};

/** The lock a pessimistic transaction's read takes (see the constructor). */
export type TransactionReadLocks = LockMode;

/**
 * How long a transaction holding an exclusive read lock must have sent nothing before a younger read of that
 * document is let in beside it (./locks.ts). A transaction that is progressing sends its next read or its
 * commit a few milliseconds after its answer; in a burst of fifty clients sharing one process on a loaded
 * machine (load 7–10) some gaps reached 180–200 ms, and at 100 ms a burst had retries. One that holds a read
 * while it waits for something else (another transaction) is idle, and after this wait, a quarter of the
 * SDK's first retry back-off (1 s), both read as with shared locks.
 */
export const READ_LOCK_YIELD_MS = 250;

/** How many ended transactions' ages (for retryTransaction) and expiries are remembered. */
const REMEMBERED = 10_000;

/** Production's words, which the server SDKs match (/transaction has expired/) to retry. */
const EXPIRED = 'The referenced transaction has expired or is no longer valid';
const WOUNDED =
  'Transaction aborted: an older transaction needed a document this one had locked. Retry the transaction.';

/** How a read says which transaction (or point in time) it reads in. */
export interface ReadOptions {
  transaction?: string;
  newTransaction?: TransactionOptionsJson;
  readTime?: string;
}

export class TransactionRegistry {
  private readonly open = new Map<string, TransactionState>();
  /** Ended transactions: their age (a retry keeps it) and whether they expired. */
  private readonly ended = new Map<string, { priority: number; expired: boolean }>();
  /** Transactions begun for a read's `newTransaction` before the read ran, so it could wait for its locks. */
  private readonly begunFor = new WeakMap<object, string>();
  private nextPriority = 0;
  readonly locks: LockManager;

  /**
   * `pessimistic: false` serves the owner's transactions optimistically too, as the emulator did before it
   * had locks (the differential test's recorded answers were taken that way). `readLocks`: the lock a read
   * takes. `exclusive` (the default, Spanner's LOCK_HINT_EXCLUSIVE): two transactions that read one document
   * queue at the read, oldest first, so read-modify-write transactions run one after another without an
   * abort; `shared` (Spanner's default): both read, and the older one's commit wounds the younger, which the
   * SDK retries after its back-off (emulators/docs/firestore-transactions.md, "A burst on one document").
   * An exclusive read lock whose holder has been idle `READ_LOCK_YIELD_MS` yields to a younger read: both
   * then hold shared locks, so two transactions can hold a read of one document at once, as in production.
   */
  constructor(
    readonly timeouts: TransactionTimeouts = PRODUCTION_TIMEOUTS,
    private readonly pessimistic = true,
    readonly readLocks: TransactionReadLocks = 'exclusive',
  ) {
    this.locks = new LockManager({ waitTimeoutMs: timeouts.lockWaitMs, yieldAfterMs: READ_LOCK_YIELD_MS });
  }

  /** A new priority, younger than every owner so far (writes outside transactions take one too). */
  youngest(): number {
    return this.nextPriority++;
  }

  /** Begins a transaction; a read-write one of the owner (a server SDK) is pessimistic. */
  begin(db: DatabaseId, options: TransactionOptionsJson | undefined, caller?: Caller): string {
    const id = randomBytes(16).toString('base64');
    const readOnly = options?.readOnly !== undefined;
    const txn: TransactionState = {
      dbKey: dbKey(db),
      readOnly,
      readTime: options?.readOnly?.readTime,
      reads: new Map(),
      lastActive: Date.now(),
      timers: {},
    };
    if (this.pessimistic && caller?.kind === 'owner' && !readOnly) {
      // A retry keeps the age of the attempt it retries, so it cannot be wounded forever by newer ones.
      const retried = options?.readWrite?.retryTransaction;
      const inherited = retried
        ? (this.open.get(retried)?.lockOwner?.priority ?? this.ended.get(retried)?.priority)
        : undefined;
      const priority = inherited ?? this.youngest();
      txn.lockOwner = {
        id,
        priority,
        wound: () => this.wound(id),
        idleFor: () => (this.locks.waiting(id) ? 0 : Date.now() - txn.lastActive),
      };
      txn.timers.lifetime = setTimeout(() => this.expire(id), this.timeouts.lifetimeMs);
      txn.timers.lifetime.unref();
    }
    this.open.set(id, txn);
    this.touch(id);
    return id;
  }

  get(id: string | undefined): TransactionState | undefined {
    return id ? this.open.get(id) : undefined;
  }

  /** A request used the transaction: a pessimistic one's idle expiry starts again. */
  touch(id: string): void {
    const txn = this.open.get(id);
    if (!txn?.lockOwner) return;
    txn.lastActive = Date.now();
    clearTimeout(txn.timers.idle);
    // A transaction waiting for a lock is not idle: its clock starts again when the wait is over.
    txn.timers.idle = setTimeout(
      () => (this.locks.waiting(id) ? this.touch(id) : this.expire(id)),
      this.timeouts.idleMs,
    );
    txn.timers.idle.unref();
  }

  /** The open transaction `id` of `db`, or the error production answers for it. */
  usable(db: DatabaseId, id: string): TransactionState {
    const txn = this.open.get(id);
    if (!txn || txn.dbKey !== dbKey(db)) {
      if (this.ended.get(id)?.expired) throw invalidArgument(EXPIRED);
      throw invalidArgument(
        'Invalid transaction: it does not exist, has expired or belongs to another database',
      );
    }
    if (txn.wounded) throw aborted(WOUNDED);
    return txn;
  }

  rollback(id: string | undefined): void {
    if (!id || !this.open.has(id)) {
      throw invalidArgument(
        'Invalid transaction: it does not exist, has expired or was already committed or rolled back',
      );
    }
    this.end(id);
  }

  /** Remembers that `request` (a read with `newTransaction`) runs in the transaction `id`, begun for it. */
  beginFor(request: object, id: string): void {
    this.begunFor.set(request, id);
  }

  /** The transaction a read runs in: the one it names (of its database), or the one it asks to begin. */
  forRead(db: DatabaseId, options: ReadOptions): string | undefined {
    if (options.transaction) {
      this.usable(db, options.transaction);
      return options.transaction;
    }
    if (options.newTransaction) return this.begunFor.get(options) ?? this.begin(db, options.newTransaction);
    return undefined;
  }

  /**
   * Ends the transaction a commit names. The commit fails when the transaction is unknown, read-only with
   * writes, or read a document another request has changed since (ABORTED: the SDK retries).
   */
  endForCommit(db: DatabaseId, id: string, writeCount: number, state: DatabaseState): void {
    const txn = this.open.get(id);
    if (!txn || txn.dbKey !== dbKey(db)) {
      if (this.ended.get(id)?.expired) throw invalidArgument(EXPIRED);
      throw invalidArgument('Invalid transaction: it does not exist, has expired or was already committed');
    }
    // Every lock is released here: the commit runs to its end synchronously, so no one sees a half-applied batch.
    this.end(id);
    if (txn.wounded) throw aborted(WOUNDED);
    if (txn.readOnly && writeCount > 0) throw invalidArgument('Cannot write in a read-only transaction');
    for (const [key, version] of txn.reads) {
      const current = state.get(key)?.version ?? null;
      if (current !== version) {
        throw aborted(
          `Transaction aborted: /${key} was changed by another request since this transaction read it. Retry the transaction.`,
        );
      }
    }
  }

  /** Forgets the transactions of a project (of every project without one), as its data is reset. */
  forget(projectId?: string): void {
    for (const [id, txn] of this.open) {
      if (!projectId || txn.dbKey.startsWith(`${projectId}/`)) this.end(id);
    }
  }

  /** Ends a transaction: its timers stop, its locks are released, its age is kept for a retry. */
  private end(id: string, expired = false): void {
    const txn = this.open.get(id);
    if (!txn) return;
    this.open.delete(id);
    clearTimeout(txn.timers.lifetime);
    clearTimeout(txn.timers.idle);
    if (!txn.lockOwner) return;
    this.locks.abandon(id, expired ? invalidArgument(EXPIRED) : aborted('Transaction ended'));
    this.ended.set(id, { priority: txn.lockOwner.priority, expired });
    if (this.ended.size > REMEMBERED) this.ended.delete(this.ended.keys().next().value!);
  }

  private expire(id: string): void {
    this.end(id, true);
  }

  /** An older transaction needs this one's locks: it is aborted now, and says so at its next request. */
  private wound(id: string): void {
    const txn = this.open.get(id);
    if (!txn || txn.wounded) return;
    txn.wounded = true;
    this.locks.abandon(id, aborted(WOUNDED));
  }
}

/** The point in time a read asks for, directly or through its read-only transaction. */
export function requestedReadTime(
  options: ReadOptions,
  txn: TransactionState | undefined,
): string | undefined {
  return options.readTime ?? options.newTransaction?.readOnly?.readTime ?? txn?.readTime;
}
