import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { onSnapshot, type QuerySnapshot } from 'firebase/firestore';
import { asError } from '@/lib/loadable';
import type { AdminOrder } from '../model/admin-order';
import {
  afterSnapshot,
  firstPage,
  hasMorePages,
  pageBounds,
  withNextPage,
  type PageBounds,
  type PageChain,
  type PageCursor,
} from '../model/order-pages';
import { BOUNDED_PAGE_LIMIT, ORDERS_PAGE_SIZE, ordersPageQuery, type OrdersFilter } from './order-queries';

const sizes = { page: ORDERS_PAGE_SIZE, bounded: BOUNDED_PAGE_LIMIT };

type PageData = { orders: AdminOrder[]; cursors: PageCursor[] } | { error: Error };

interface State {
  /** The filter and attempt the chain belongs to: a new one starts from the first page again. */
  session: string;
  chain: PageChain;
  /** What each page's listener last reported, by page key; kept for a replaced page until all have answered. */
  pages: Readonly<Record<string, PageData>>;
}

type Action =
  | { type: 'start'; session: string }
  | { type: 'snapshot'; session: string; key: string; data: PageData }
  | { type: 'more'; session: string };

// A Timestamp's valueOf() names it to the nanosecond; the id makes the key unique anyway.
const cursorKey = (cursor: PageCursor | null) =>
  cursor ? `${cursor.id}@${String((cursor.at as { valueOf(): unknown } | null)?.valueOf())}` : '-';
const pageKey = (session: string, bounds: PageBounds) =>
  `${session}|${cursorKey(bounds.after)}|${cursorKey(bounds.through)}`;

function keysOf(state: State): string[] {
  return pageBounds(state.chain).map((bounds) => pageKey(state.session, bounds));
}

function cursorsOf(data: PageData | undefined): PageCursor[] {
  return data && 'cursors' in data ? data.cursors : [];
}

function reduce(state: State, action: Action): State {
  if (action.type === 'start') {
    return action.session === state.session
      ? state
      : { session: action.session, chain: firstPage, pages: {} };
  }
  if (action.session !== state.session) return state; // a late answer for a filter no longer shown
  const keys = keysOf(state);
  if (action.type === 'more') {
    const tail = cursorsOf(state.pages[keys[keys.length - 1]]);
    const chain = withNextPage(state.chain, tail, sizes);
    return chain === state.chain ? state : { ...state, chain };
  }
  const index = keys.indexOf(action.key);
  if (index === -1) return state; // a page that was replaced meanwhile
  const previous = state.pages[action.key];
  let pages: Record<string, PageData> = { ...state.pages, [action.key]: action.data };
  const chain =
    'cursors' in action.data
      ? afterSnapshot(state.chain, index, action.data.cursors, cursorsOf(previous), sizes)
      : state.chain;
  if (chain !== state.chain && previous && 'orders' in previous && 'orders' in action.data) {
    // The page was frozen or split: until its new queries answer, this answer stands in for them, with the
    // orders the last one pushed out, so nothing disappears meanwhile.
    const kept = new Set(action.data.orders.map((order) => order.id));
    const orders = [...action.data.orders, ...previous.orders.filter((order) => !kept.has(order.id))];
    pages = { ...pages, [action.key]: { ...action.data, orders } };
  }
  const current = pageBounds(chain).map((bounds) => pageKey(state.session, bounds));
  // Once every page of the chain has answered, what replaced pages said is no longer needed.
  if (current.every((key) => key in pages)) {
    pages = Object.fromEntries(current.map((key) => [key, pages[key]]));
  }
  return { ...state, chain, pages };
}

function compareNewestFirst(a: AdminOrder, b: AdminOrder): number {
  const byTime = (b.created_at?.getTime() ?? 0) - (a.created_at?.getTime() ?? 0);
  return byTime !== 0 ? byTime : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

export interface OrderPages {
  /** Every loaded order, newest first, each once. */
  orders: AdminOrder[];
  /** The first page's orders once it answered: where a new order arrives. */
  newest: AdminOrder[] | null;
  /** Changes when the filter (or a retry) starts the list anew. */
  session: string;
  loading: boolean;
  loadingMore: boolean;
  failed: boolean;
  error: Error | null;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/**
 * The seller's orders matching `filter`, as a chain of live pages (model/order-pages.ts): the first
 * ORDERS_PAGE_SIZE at once, ORDERS_PAGE_SIZE more on each loadMore. Each page is its own listener, so a status
 * change anywhere in the loaded list shows at once, and a new order at the top.
 */
export function useOrderPages(filter: OrdersFilter): OrderPages {
  const filterKey = JSON.stringify([filter.status, filter.search]);
  const [retries, setRetries] = useReducer((n: number) => n + 1, 0);
  const session = `${filterKey}#${retries}`;
  const [state, dispatch] = useReducer(reduce, { session, chain: firstPage, pages: {} });
  if (state.session !== session) dispatch({ type: 'start', session });

  const bounds = useMemo(() => (state.session === session ? pageBounds(state.chain) : []), [state, session]);
  const keys = bounds.map((page) => pageKey(session, page));
  const wanted = keys.join('\n');
  const latest = useRef({ filter, bounds, keys, session });
  latest.current = { filter, bounds, keys, session };
  const listeners = useRef(new Map<string, () => void>());

  useEffect(() => {
    const { filter: current, bounds: pages, keys: names, session: owner } = latest.current;
    const keep = new Set(names);
    for (const [key, stop] of listeners.current) {
      if (keep.has(key)) continue;
      stop();
      listeners.current.delete(key);
    }
    names.forEach((key, index) => {
      if (listeners.current.has(key)) return;
      const report = (data: PageData) => dispatch({ type: 'snapshot', session: owner, key, data });
      listeners.current.set(
        key,
        onSnapshot(
          ordersPageQuery(current, pages[index]),
          (snapshot: QuerySnapshot<AdminOrder>) =>
            report({
              // A just-written order carries its local time estimate rather than null (see lib/live-query).
              orders: snapshot.docs.map((doc) => doc.data({ serverTimestamps: 'estimate' })),
              cursors: snapshot.docs.map((doc) => ({ at: doc.get('created_at') as unknown, id: doc.id })),
            }),
          (error) => report({ error: asError(error) }),
        ),
      );
    });
  }, [wanted]);

  useEffect(() => {
    const open = listeners.current;
    return () => {
      open.forEach((stop) => stop());
      open.clear();
    };
  }, []);

  const loadMore = useCallback(() => dispatch({ type: 'more', session }), [session]);
  const retry = useCallback(() => setRetries(), []);

  return useMemo(() => {
    const current = keys.map((key) => state.pages[key]);
    const error = current.find((data): data is { error: Error } => data !== undefined && 'error' in data);
    const seen = new Map<string, AdminOrder>();
    for (const data of current) {
      if (!data || !('orders' in data)) continue;
      for (const order of data.orders) if (!seen.has(order.id)) seen.set(order.id, order);
    }
    // The pages are consecutive, so their orders in turn are newest first. While a page that replaced
    // another has not answered yet, the replaced one's orders stand in for it, sorted into place.
    const waiting = current.some((data) => data === undefined);
    if (waiting) {
      for (const [key, data] of Object.entries(state.pages)) {
        if (keys.includes(key) || !('orders' in data)) continue;
        for (const order of data.orders) if (!seen.has(order.id)) seen.set(order.id, order);
      }
    }
    const first = current[0];
    const tail = current[current.length - 1];
    const loaded = first !== undefined && 'orders' in first;
    return {
      orders: waiting ? [...seen.values()].sort(compareNewestFirst) : [...seen.values()],
      newest: loaded ? first.orders : null,
      session,
      loading: !loaded && !error && seen.size === 0,
      loadingMore: keys.length > 1 && tail === undefined,
      failed: error !== undefined,
      error: error?.error ?? null,
      hasMore: tail !== undefined && 'cursors' in tail && hasMorePages(state.chain, tail.cursors, sizes),
      loadMore,
      retry,
    };
    // keys is what `wanted` names
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, wanted, session, loadMore, retry]);
}
