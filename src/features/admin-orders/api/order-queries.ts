import {
  collection,
  documentId,
  endAt,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type Firestore,
  type Query,
  type QueryConstraint,
} from 'firebase/firestore';
import type { OrderSearch, OrderStatus, PAYMENT_STATES_TO_VERIFY } from '@/features/ordering/model';
import { db } from '@/lib/firestore';
import { readAs } from '@/lib/live-query';
import { toAdminOrder, type AdminOrder } from '../model/admin-order';
import { TO_VERIFY, type OrderListFilter, type OrderStatusFilter } from '../model/order-filter';
import type { PageBounds } from '../model/order-pages';

/** Orders one page holds when it is opened, and one "more" adds. */
export const ORDERS_PAGE_SIZE = 50;
/**
 * A page that has a following page is bounded by cursors at both ends; its limit leaves room for as many
 * orders arriving into it (new orders at the top, or orders changed into the filtered status) before the page
 * is split in two, so nothing is pushed out of it unseen.
 */
export const BOUNDED_PAGE_LIMIT = 2 * ORDERS_PAGE_SIZE;
/**
 * The newest orders watched whatever the search or filter shows, so a new order is announced even when the list
 * hides it: a few, in case several arrive between two snapshots.
 */
export const NEWEST_ORDERS_WATCHED = 10;

/** What the seller asked to see: one status, all, or the payments to check, and what the search box turned into. */
export interface OrdersFilter {
  status: OrderListFilter;
  search: OrderSearch;
}

// One converter, so two queries for the same page are equal (queryEqual compares converters too).
const asAdminOrder = readAs(toAdminOrder);

function filterConstraints({ status, search }: OrdersFilter): QueryConstraint[] {
  const constraints: QueryConstraint[] = [];
  if (search.kind === 'phone') constraints.push(where('search_phone', '==', search.phone));
  if (search.kind === 'term') constraints.push(where('search_terms', 'array-contains', search.term));
  if (status === TO_VERIFY) constraints.push(where('payment_state', '==', PAYMENT_TO_VERIFY));
  else if (status !== 'all') constraints.push(where('status', '==', status satisfies OrderStatus));
  return constraints;
}

/** The one payment state "to verify" lists (an equality: the index serves it with the newest first). */
const PAYMENT_TO_VERIFY = 'claimed' satisfies (typeof PAYMENT_STATES_TO_VERIFY)[number];

/**
 * The most payments to check the badge counts, live; beyond it the badge says "৯৯+". A listener on at most this
 * many documents, whatever the shop's size (Firestore has no live count).
 */
export const TO_VERIFY_COUNTED = 100;

/** The payments the seller has still to check, at most TO_VERIFY_COUNTED of them: the badge's count. */
export function toVerifyCountQuery(firestore: Firestore = db): Query<AdminOrder> {
  return query(
    collection(firestore, 'orders'),
    where('payment_state', '==', PAYMENT_TO_VERIFY),
    limit(TO_VERIFY_COUNTED),
  ).withConverter(asAdminOrder);
}

/**
 * One page of the seller's orders, newest first: the filter's indexed equality / array-contains conditions
 * (firestore.indexes.json has an index for each combination), ordered by created_at then id so a cursor
 * names one place exactly, and always a limit: the open last page ORDERS_PAGE_SIZE, a bounded one
 * BOUNDED_PAGE_LIMIT.
 */
export function ordersPageQuery(
  filter: OrdersFilter,
  bounds: PageBounds,
  firestore: Firestore = db,
): Query<AdminOrder> {
  const constraints = [
    ...filterConstraints(filter),
    orderBy('created_at', 'desc'),
    orderBy(documentId(), 'desc'),
  ];
  if (bounds.after) constraints.push(startAfter(bounds.after.at, bounds.after.id));
  if (bounds.through) constraints.push(endAt(bounds.through.at, bounds.through.id));
  constraints.push(limit(bounds.through ? BOUNDED_PAGE_LIMIT : ORDERS_PAGE_SIZE));
  return query(collection(firestore, 'orders'), ...constraints).withConverter(asAdminOrder);
}

/** The newest orders of the shop, whatever their status: how the dashboard hears of every new order. */
export function newestOrdersQuery(firestore: Firestore = db): Query<AdminOrder> {
  return query(
    collection(firestore, 'orders'),
    orderBy('created_at', 'desc'),
    limit(NEWEST_ORDERS_WATCHED),
  ).withConverter(asAdminOrder);
}

/** The orders a piece of paperwork covers: one status or all, created within [from, to) when given. */
export interface PaperworkCriteria {
  status: OrderStatusFilter;
  from?: Date;
  to?: Date;
}

/** Orders one read of the paperwork fetches: large exports go page by page, never all at once. */
export const PAPERWORK_PAGE_SIZE = 500;

/**
 * One page of the orders a packing-slip sheet or an export covers, newest first, after the cursor: the status
 * equality and the created_at range are served by the same indexes as the orders tab.
 */
export function paperworkPageQuery(
  { status, from, to }: PaperworkCriteria,
  after: AdminOrder | null,
  pageSize: number,
  firestore: Firestore = db,
): Query<AdminOrder> {
  const constraints: QueryConstraint[] = [];
  if (status !== 'all') constraints.push(where('status', '==', status satisfies OrderStatus));
  if (from) constraints.push(where('created_at', '>=', from));
  if (to) constraints.push(where('created_at', '<', to));
  constraints.push(orderBy('created_at', 'desc'), orderBy(documentId(), 'desc'));
  if (after) constraints.push(startAfter(after.created_at, after.id));
  constraints.push(limit(pageSize));
  return query(collection(firestore, 'orders'), ...constraints).withConverter(asAdminOrder);
}
