import {
  collection,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type Firestore,
  type Query,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import type { OrderSearch } from '@/features/ordering/model';
import { db } from '@/lib/firestore';
import { readAs } from '@/lib/live-query';
import { toCustomer, type Customer } from '../model/customers';

/** Customers one page shows, and one "more" adds. */
export const CUSTOMERS_PAGE_SIZE = 50;

/** Where the next page starts: the last summary of the page before (the SDK reads its sort key). */
export type CustomersCursor = QueryDocumentSnapshot<Customer>;

/**
 * A page of customer summaries, the most recent buyers first: all of them, or those with that phone
 * (`search_phone ==`), or whose name has a word starting with the term (`search_terms array-contains`).
 * Each search has its index in firestore.indexes.json; every query carries a limit.
 */
export function customersPageQuery(
  search: OrderSearch,
  after: CustomersCursor | null,
  firestore: Firestore = db,
): Query<Customer> {
  const constraints: QueryConstraint[] = [];
  if (search.kind === 'phone') constraints.push(where('search_phone', '==', search.phone));
  if (search.kind === 'term') constraints.push(where('search_terms', 'array-contains', search.term));
  constraints.push(orderBy('last_order_at', 'desc'));
  if (after) constraints.push(startAfter(after));
  constraints.push(limit(CUSTOMERS_PAGE_SIZE));
  return query(collection(firestore, 'customers'), ...constraints).withConverter(readAs(toCustomer));
}

export interface CustomersPage {
  customers: Customer[];
  /** Where the next page starts, or null when this one was the last. */
  next: CustomersCursor | null;
}

/** Reads one page once: a summary changes with every order, so a live list would reorder under the seller. */
export async function fetchCustomersPage(
  search: OrderSearch,
  after: CustomersCursor | null,
): Promise<CustomersPage> {
  const snapshot = await getDocs(customersPageQuery(search, after));
  const docs = snapshot.docs;
  return {
    customers: docs.map((doc) => doc.data()),
    next: docs.length >= CUSTOMERS_PAGE_SIZE ? docs[docs.length - 1] : null,
  };
}
