import { OPEN_ORDER_STATUSES, ORDER_STATUSES, type OrderStatus } from '../../ordering/model';
import {
  dhakaDateKey,
  lastDhakaDays,
  revenuePoishaOf,
  statsFromTallies,
  type DashboardStats,
  type StatsTallies,
} from './dashboard-stats';

// The roll-ups: per-status order counts and revenue kept in `order_stats` by the only writers of orders
// (placeOrder, setOrderStatus, the payment callables and the unpaid-order expiry) in their own transactions, so the stats tab reads at most 30 small documents
// whatever the shop's history. Every order write increments one randomly chosen shard of the all-time total
// and one of its month, without reading them: concurrent orders never contend on a shard, and 10 shards take
// ≈ 10 order writes a second at Firestore's ~1 sustained write/s/document, far above a busy sale here.

export const ORDER_STATS_COLLECTION = 'order_stats';
export const ROLLUP_SHARDS = 10;

/** Per status: order count, or revenue in integer poisha. Any status string an order carries. */
export type StatusNumbers = Record<string, number>;

/**
 * `count`: every order, per status. `revenue`: per status, what the shop keeps of its orders (revenuePoishaOf),
 * so a payment verified or a refund moves the revenue and not the count, and a status change may move both.
 */
export interface StatusTally {
  count: StatusNumbers;
  revenue: StatusNumbers;
}

/** `order_stats/total-<shard>`: a share of the all-time numbers. */
export interface TotalShard extends StatusTally {
  kind: 'total';
  shard: number;
}

/** `order_stats/month-<YYYY-MM>-<shard>`: a share of one month's numbers, per Dhaka day ("d01".."d31"). */
export interface MonthShard {
  kind: 'month';
  month: string;
  shard: number;
  days: Record<string, StatusTally>;
}

/**
 * What the roll-ups count of one order: its status, the Dhaka day it counts under and its revenue in poisha
 * (revenuePoishaOf: what the order ledger says the shop keeps of it).
 */
export interface RollupEntry {
  status: string;
  /** The order's `stats_day`, "YYYY-MM-DD". */
  day: string;
  revenue: number;
}

/** What one order write adds to the roll-ups (negative to take away), for the day it counts under. */
export interface RollupChange {
  day: string;
  count: StatusNumbers;
  revenue: StatusNumbers;
}

const DAY_KEY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const totalShardId = (shard: number) => `total-${shard}`;
export const monthShardId = (month: string, shard: number) => `month-${month}-${shard}`;
/** "2026-11-21" → "2026-11". */
export const monthOfDay = (day: string) => day.slice(0, 7);
/** "2026-11-21" → "d21", the key of that day in its month's shards. */
export const dayFieldOf = (day: string) => `d${day.slice(8, 10)}`;

/** The order fields the statistics own: the Dhaka day an order placed at `now` counts under, forever. */
export function orderStatsFields(now: Date): { stats_day: string } {
  return { stats_day: dhakaDateKey(now) };
}

/**
 * An order document as the roll-ups count it, or null for one the statistics skip (no creation moment or
 * no usable total), as `computeDashboardStats`' readers skip it. `created_at` is already a Date (or null).
 * An order without a valid `stats_day` (stored before the roll-ups) counts under its creation day in Dhaka.
 */
export function rollupEntryOf(
  order: Record<string, unknown> & {
    status: unknown;
    total_amount: unknown;
    stats_day: unknown;
    created_at: Date | null;
  },
): RollupEntry | null {
  const total = order.total_amount;
  if (!order.created_at || typeof total !== 'number' || !Number.isFinite(total) || total < 0) return null;
  const day =
    typeof order.stats_day === 'string' && DAY_KEY.test(order.stats_day)
      ? order.stats_day
      : dhakaDateKey(order.created_at);
  return { status: String(order.status), day, revenue: revenuePoishaOf(order) };
}

/** Numbers without their zeros: a merge of an empty map would replace the stored one, a zero adds nothing. */
function withoutZeros(numbers: StatusNumbers): StatusNumbers {
  return Object.fromEntries(Object.entries(numbers).filter(([, n]) => n !== 0));
}

/** A new order: one more order under its status and day, and its revenue if it has any yet. */
export function rollupChangeForNewOrder(entry: RollupEntry): RollupChange {
  return {
    day: entry.day,
    count: { [entry.status]: 1 },
    revenue: withoutZeros({ [entry.status]: entry.revenue }),
  };
}

/**
 * One order written again (any move of the ledger): its count moves from its old status to its new one and its
 * revenue from what it was to what it is; null when nothing moves. An order counts under its first day forever.
 */
export function rollupChangeBetween(before: RollupEntry, after: RollupEntry): RollupChange | null {
  const count: StatusNumbers =
    before.status === after.status ? {} : { [before.status]: -1, [after.status]: 1 };
  const revenue: StatusNumbers = { [before.status]: -before.revenue };
  revenue[after.status] = (revenue[after.status] ?? 0) + after.revenue;
  const change = { day: before.day, count, revenue: withoutZeros(revenue) };
  return Object.keys(change.count).length === 0 && Object.keys(change.revenue).length === 0 ? null : change;
}

function addNumbers(into: StatusNumbers, from: StatusNumbers) {
  for (const [status, value] of Object.entries(from)) into[status] = (into[status] ?? 0) + value;
}

export interface RecomputedRollups {
  total: StatusTally;
  /** Per month "YYYY-MM", per day key "dDD". */
  months: Map<string, Record<string, StatusTally>>;
}

/** The roll-ups recomputed from every order (the rebuild command and the tests' reference). */
export function rollupsFromEntries(entries: Iterable<RollupEntry>): RecomputedRollups {
  const total: StatusTally = { count: {}, revenue: {} };
  const months = new Map<string, Record<string, StatusTally>>();
  for (const entry of entries) {
    const change = rollupChangeForNewOrder(entry);
    addNumbers(total.count, change.count);
    addNumbers(total.revenue, change.revenue);
    const month = monthOfDay(entry.day);
    const days = months.get(month) ?? {};
    months.set(month, days);
    const day = (days[dayFieldOf(entry.day)] ??= { count: {}, revenue: {} });
    addNumbers(day.count, change.count);
    addNumbers(day.revenue, change.revenue);
  }
  return { total, months };
}

/** The months whose shards the 14-day chart as of `now` needs: this Dhaka month and maybe the one before. */
export function chartMonths(now: Date): string[] {
  return [...new Set(lastDhakaDays(now).map(monthOfDay))];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readNumbers(value: unknown): StatusNumbers {
  const numbers: StatusNumbers = {};
  if (!isRecord(value)) return numbers;
  for (const [status, n] of Object.entries(value))
    if (typeof n === 'number' && Number.isFinite(n)) numbers[status] = n;
  return numbers;
}

function readTally(value: unknown): StatusTally {
  return isRecord(value)
    ? { count: readNumbers(value.count), revenue: readNumbers(value.revenue) }
    : { count: {}, revenue: {} };
}

/** A stored total shard; a malformed one reads as zeros rather than breaking the tab. */
export function readTotalShard(data: Record<string, unknown>): TotalShard {
  return { kind: 'total', shard: Number(data.shard), ...readTally(data) };
}

/** A stored month shard; malformed parts read as zeros. */
export function readMonthShard(data: Record<string, unknown>): MonthShard {
  const days: Record<string, StatusTally> = {};
  if (isRecord(data.days)) for (const [key, tally] of Object.entries(data.days)) days[key] = readTally(tally);
  return { kind: 'month', month: String(data.month), shard: Number(data.shard), days };
}

function addToMap(into: Map<string, number>, from: StatusNumbers) {
  for (const [status, value] of Object.entries(from)) into.set(status, (into.get(status) ?? 0) + value);
}

/** Sums the shards into the tallies the tab's numbers are made of. */
export function talliesFromRollups(
  totals: readonly TotalShard[],
  months: readonly MonthShard[],
): StatsTallies {
  const count = new Map<string, number>();
  const revenue = new Map<string, number>();
  for (const shard of totals) {
    addToMap(count, shard.count);
    addToMap(revenue, shard.revenue);
  }
  const days = new Map<string, { count: Map<string, number>; revenue: Map<string, number> }>();
  for (const shard of months) {
    for (const [key, tally] of Object.entries(shard.days)) {
      const date = `${shard.month}-${key.slice(1)}`;
      let day = days.get(date);
      if (!day) days.set(date, (day = { count: new Map(), revenue: new Map() }));
      addToMap(day.count, tally.count);
      addToMap(day.revenue, tally.revenue);
    }
  }
  return { count, revenue, days };
}

/**
 * Every figure of the stats tab from the roll-ups as of `now`: the 10 total shards and the shards of the months
 * `chartMonths(now)` names. Equal, to the poisha, to `computeDashboardStats` over the orders they count.
 */
export function statsFromRollups(
  totals: readonly TotalShard[],
  months: readonly MonthShard[],
  now: Date,
): DashboardStats {
  return statsFromTallies(talliesFromRollups(totals, months), now);
}

/** How many orders there are in each status, and how many are still open: the dashboard's tab badges. */
export interface OrderCounts {
  byStatus: Record<OrderStatus, number>;
  /** Orders in OPEN_ORDER_STATUSES: not yet delivered, cancelled or returned. */
  open: number;
  total: number;
}

/** The order counts from the 10 total shards alone. */
export function orderCountsFromTotals(totals: readonly TotalShard[]): OrderCounts {
  const { count } = talliesFromRollups(totals, []);
  const byStatus = Object.fromEntries(
    ORDER_STATUSES.map((status) => [status, count.get(status) ?? 0]),
  ) as Record<OrderStatus, number>;
  return {
    byStatus,
    open: OPEN_ORDER_STATUSES.reduce((sum, status) => sum + byStatus[status], 0),
    total: [...count.values()].reduce((sum, n) => sum + n, 0),
  };
}
