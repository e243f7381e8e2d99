// An order's history (orders/{id}/history): every change to an order appends who, when and what (old → new),
// written inside the transaction of the change itself, so a change is never without its line nor a line
// without its change. Used by moveOrder (every move of an order) and editOrder.
import { FieldValue, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { ORDER_HISTORY, type HistoryActor, type HistoryChange } from '../../src/features/ordering/model';

/** Who is changing the order: the seller, the customer who placed it, or the shop's scheduled work. */
export interface ChangedBy {
  by: HistoryActor;
  uid: string | null;
}

export const BY_SYSTEM: ChangedBy = { by: 'system', uid: null };

function stored(value: unknown): string | number | null {
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

/** The changes between what the order had and what is written, one per field whose value differs. */
export function changesOf(before: Record<string, unknown>, after: Record<string, unknown>): HistoryChange[] {
  return Object.entries(after)
    .filter(([field, to]) => stored(before[field]) !== stored(to))
    .map(([field, to]) => ({ field, from: stored(before[field]), to: stored(to) }));
}

/** Appends one history line to the order in the caller's transaction (a write: call after every read). */
export function recordHistory(
  transaction: Transaction,
  orderRef: DocumentReference,
  changedBy: ChangedBy,
  changes: HistoryChange[],
): void {
  if (changes.length === 0) return;
  transaction.create(orderRef.collection(ORDER_HISTORY).doc(), {
    by: changedBy.by,
    by_uid: changedBy.uid,
    at: FieldValue.serverTimestamp(),
    changes,
  });
}
