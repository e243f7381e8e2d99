import { useCallback, useEffect, useMemo, useState } from 'react';
import { orderSearchQuery } from '@/features/ordering/model';
import type { OrdersFilter } from '../api/order-queries';
import type { OrderListFilter } from '../model/order-filter';

/** How long typing pauses before the search is asked of Firestore: one query per word, not per letter. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface OrderFilterState {
  /** What the search box shows, as typed. */
  text: string;
  setText: (text: string) => void;
  status: OrderListFilter;
  setStatus: (status: OrderListFilter) => void;
  /** What the list is asked for: the status at once, the text once typing paused. */
  filter: OrdersFilter;
  /** A search or a status filter is set (the box may still be waiting for the pause). */
  active: boolean;
  clear: () => void;
}

/**
 * The orders tab's search box and status filter, held above the tabs with the live list they drive. The box
 * starts with `initialText` (e.g. an order number from a link), searched at once.
 */
export function useOrderFilter(initialText = ''): OrderFilterState {
  const [text, setText] = useState(initialText);
  const [settled, setSettled] = useState(initialText);
  const [status, setStatus] = useState<OrderListFilter>('all');

  useEffect(() => {
    if (text === settled) return;
    const timer = setTimeout(() => setSettled(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, settled]);

  const search = useMemo(() => orderSearchQuery(settled), [settled]);
  // Kept while the query is the same, so the list does not listen anew for a letter that changes nothing.
  const searchKey = JSON.stringify(search);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filter = useMemo(() => ({ status, search }), [status, searchKey]);
  const clear = useCallback(() => {
    setText('');
    setSettled('');
    setStatus('all');
  }, []);

  return { text, setText, status, setStatus, filter, active: text.trim() !== '' || status !== 'all', clear };
}
