import { UNDO_MINUTES } from '@/features/ordering/model';
import type { AdminOrder } from './admin-order';

/**
 * Until when the seller may undo the order's last status change: UNDO_MINUTES after it was made; null when
 * there is nothing to undo (or its time is unknown). The server checks the same window and refuses a late undo.
 */
export function undoEndsAt(undo: AdminOrder['status_undo']): number | null {
  return undo?.at ? undo.at.getTime() + UNDO_MINUTES * 60_000 : null;
}
