/**
 * Open transactions: what each has read (so a commit can fail when another request changed it since), and the
 * point in time a read-only one reads at. The emulator keeps only the latest version of each document.
 */
import { randomBytes } from 'node:crypto';
import type { TransactionOptionsJson } from './types.js';
import { aborted, failedPrecondition, invalidArgument } from './errors.js';
import { dbKey } from './databases.js';
import type { DatabaseId } from './paths.js';
import type { DatabaseState, StoredDocument } from './state.js';
import { compareInstants, parseTimestamp } from './timestamps.js';

export interface TransactionState {
  dbKey: string;
  readOnly: boolean;
  /** A read-only transaction's snapshot time, when it asked for one. */
  readTime?: string;
  /** key → version read (null: read as missing). */
  reads: Map<string, bigint | null>;
}

/** How a read says which transaction (or point in time) it reads in. */
export interface ReadOptions {
  transaction?: string;
  newTransaction?: TransactionOptionsJson;
  readTime?: string;
}

export class TransactionRegistry {
  private readonly open = new Map<string, TransactionState>();

  begin(db: DatabaseId, options: TransactionOptionsJson | undefined): string {
    const id = randomBytes(16).toString('base64');
    this.open.set(id, {
      dbKey: dbKey(db),
      readOnly: options?.readOnly !== undefined,
      readTime: options?.readOnly?.readTime,
      reads: new Map(),
    });
    return id;
  }

  get(id: string | undefined): TransactionState | undefined {
    return id ? this.open.get(id) : undefined;
  }

  rollback(id: string | undefined): void {
    if (!id || !this.open.delete(id)) {
      throw invalidArgument(
        'Invalid transaction: it does not exist, has expired or was already committed or rolled back',
      );
    }
  }

  /** The transaction a read runs in: the one it names (of its database), or the one it asks to begin. */
  forRead(db: DatabaseId, options: ReadOptions): string | undefined {
    if (options.transaction) {
      const txn = this.open.get(options.transaction);
      if (!txn || txn.dbKey !== dbKey(db)) {
        throw invalidArgument(
          'Invalid transaction: it does not exist, has expired or belongs to another database',
        );
      }
      return options.transaction;
    }
    if (options.newTransaction) return this.begin(db, options.newTransaction);
    return undefined;
  }

  /**
   * Ends the transaction a commit names. The commit fails when the transaction is unknown, read-only with
   * writes, or read a document another request has changed since (ABORTED: the SDK retries).
   */
  endForCommit(db: DatabaseId, id: string, writeCount: number, state: DatabaseState): void {
    const txn = this.open.get(id);
    if (!txn || txn.dbKey !== dbKey(db)) {
      throw invalidArgument('Invalid transaction: it does not exist, has expired or was already committed');
    }
    this.open.delete(id);
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
      if (!projectId || txn.dbKey.startsWith(`${projectId}/`)) this.open.delete(id);
    }
  }
}

/** The point in time a read asks for, directly or through its read-only transaction. */
export function requestedReadTime(
  options: ReadOptions,
  txn: TransactionState | undefined,
): string | undefined {
  return options.readTime ?? options.newTransaction?.readOnly?.readTime ?? txn?.readTime;
}

/**
 * The emulator keeps only the latest version of each document, so a read as of an earlier time is answered only
 * when nothing it covers changed since then; otherwise it fails plainly rather than answer with newer data.
 */
export function assertUnchangedSince(readTime: string, docs: Iterable<StoredDocument>): void {
  const asOf = parseTimestamp(readTime);
  for (const doc of docs) {
    if (compareInstants(parseTimestamp(doc.updateTime), asOf) > 0) {
      throw failedPrecondition(
        `Reading as of ${readTime} is not supported here: /${doc.key} changed since (at ${doc.updateTime}) and this emulator keeps only the latest version of each document`,
      );
    }
  }
}
