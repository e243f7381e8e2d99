import { useCallback, useEffect, useMemo, useState } from 'react';
import { orderSearchQuery, type OrderSearch } from '@/features/ordering/model';
import { asError } from '@/lib/loadable';
import type { Customer } from '../model/customers';
import type { CustomersCursor } from './customer-pages';
import { useCustomersApi } from './customers-api';

/** How long typing pauses before the search is asked of Firestore. */
export const CUSTOMER_SEARCH_DEBOUNCE_MS = 300;

export interface CustomersList {
  customers: Customer[];
  loading: boolean;
  loadingMore: boolean;
  error: Error | null;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

interface Loaded {
  key: string;
  customers: Customer[];
  next: CustomersCursor | null;
  error: Error | null;
  busy: boolean;
}

/** The customers matching what was typed (debounced), a page at a time. */
export function useCustomers(text: string): CustomersList {
  const [settled, setSettled] = useState(text);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), CUSTOMER_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useMemo(() => orderSearchQuery(settled), [settled]);
  const key = `${JSON.stringify(search)}#${attempt}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const { fetchCustomersPage } = useCustomersApi();

  const load = useCallback(
    (forKey: string, search: OrderSearch, after: CustomersCursor | null, before: Customer[]) => {
      setLoaded({ key: forKey, customers: before, next: after, error: null, busy: true });
      fetchCustomersPage(search, after).then(
        (page) =>
          setLoaded((current) =>
            current?.key === forKey
              ? {
                  key: forKey,
                  customers: [...before, ...page.customers],
                  next: page.next,
                  error: null,
                  busy: false,
                }
              : current,
          ),
        (error: unknown) =>
          setLoaded((current) =>
            current?.key === forKey ? { ...current, error: asError(error), busy: false } : current,
          ),
      );
    },
    [fetchCustomersPage],
  );

  // The key names the search: a new one starts from the first page.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => load(key, search, null, []), [key, load]);

  const current = loaded?.key === key ? loaded : null;
  const loadMore = useCallback(() => {
    if (current && current.next && !current.busy) load(current.key, search, current.next, current.customers);
  }, [current, search, load]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return {
    customers: current?.customers ?? [],
    loading: !current || (current.busy && current.customers.length === 0),
    loadingMore: current !== null && current.busy && current.customers.length > 0,
    error: current?.error ?? null,
    hasMore: current !== null && current.next !== null && !current.error,
    loadMore,
    retry,
  };
}
