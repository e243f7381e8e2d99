import { useEffect, useState } from 'react';
import type { AdminOrder } from '../model/admin-order';
import { undoEndsAt } from '../model/status-undo';

/**
 * Whether the seller may still undo the order's last status change; turns false by itself once the window
 * ends, so the card's undo button goes away without a reload.
 */
export function useUndoWindow(undo: AdminOrder['status_undo']): boolean {
  const endsAt = undoEndsAt(undo);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    const left = endsAt - Date.now();
    if (left <= 0) {
      setNow(Date.now());
      return;
    }
    const timer = setTimeout(() => setNow(Date.now()), left);
    return () => clearTimeout(timer);
  }, [endsAt]);
  return endsAt !== null && now < endsAt;
}
