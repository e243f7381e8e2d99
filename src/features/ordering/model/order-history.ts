// An order's history and the seller's notes: subcollections of the order (orders/{id}/history,
// orders/{id}/notes), admin-only by the rules, read only when the seller opens them on the card.

export const ORDER_HISTORY = 'history';
export const ORDER_NOTES = 'notes';

/** Who made a change: the seller, the customer who placed the order, the shop's own scheduled work, or the courier. */
export const HISTORY_ACTORS = ['seller', 'customer', 'system', 'courier'] as const;
export type HistoryActor = (typeof HISTORY_ACTORS)[number];

/** One field's move, old → new. Values are what was stored (a status key, a number, a text). */
export interface HistoryChange {
  field: string;
  from: string | number | null;
  to: string | number | null;
}

/** orders/{id}/history/{auto}: written by the Cloud Functions in the transaction of the change it records. */
export interface HistoryEntry {
  by: HistoryActor;
  by_uid: string | null;
  at: Date | null;
  changes: HistoryChange[];
}

/** orders/{id}/notes/{auto}: the seller's private note; `for_slip` prints it on the packing slip. */
export interface OrderNote {
  text: string;
  for_slip: boolean;
  by_uid: string;
  created_at: Date | null;
}

export const MAX_NOTE_LENGTH = 500;

function dateOf(value: unknown): Date | null {
  const moment = value as { toDate?: () => Date } | null | undefined;
  return typeof moment?.toDate === 'function' ? moment.toDate() : null;
}

function storedValue(value: unknown): string | number | null {
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

export function readHistoryEntry(data: Record<string, unknown>): HistoryEntry {
  const by = data.by;
  const changes = Array.isArray(data.changes) ? (data.changes as unknown[]) : [];
  return {
    by: (HISTORY_ACTORS as readonly unknown[]).includes(by) ? (by as HistoryActor) : 'system',
    by_uid: typeof data.by_uid === 'string' ? data.by_uid : null,
    at: dateOf(data.at),
    changes: changes
      .filter((c): c is Record<string, unknown> => typeof c === 'object' && c !== null)
      .map((c) => ({
        field: typeof c.field === 'string' ? c.field : '',
        from: storedValue(c.from),
        to: storedValue(c.to),
      })),
  };
}

export function readOrderNote(data: Record<string, unknown>): OrderNote {
  return {
    text: typeof data.text === 'string' ? data.text : '',
    for_slip: data.for_slip === true,
    by_uid: typeof data.by_uid === 'string' ? data.by_uid : '',
    created_at: dateOf(data.created_at),
  };
}
