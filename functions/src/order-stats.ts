// The roll-ups of the stats tab (order_stats), kept by placeOrder and by every later move of an order (moveOrder)
// in its own transaction, and recomputed from the orders by `npm run stats:rebuild`. The pure part (what to add, how to read it back)
// is src/features/admin-stats/model/order-rollups.ts; this module only writes it.
import { FieldValue, type DocumentData, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { bulkWrites } from './bulk-writes';
import {
  dayFieldOf,
  monthOfDay,
  monthShardId,
  ORDER_STATS_COLLECTION,
  ROLLUP_SHARDS,
  rollupChangeBetween,
  rollupChangeForNewOrder,
  rollupEntryOf,
  rollupsFromEntries,
  totalShardId,
  type MonthShard,
  type RollupChange,
  type RollupEntry,
  type StatusNumbers,
  type TotalShard,
} from '../../src/features/admin-stats/model';

export { orderStatsFields } from '../../src/features/admin-stats/model';

function increments(numbers: StatusNumbers): Record<string, FieldValue> {
  return Object.fromEntries(Object.entries(numbers).map(([status, n]) => [status, FieldValue.increment(n)]));
}

/**
 * The change's increments, without an empty map: merged, `{ count: {} }` would replace the stored counts with
 * nothing (a payment verified moves only the revenue).
 */
function tallyOf(change: RollupChange): Record<string, Record<string, FieldValue>> {
  const tally: Record<string, Record<string, FieldValue>> = {};
  if (Object.keys(change.count).length > 0) tally.count = increments(change.count);
  if (Object.keys(change.revenue).length > 0) tally.revenue = increments(change.revenue);
  return tally;
}

/**
 * Adds `change` to one shard of the all-time total and one of its month, chosen at random: merged increments,
 * never read, so concurrent orders do not conflict on them, and a transaction that retries writes them once.
 */
export function applyRollupChange(
  transaction: Transaction,
  db: Firestore,
  change: RollupChange,
  shard: number = Math.floor(Math.random() * ROLLUP_SHARDS),
): void {
  const tally = tallyOf(change);
  if (Object.keys(tally).length === 0) return;
  const stats = db.collection(ORDER_STATS_COLLECTION);
  transaction.set(stats.doc(totalShardId(shard)), { kind: 'total', shard, ...tally }, { merge: true });
  const month = monthOfDay(change.day);
  transaction.set(
    stats.doc(monthShardId(month, shard)),
    { kind: 'month', month, shard, days: { [dayFieldOf(change.day)]: tally } },
    { merge: true },
  );
}

/**
 * A stored order as the roll-ups count it. Timestamps are recognised by their `toDate`, not `instanceof`:
 * the rebuild command hands in documents read by the root package's copy of firebase-admin.
 */
export function rollupEntryOfOrder(data: DocumentData): RollupEntry | null {
  const createdAt: unknown = data.created_at;
  const date =
    typeof createdAt === 'object' &&
    createdAt !== null &&
    'toDate' in createdAt &&
    typeof createdAt.toDate === 'function'
      ? (createdAt.toDate() as unknown)
      : null;
  return rollupEntryOf({
    ...data,
    status: data.status,
    total_amount: data.total_amount,
    stats_day: data.stats_day,
    created_at: date instanceof Date && !Number.isNaN(date.getTime()) ? date : null,
  });
}

/** In placeOrder's transaction: the new order (with its stats_day and payment) counts from now on. */
export function recordNewOrder(
  transaction: Transaction,
  db: Firestore,
  order: DocumentData & { status: string; total_amount: number; stats_day: string },
  now: Date,
): void {
  const entry = rollupEntryOf({ ...order, created_at: now });
  if (entry) applyRollupChange(transaction, db, rollupChangeForNewOrder(entry));
}

/**
 * In the transaction of any later move of the order (moveOrder): the order as read in it (`before`) becomes
 * `after` (the same document with the move's fields); its count and revenue move with it.
 */
export function recordOrderChange(
  transaction: Transaction,
  db: Firestore,
  before: DocumentData,
  after: DocumentData,
): void {
  const from = rollupEntryOfOrder(before);
  const to = rollupEntryOfOrder(after);
  const change = from && to && rollupChangeBetween(from, to);
  if (change) applyRollupChange(transaction, db, change);
}

/** Firestore's limit of writes in one batch. */

export interface RebuildOrderStatsReport {
  /** Orders counted in the roll-ups. */
  orders: number;
  /** Orders the statistics skip (no creation moment or no usable total), as the stats tab always did. */
  skipped: number;
  /** Orders that got their missing stats_day. */
  backfilled: number;
  /** Roll-up documents written, and stale ones deleted. */
  written: number;
  deleted: number;
}

/**
 * Recomputes every roll-up from the orders, read in pages of `pageSize` by document id, and back-fills a
 * missing stats_day. Idempotent: the result is a function of the orders alone (everything in shard 0, the
 * other total shards zero, no other documents), so a second run writes the same documents.
 *
 * On a live shop an order placed or changed while it runs may be counted twice or not at all (its increment
 * lands between the read of the orders and the overwrite of the roll-ups): run it in a quiet moment, or run it
 * again; it converges as soon as it runs without orders arriving.
 */
export async function rebuildOrderStats(
  db: Firestore,
  { pageSize = 1000, log = () => {} }: { pageSize?: number; log?: (line: string) => void } = {},
): Promise<RebuildOrderStatsReport> {
  const report: RebuildOrderStatsReport = { orders: 0, skipped: 0, backfilled: 0, written: 0, deleted: 0 };
  const entries: RollupEntry[] = [];
  const backfill = bulkWrites(db);
  const orders = db.collection('orders').orderBy('__name__').limit(pageSize);
  let page = await orders.get();
  while (!page.empty) {
    for (const doc of page.docs) {
      const data = doc.data();
      const entry = rollupEntryOfOrder(data);
      if (!entry) {
        report.skipped += 1;
        continue;
      }
      entries.push(entry);
      if (data.stats_day !== entry.day) {
        backfill.update(doc.ref, { stats_day: entry.day });
        report.backfilled += 1;
      }
    }
    log(`read ${entries.length + report.skipped} orders`);
    if (page.size < pageSize) break;
    page = await orders.startAfter(page.docs[page.docs.length - 1]).get();
  }
  await backfill.done();
  report.orders = entries.length;

  const { total, months } = rollupsFromEntries(entries);
  const documents = new Map<string, TotalShard | MonthShard>();
  for (let shard = 0; shard < ROLLUP_SHARDS; shard += 1) {
    documents.set(
      totalShardId(shard),
      shard === 0 ? { kind: 'total', shard, ...total } : { kind: 'total', shard, count: {}, revenue: {} },
    );
  }
  for (const [month, days] of months)
    documents.set(monthShardId(month, 0), { kind: 'month', month, shard: 0, days });

  const stats = db.collection(ORDER_STATS_COLLECTION);
  const existing = await stats.select().get();
  const writer = bulkWrites(db);
  for (const [id, data] of documents) writer.set(stats.doc(id), data);
  report.written = documents.size;
  for (const doc of existing.docs) {
    if (documents.has(doc.id)) continue;
    writer.delete(doc.ref);
    report.deleted += 1;
  }
  await writer.done();
  log(`wrote ${report.written} roll-up documents, deleted ${report.deleted}`);
  return report;
}
