// What the seller's dashboard reads instead of every order: the search fields written on each order (so search is
// an indexed query) and one summary document per customer (so the customers tab pages through customers, not
// orders). placeOrder and setOrderStatus keep both in their own transactions; the rebuild below recomputes them
// from the orders for a shop that had orders before them, or for repair.
import { FieldValue, type DocumentData, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { bulkWrites } from './bulk-writes';
import { dhakaDateKey } from '../../src/features/admin-stats/model';
import {
  PHONE_SUMMARIES,
  orderCustomerKey,
  orderSearchTerms,
  prefixTerms,
  searchPhone,
  toPoisha,
} from '../../src/features/ordering/model';

export const CUSTOMERS = 'customers';

/** The fields every order carries for the dashboard's indexed queries and the stats roll-ups. */
export interface OrderSearchFields {
  stats_day: string;
  search_phone: string;
  search_terms: string[];
  customer_key: string;
}

interface SearchableOrder {
  customer_name: string;
  customer_phone: string;
  product_name: string;
  user_id?: string | null;
}

/** An order's search fields; `createdAt` is the instant the order counts under (its Dhaka day). */
export function orderSearchFields(id: string, order: SearchableOrder, createdAt: Date): OrderSearchFields {
  return {
    stats_day: dhakaDateKey(createdAt),
    search_phone: searchPhone(order.customer_phone),
    search_terms: orderSearchTerms({
      id,
      customer_name: order.customer_name,
      product_name: order.product_name,
    }),
    customer_key: orderCustomerKey(order),
  };
}

/** The stored customer summary, `customers/{customer_key}`. */
export interface CustomerSummary {
  name: string;
  phone: string;
  email: string | null;
  order_count: number;
  /** Poisha spent over the orders that are not cancelled or returned. */
  spent: number;
  last_order_at: StoredMoment | FieldValue | null;
  search_phone: string;
  search_terms: string[];
}

/**
 * What an order adds to what its customer spent: its total in poisha, nothing while it is cancelled or returned
 * (refused at the door: nothing was bought).
 */
export function spentBy(order: { status?: unknown; total_amount?: unknown }): number {
  if (order.status === 'cancelled' || order.status === 'returned') return 0;
  const total = order.total_amount;
  return typeof total === 'number' && Number.isFinite(total) && total >= 0 ? Math.round(total * 100) : 0;
}

/**
 * Counts a new order in its customer's summary, inside placeOrder's transaction. Increments only, with no read
 * of the summary: two orders of one customer at once do not collide on it, and a retried transaction writes
 * nothing twice (a transaction's writes happen once, when it commits).
 */
export function countNewOrder(
  transaction: Transaction,
  db: Firestore,
  order: SearchableOrder & { customer_email: string | null; total_amount: number },
  customerKey: string,
): void {
  const phone = searchPhone(order.customer_phone);
  transaction.set(
    db.collection(CUSTOMERS).doc(customerKey),
    {
      // The latest order's name and phone: what the customer calls themselves now.
      name: order.customer_name,
      phone: order.customer_phone,
      // An account's e-mail (every order placeOrder takes has an account, and one account one e-mail).
      email: order.customer_email || null,
      order_count: FieldValue.increment(1),
      spent: FieldValue.increment(toPoisha(order.total_amount)),
      last_order_at: FieldValue.serverTimestamp(),
      search_phone: phone,
      search_terms: prefixTerms([order.customer_name]),
    },
    { merge: true },
  );
}

/**
 * Reads, inside the transaction of an order's move (before its writes), what the move does to the customer's
 * spending (`before` → `after`, the order as read and as it will be written), and returns the write to make with
 * the order's: cancelling or a return takes the order's total off, un-cancelling or sending it out again puts it
 * back, an edit moves it by the difference. A customer without a summary yet (a shop not rebuilt since it had
 * orders) is left to the rebuild rather than given a summary of this one order.
 */
export async function prepareSpentChange(
  transaction: Transaction,
  db: Firestore,
  before: DocumentData,
  after: DocumentData,
): Promise<() => void> {
  const order = before;
  const change = spentBy(after) - spentBy(before);
  if (change === 0) return () => {};
  const key =
    typeof order.customer_key === 'string' && order.customer_key !== ''
      ? order.customer_key
      : orderCustomerKey({ user_id: text(order.user_id), customer_phone: text(order.customer_phone) });
  const ref = db.collection(CUSTOMERS).doc(key);
  const summary = await transaction.get(ref);
  if (!summary.exists) return () => {};
  return () => transaction.update(ref, { spent: FieldValue.increment(change) });
}

/** A stored Timestamp as read back. Duck-typed: the seed and the rebuild script hand in a Firestore of another
 * copy of firebase-admin (the root package's, not functions/node_modules'), whose Timestamp class differs. */
interface StoredMoment {
  toDate(): Date;
  toMillis(): number;
}

function storedMoment(value: unknown): StoredMoment | null {
  const moment = value as Partial<StoredMoment> | null | undefined;
  return typeof moment?.toDate === 'function' && typeof moment.toMillis === 'function'
    ? (moment as StoredMoment)
    : null;
}

// '__name__' rather than FieldPath.documentId(), for the same reason: any copy of the SDK reads it as the id.
const DOCUMENT_ID = '__name__';

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function sameFields(stored: DocumentData, fields: OrderSearchFields): boolean {
  return (
    stored.stats_day === fields.stats_day &&
    stored.search_phone === fields.search_phone &&
    stored.customer_key === fields.customer_key &&
    Array.isArray(stored.search_terms) &&
    stored.search_terms.length === fields.search_terms.length &&
    stored.search_terms.every((term, index) => term === fields.search_terms[index])
  );
}

// Pages of orders read at once.
const BATCH_LIMIT = 500;

interface Tally {
  name: string;
  phone: string;
  email: string | null;
  order_count: number;
  spent: number;
  last_order_at: StoredMoment | null;
}

export interface RebuildReport {
  orders: number;
  /** Orders whose search fields were missing or different and were written. */
  ordersUpdated: number;
  customers: number;
  /** Summaries of customers who no longer have any order. */
  customersRemoved: number;
}

/**
 * Back-fills the four fields on every order (keeping a `stats_day` already written: the roll-ups count the
 * order under that day forever) and recomputes every customer summary from the orders. Reads the orders in
 * pages of 500 by document id and writes in batches of at most 500; running it twice writes the same values.
 *
 * On a live shop, an order placed while the summaries are being written may be counted in its summary and
 * then overwritten by the recomputation that did not see it yet: run it again (it is idempotent) after a busy
 * moment, or at a quiet time.
 */
export async function rebuildOrderSearchAndCustomers(db: Firestore): Promise<RebuildReport> {
  const report: RebuildReport = { orders: 0, ordersUpdated: 0, customers: 0, customersRemoved: 0 };
  const tallies = new Map<string, Tally>();
  const orderWrites = bulkWrites(db);
  let after: string | null = null;
  for (;;) {
    let page = db.collection('orders').orderBy(DOCUMENT_ID).limit(BATCH_LIMIT);
    if (after !== null) page = page.startAfter(after);
    const snapshot = await page.get();
    if (snapshot.empty) break;
    for (const doc of snapshot.docs) {
      const data = doc.data();
      report.orders += 1;
      const createdAt = storedMoment(data.created_at);
      const order = {
        customer_name: text(data.customer_name),
        customer_phone: text(data.customer_phone),
        product_name: text(data.product_name),
        user_id: text(data.user_id),
      };
      const fields = orderSearchFields(doc.id, order, createdAt?.toDate() ?? new Date(0));
      if (typeof data.stats_day === 'string' && data.stats_day !== '') fields.stats_day = data.stats_day;
      else if (!createdAt) fields.stats_day = '';
      if (!sameFields(data, fields)) {
        report.ordersUpdated += 1;
        orderWrites.update(doc.ref, { ...fields });
      }
      tally(tallies, fields.customer_key, data, createdAt);
    }
    after = snapshot.docs[snapshot.docs.length - 1].id;
    if (snapshot.size < BATCH_LIMIT) break;
  }
  await orderWrites.done();

  const customerWrites = bulkWrites(db);
  for (const [key, customer] of tallies) {
    const summary: CustomerSummary = {
      ...customer,
      last_order_at: customer.last_order_at,
      search_phone: searchPhone(customer.phone),
      search_terms: prefixTerms([customer.name]),
    };
    customerWrites.set(db.collection(CUSTOMERS).doc(key), summary);
  }
  report.customers = tallies.size;

  // Summaries whose customer has no order left (orders deleted by hand, or a key that changed).
  let afterCustomer: string | null = null;
  for (;;) {
    let page = db.collection(CUSTOMERS).orderBy(DOCUMENT_ID).select().limit(BATCH_LIMIT);
    if (afterCustomer !== null) page = page.startAfter(afterCustomer);
    const snapshot = await page.get();
    for (const doc of snapshot.docs) {
      if (tallies.has(doc.id)) continue;
      report.customersRemoved += 1;
      customerWrites.delete(doc.ref);
    }
    if (snapshot.size < BATCH_LIMIT) break;
    afterCustomer = snapshot.docs[snapshot.docs.length - 1].id;
  }
  await customerWrites.done();
  return report;
}

function tally(
  tallies: Map<string, Tally>,
  key: string,
  order: DocumentData,
  createdAt: StoredMoment | null,
) {
  const current = tallies.get(key);
  const email = text(order.customer_email) || null;
  const isLatest =
    !current ||
    (createdAt !== null && (current.last_order_at?.toMillis() ?? -Infinity) < createdAt.toMillis());
  const next: Tally = current ?? {
    name: '',
    phone: '',
    email: null,
    order_count: 0,
    spent: 0,
    last_order_at: null,
  };
  next.order_count += 1;
  next.spent += spentBy(order);
  if (isLatest) {
    next.name = text(order.customer_name);
    next.phone = text(order.customer_phone);
    next.last_order_at = createdAt ?? next.last_order_at;
    if (email) next.email = email;
  } else if (!next.email && email) {
    next.email = email;
  }
  tallies.set(key, next);
}

export interface PhoneSummariesReport {
  phones: number;
  /** Summaries of numbers that no longer have any order. */
  removed: number;
}

/**
 * Recomputes every `phone_summaries/{01…}` from the orders (the counts placeOrder and setOrderStatus keep by
 * increments; phone-summary.ts): for a shop with orders from before the summaries, or for repair. Reads the
 * orders in pages of 500 and writes in batches; running it twice writes the same values. Like the customer
 * summaries, an order placed while it runs may be overwritten: run it again at a quiet time.
 */
export async function rebuildPhoneSummaries(db: Firestore): Promise<PhoneSummariesReport> {
  const tallies = new Map<
    string,
    { orders: number; delivered: number; cancelled: number; returned: number; last: StoredMoment | null }
  >();
  let after: string | null = null;
  for (;;) {
    let page = db
      .collection('orders')
      .orderBy(DOCUMENT_ID)
      .select('customer_phone', 'status', 'created_at')
      .limit(BATCH_LIMIT);
    if (after !== null) page = page.startAfter(after);
    const snapshot = await page.get();
    for (const doc of snapshot.docs) {
      const data = doc.data();
      const phone = text(data.customer_phone);
      if (phone === '') continue;
      const tally = tallies.get(phone) ?? { orders: 0, delivered: 0, cancelled: 0, returned: 0, last: null };
      tally.orders += 1;
      const status: unknown = data.status;
      if (status === 'delivered' || status === 'cancelled' || status === 'returned') tally[status] += 1;
      const created = storedMoment(data.created_at);
      if (created && (tally.last === null || tally.last.toMillis() < created.toMillis()))
        tally.last = created;
      tallies.set(phone, tally);
    }
    if (snapshot.size < BATCH_LIMIT) break;
    after = snapshot.docs[snapshot.docs.length - 1].id;
  }
  const writes = bulkWrites(db);
  for (const [phone, { last, ...counts }] of tallies) {
    writes.set(db.collection(PHONE_SUMMARIES).doc(phone), { ...counts, last_order_at: last });
  }
  let removed = 0;
  let afterPhone: string | null = null;
  for (;;) {
    let page = db.collection(PHONE_SUMMARIES).orderBy(DOCUMENT_ID).select().limit(BATCH_LIMIT);
    if (afterPhone !== null) page = page.startAfter(afterPhone);
    const snapshot = await page.get();
    for (const doc of snapshot.docs) {
      if (tallies.has(doc.id)) continue;
      removed += 1;
      writes.delete(doc.ref);
    }
    if (snapshot.size < BATCH_LIMIT) break;
    afterPhone = snapshot.docs[snapshot.docs.length - 1].id;
  }
  await writes.done();
  return { phones: tallies.size, removed };
}
