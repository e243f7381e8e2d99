import type { Caller } from '../../shared/auth-token.js';
import type { DatabaseId } from '../paths.js';
import type { CompiledQuery } from './query.js';
import type { IndexTrace } from './query-shape.js';
import type { DatabaseState } from '../state.js';
import type { StoredDocument } from '../stored-document.js';
import type { CommitClock } from '../timestamps.js';
import type { ReadOptions, TransactionRegistry } from '../write/transactions.js';
import { requestedReadTime } from '../write/transactions.js';
import { pastRead, queryAt } from '../document-history.js';

/**
 * What reading a query's documents needs of the engine: the database, the clock and the transaction the read
 * belongs to, and the index and rules checks (the engine's own, which its Listen streams use too).
 */
export interface QueryReadHost {
  state(db: DatabaseId): DatabaseState;
  readonly clock: Pick<CommitClock, 'now'>;
  readonly transactions: Pick<TransactionRegistry, 'get' | 'forRead'>;
  /** Throws FAILED_PRECONDITION when the query needs a composite index that is not declared. */
  requireIndexes(query: CompiledQuery): void;
  /** Throws PERMISSION_DENIED when the rules do not allow the query (decided from its constraints). */
  checkQuery(caller: Caller, query: CompiledQuery): void;
}

/**
 * The documents a query returns, once the indexes, the requested read time and the rules allow it. A vector
 * search has checked its own index (`indexesChecked`); a `trace` learns which index served the query.
 */
export function readQuery(
  engine: QueryReadHost,
  query: CompiledQuery,
  caller: Caller,
  txnId: string | undefined,
  options: ReadOptions = {},
  execution: { trace?: IndexTrace; indexesChecked?: boolean } = {},
): StoredDocument[] {
  if (!execution.indexesChecked) engine.requireIndexes(query);
  const state = engine.state(query.db);
  const past = pastRead(
    state,
    requestedReadTime(options, engine.transactions.get(txnId)),
    engine.clock.now(),
  );
  engine.checkQuery(caller, query);
  if (past !== undefined) return queryAt(state, query, past);
  const docs = query.run(state, { trace: execution.trace });
  const txn = engine.transactions.get(txnId);
  if (txn) for (const doc of docs) txn.reads.set(doc.key, doc.version);
  return docs;
}
