import { adminStatsTexts } from '../texts';
import {
  fromPoisha,
  holdsJars,
  isOrderStatus,
  ORDER_STATUSES,
  orderMoneyOf,
  type OrderStatus,
} from '../../ordering/model';
import { dhakaDateKey } from '../../../lib/shop-time';

// The roll-ups and the functions name a day as the statistics do.
export { dhakaDateKey } from '../../../lib/shop-time';

/** What the statistics need of an order; timestamps already turned into Dates by whoever read them. */
export interface StatsOrder {
  status: string;
  total_amount: number;
  created_at: Date;
  /** The ledger's money fields (order-ledger.ts): what came in and went back; absent on older orders. */
  payment_method?: unknown;
  payment_state?: unknown;
  paid_amount?: unknown;
  refunded_amount?: unknown;
  quantity?: unknown;
}

/**
 * An order's revenue in poisha: the money the shop has and keeps by the order ledger (a verified wallet payment,
 * cash once delivered; net of refunds, nothing for a cancelled or returned order).
 */
export function revenuePoishaOf(order: Record<string, unknown>): number {
  return orderPoisha(orderMoneyOf(order).kept);
}

/**
 * The statuses whose revenue the roll-ups' sums count: those holding jars. Roll-ups written before the ledger
 * also hold cancelled orders' totals, which the sums leave out.
 */
export function isRevenueStatus(status: string): boolean {
  return isOrderStatus(status) && holdsJars(status);
}

export type RecommendationKind = 'warning' | 'positive' | 'negative' | 'info';

export interface Recommendation {
  id: 'many-pending' | 'strong-growth' | 'decline' | 'first-order' | 'sold-out' | 'low-stock';
  kind: RecommendationKind;
  message: string;
}

export interface StatusCount {
  status: OrderStatus;
  count: number;
  /** Share of all orders, percent with one decimal. */
  percentage: number;
}

export interface DailyOrders {
  /** Calendar day in Dhaka, "YYYY-MM-DD". */
  date: string;
  orders: number;
  /** Revenue of that day's orders (not cancelled or returned; bKash/Nagad once verified), in taka. */
  revenue: number;
}

/** Everything the stats tab shows. */
export interface DashboardStats {
  totalOrders: number;
  /** Orders of the 7 Dhaka calendar days ending today. */
  ordersLast7Days: number;
  /** Orders of the 7 Dhaka calendar days before those. */
  ordersPrevious7Days: number;
  /** Percent with one decimal: last 7 days against the 7 before. */
  weeklyGrowth: number;
  /** Taka, every order except cancelled and returned ones; a bKash/Nagad order once its payment is verified. */
  totalRevenue: number;
  pendingOrders: number;
  completedOrders: number;
  statusBreakdown: StatusCount[];
  /** Taka, revenue divided by the number of orders, to the poisha. */
  averageOrderValue: number;
  /** Percent of orders delivered, one decimal. */
  completionRate: number;
  recommendations: Recommendation[];
  /** The last 14 Dhaka days, oldest first, today last. */
  daily: DailyOrders[];
  /** When these numbers were computed, ISO 8601. */
  generatedAt: string;
}

export const PENDING_WARNING_THRESHOLD = 5;
export const STRONG_GROWTH_THRESHOLD = 20;
export const DECLINE_THRESHOLD = -10;
export const DAILY_SERIES_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rounds half away from zero, so −2.25 % reads −2.3 % just as 2.25 % reads 2.3 %. */
function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  // toPrecision(12) first, so a value like 1.005 (stored as 1.00499999…) still rounds up as written.
  const scaled = Number((Math.abs(value) * factor).toPrecision(12));
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  return rounded === 0 ? 0 : rounded; // no −0 on the dashboard
}

function percentage(part: number, whole: number): number {
  return whole === 0 ? 0 : roundTo((part / whole) * 100, 1);
}

/**
 * Orders of the last 7 days against the 7 days before, in percent. With no orders the week before
 * there is nothing to compare with: 100 when orders came in since, otherwise 0.
 */
export function weeklyGrowth(recent: number, previous: number): number {
  if (previous === 0) return recent > 0 ? 100 : 0;
  return roundTo(((recent - previous) / previous) * 100, 1);
}

/** The last `days` Dhaka calendar days up to `now`'s, oldest first. */
export function lastDhakaDays(now: Date, days: number = DAILY_SERIES_DAYS): string[] {
  // Dhaka keeps UTC+6 all year, so stepping back whole days of 24 h always lands on the previous date.
  return Array.from({ length: days }, (_, index) =>
    dhakaDateKey(new Date(now.getTime() - (days - 1 - index) * DAY_MS)),
  );
}

function recommendationsFor(totalOrders: number, pendingOrders: number, growth: number): Recommendation[] {
  const texts = adminStatsTexts.recommendations;
  if (totalOrders === 0) return [{ id: 'first-order', kind: 'info', message: texts.firstOrder }];
  const found: Recommendation[] = [];
  if (pendingOrders > PENDING_WARNING_THRESHOLD) {
    found.push({ id: 'many-pending', kind: 'warning', message: texts.manyPending });
  }
  if (growth > STRONG_GROWTH_THRESHOLD) {
    found.push({ id: 'strong-growth', kind: 'positive', message: texts.strongGrowth });
  }
  if (growth < DECLINE_THRESHOLD) found.push({ id: 'decline', kind: 'negative', message: texts.decline });
  return found;
}

/**
 * What every figure of the tab is made of: orders and revenue per status, and per Dhaka day per status.
 * Built from the orders themselves (`computeDashboardStats`) or from the roll-ups kept in Firestore
 * (`statsFromRollups` in order-rollups.ts); both end in `statsFromTallies`, so the rounding is written once.
 */
export interface StatsTallies {
  /** Orders per status, all time; any status string an order carries. */
  count: ReadonlyMap<string, number>;
  /**
   * Sum of the orders' revenue (revenuePoishaOf) per status, all time, in integer poisha.
   * Roll-ups written before payments also hold cancelled orders' totals: the sums leave those statuses out.
   */
  revenue: ReadonlyMap<string, number>;
  /** Per Dhaka day ("YYYY-MM-DD") the same two tallies; days outside the chart may be left out. */
  days: ReadonlyMap<string, { count: ReadonlyMap<string, number>; revenue: ReadonlyMap<string, number> }>;
}

const POISHA_PER_TAKA = 100;
const isCountedStatus = (status: string) => status !== 'cancelled' && status !== 'returned';

function sumOf(
  tally: ReadonlyMap<string, number> | undefined,
  include: (status: string) => boolean = () => true,
) {
  let sum = 0;
  for (const [status, value] of tally ?? []) if (include(status)) sum += value;
  return sum;
}

/**
 * The tab's numbers from the tallies as of `now`. Weekly growth compares Dhaka calendar days: the 7 days
 * ending today against the 7 before (not rolling 168-hour windows), because the roll-ups count orders per
 * Dhaka day and cannot split a day; `computeDashboardStats` uses the same days so that both agree.
 */
export function statsFromTallies(tallies: StatsTallies, now: Date): DashboardStats {
  const days = lastDhakaDays(now);
  const daily = days.map((date) => {
    const day = tallies.days.get(date);
    return {
      date,
      orders: sumOf(day?.count),
      revenue: fromPoisha(sumOf(day?.revenue, isCountedStatus)),
    };
  });
  const ordersLast7Days = daily.slice(-7).reduce((sum, day) => sum + day.orders, 0);
  const ordersPrevious7Days = daily.slice(-14, -7).reduce((sum, day) => sum + day.orders, 0);

  const totalOrders = sumOf(tallies.count);
  const totalRevenue = fromPoisha(sumOf(tallies.revenue, isCountedStatus));
  const pendingOrders = tallies.count.get('pending') ?? 0;
  const completedOrders = tallies.count.get('delivered') ?? 0;
  const growth = weeklyGrowth(ordersLast7Days, ordersPrevious7Days);

  return {
    totalOrders,
    ordersLast7Days,
    ordersPrevious7Days,
    weeklyGrowth: growth,
    totalRevenue,
    pendingOrders,
    completedOrders,
    statusBreakdown: ORDER_STATUSES.map((status) => {
      const count = tallies.count.get(status) ?? 0;
      return { status, count, percentage: percentage(count, totalOrders) };
    }),
    averageOrderValue: totalOrders === 0 ? 0 : roundTo(totalRevenue / totalOrders, 2),
    completionRate: percentage(completedOrders, totalOrders),
    recommendations: recommendationsFor(totalOrders, pendingOrders, growth),
    daily,
    generatedAt: now.toISOString(),
  };
}

function addTo(tally: Map<string, number>, status: string, value: number) {
  tally.set(status, (tally.get(status) ?? 0) + value);
}

/** An order's total in whole poisha, as `sumTaka` counts it. */
export function orderPoisha(totalAmount: number): number {
  if (!Number.isFinite(totalAmount))
    throw new RangeError(`Amount must be a finite number of taka: ${totalAmount}`);
  return Math.round(totalAmount * POISHA_PER_TAKA);
}

/** The admin dashboard's numbers, computed from every order as of `now` (the reference the roll-ups match). */
export function computeDashboardStats(orders: readonly StatsOrder[], now: Date): DashboardStats {
  const count = new Map<string, number>();
  const revenue = new Map<string, number>();
  const chartDays = new Set(lastDhakaDays(now));
  const days = new Map<string, { count: Map<string, number>; revenue: Map<string, number> }>();
  for (const order of orders) {
    const poisha = revenuePoishaOf({ ...order });
    addTo(count, order.status, 1);
    addTo(revenue, order.status, poisha);
    const date = dhakaDateKey(order.created_at);
    if (!chartDays.has(date)) continue;
    let day = days.get(date);
    if (!day) days.set(date, (day = { count: new Map(), revenue: new Map() }));
    addTo(day.count, order.status, 1);
    addTo(day.revenue, order.status, poisha);
  }
  return statsFromTallies({ count, revenue, days }, now);
}
