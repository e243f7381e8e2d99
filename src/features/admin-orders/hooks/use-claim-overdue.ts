import { useEffect, useState } from 'react';
import { claimOverdueAt, isClaimOverdue, type ClaimedOrder } from '../model/claim-overdue';

/**
 * Whether the order's unchecked bKash/Nagad claim has waited longer than the shop's payment wait (null while
 * the wait is unknown); turns true by itself when that time comes, so the card's flag shows without a reload.
 */
export function useClaimOverdue(order: ClaimedOrder, waitHours: number | null): boolean {
  const at = waitHours === null ? null : claimOverdueAt(order, waitHours);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const left = at - Date.now();
    if (left < 0) {
      setNow(Date.now());
      return;
    }
    // Just past the moment: overdue means longer than the wait.
    const timer = setTimeout(() => setNow(Date.now()), left + 1);
    return () => clearTimeout(timer);
  }, [at]);
  return waitHours !== null && isClaimOverdue(order, waitHours, now);
}
