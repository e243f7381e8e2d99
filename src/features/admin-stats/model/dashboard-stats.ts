import { bn } from '../../../i18n/bn';
import { ORDER_STATUSES, sumTaka, type OrderStatus } from '../../ordering/model';

/** What the statistics need of an order; timestamps already turned into Dates by whoever read them. */
export interface StatsOrder {
  status: string;
  total_amount: number;
  created_at: Date;
}

export type RecommendationKind = 'warning' | 'positive' | 'negative' | 'info';

export interface Recommendation {
  id: 'many-pending' | 'strong-growth' | 'decline' | 'first-order';
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
  /** Revenue of that day's orders that were not cancelled, in taka. */
  revenue: number;
}

/** Everything the stats tab shows. Plain JSON, so the getDashboardStats callable can return it as is. */
export interface DashboardStats {
  totalOrders: number;
  ordersLast7Days: number;
  ordersPrevious7Days: number;
  /** Percent with one decimal: last 7 days against the 7 before. */
  weeklyGrowth: number;
  /** Taka, every order except cancelled ones. */
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
export const SHOP_TIME_ZONE = 'Asia/Dhaka';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

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

const dhakaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** "2026-11-21" for any instant of that day in Dhaka. */
export function dhakaDateKey(instant: Date): string {
  return dhakaDay.format(instant);
}

function lastDays(now: Date, days: number): string[] {
  // Dhaka keeps UTC+6 all year, so stepping back whole days of 24 h always lands on the previous date.
  return Array.from({ length: days }, (_, index) =>
    dhakaDateKey(new Date(now.getTime() - (days - 1 - index) * DAY_MS)),
  );
}

function recommendationsFor(totalOrders: number, pendingOrders: number, growth: number): Recommendation[] {
  const texts = bn.admin.stats.recommendations;
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

/** The admin dashboard's numbers, computed from every order as of `now`. */
export function computeDashboardStats(orders: readonly StatsOrder[], now: Date): DashboardStats {
  const nowMs = now.getTime();
  const isCounted = (order: StatsOrder) => order.status !== 'cancelled';

  let ordersLast7Days = 0;
  let ordersPrevious7Days = 0;
  for (const order of orders) {
    const age = nowMs - order.created_at.getTime();
    // A server timestamp a moment ahead of this clock still belongs to this week.
    if (age < WEEK_MS) ordersLast7Days += 1;
    else if (age < 2 * WEEK_MS) ordersPrevious7Days += 1;
  }

  const countByStatus = new Map<string, number>();
  for (const order of orders) countByStatus.set(order.status, (countByStatus.get(order.status) ?? 0) + 1);

  const totalOrders = orders.length;
  const totalRevenue = sumTaka(orders.filter(isCounted).map((order) => order.total_amount));
  const pendingOrders = countByStatus.get('pending') ?? 0;
  const completedOrders = countByStatus.get('delivered') ?? 0;
  const growth = weeklyGrowth(ordersLast7Days, ordersPrevious7Days);

  const days = lastDays(now, DAILY_SERIES_DAYS);
  const daily = new Map(days.map((date) => [date, { orders: 0, revenue: [] as number[] }]));
  for (const order of orders) {
    const day = daily.get(dhakaDateKey(order.created_at));
    if (!day) continue;
    day.orders += 1;
    if (isCounted(order)) day.revenue.push(order.total_amount);
  }

  return {
    totalOrders,
    ordersLast7Days,
    ordersPrevious7Days,
    weeklyGrowth: growth,
    totalRevenue,
    pendingOrders,
    completedOrders,
    statusBreakdown: ORDER_STATUSES.map((status) => {
      const count = countByStatus.get(status) ?? 0;
      return { status, count, percentage: percentage(count, totalOrders) };
    }),
    averageOrderValue: totalOrders === 0 ? 0 : roundTo(totalRevenue / totalOrders, 2),
    completionRate: percentage(completedOrders, totalOrders),
    recommendations: recommendationsFor(totalOrders, pendingOrders, growth),
    daily: days.map((date) => {
      const day = daily.get(date)!;
      return { date, orders: day.orders, revenue: sumTaka(day.revenue) };
    }),
    generatedAt: now.toISOString(),
  };
}
