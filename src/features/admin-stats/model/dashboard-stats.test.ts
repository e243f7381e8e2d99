import { adminStatsTexts } from '../texts';
import { computeDashboardStats, dhakaDateKey, weeklyGrowth, type StatsOrder } from './dashboard-stats';

// 21 Nov 2026, 12:00 in Dhaka.
const now = new Date('2026-11-21T06:00:00Z');
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

function order(daysAgo: number, status: string, total_amount = 100): StatsOrder {
  return { status, total_amount, created_at: new Date(now.getTime() - daysAgo * DAY) };
}

function ordersOf(count: number, daysAgo: number, status = 'pending', total = 100): StatsOrder[] {
  return Array.from({ length: count }, () => order(daysAgo, status, total));
}

const texts = adminStatsTexts.recommendations;

describe('weeklyGrowth', () => {
  it('is the percentage change from the week before', () => {
    expect(weeklyGrowth(15, 10)).toBe(50);
    expect(weeklyGrowth(5, 10)).toBe(-50);
    expect(weeklyGrowth(10, 10)).toBe(0);
    expect(weeklyGrowth(0, 4)).toBe(-100);
  });

  it('is 100 when the week before had no orders but this one has', () => {
    expect(weeklyGrowth(1, 0)).toBe(100);
    expect(weeklyGrowth(40, 0)).toBe(100);
  });

  it('is 0 when neither week had orders', () => {
    expect(weeklyGrowth(0, 0)).toBe(0);
  });

  it('rounds to one decimal, half away from zero', () => {
    expect(weeklyGrowth(1, 3)).toBe(-66.7);
    expect(weeklyGrowth(4, 3)).toBe(33.3);
    expect(weeklyGrowth(2, 3)).toBe(-33.3);
    expect(weeklyGrowth(89, 40)).toBe(122.5);
    expect(weeklyGrowth(31, 40)).toBe(-22.5);
  });
});

describe('computeDashboardStats', () => {
  it('shows zeros and a first-order message when there are no orders', () => {
    const stats = computeDashboardStats([], now);
    expect(stats).toMatchObject({
      totalOrders: 0,
      ordersLast7Days: 0,
      ordersPrevious7Days: 0,
      weeklyGrowth: 0,
      totalRevenue: 0,
      pendingOrders: 0,
      completedOrders: 0,
      averageOrderValue: 0,
      completionRate: 0,
      recommendations: [{ id: 'first-order', kind: 'info', message: texts.firstOrder }],
      generatedAt: '2026-11-21T06:00:00.000Z',
    });
    expect(stats.statusBreakdown).toEqual(
      ['pending', 'confirmed', 'preparing', 'delivering', 'delivered', 'cancelled', 'returned'].map(
        (status) => ({
          status,
          count: 0,
          percentage: 0,
        }),
      ),
    );
    expect(stats.daily).toHaveLength(14);
    expect(stats.daily.every((day) => day.orders === 0 && day.revenue === 0)).toBe(true);
  });

  it('counts as revenue the cash of delivered orders, never of open, cancelled or returned ones, to the poisha', () => {
    const stats = computeDashboardStats(
      [
        order(1, 'pending', 0.1),
        order(2, 'delivered', 0.2),
        order(3, 'cancelled', 500),
        order(4, 'confirmed', 99.99),
        order(5, 'returned', 700),
      ],
      now,
    );
    expect(stats.totalRevenue).toBe(0.2);
    expect(stats.totalOrders).toBe(5);
  });

  it('counts a bKash/Nagad order as revenue once its payment is verified or the courier collected it', () => {
    const paid = (state: string | undefined, method = 'bkash', status = 'delivered') => ({
      ...order(1, status, 100),
      payment_method: method,
      payment_state: state,
    });
    const stats = computeDashboardStats(
      [
        paid('verified'),
        paid('verified', 'nagad', 'pending'),
        paid('claimed'),
        paid('awaiting_payment', 'nagad'),
        paid('rejected'),
        paid(undefined), // placed before payments were tracked: nobody recorded the money
        paid('verified', 'bkash', 'returned'), // owed back: not the shop's
        paid('collect_on_delivery', 'cash_on_delivery'),
        paid('claimed', 'bkash', 'pending'), // a TrxID not yet checked is no money
        { ...paid('verified', 'nagad', 'cancelled'), paid_amount: 100, refunded_amount: 100 },
      ],
      now,
    );
    // Delivered: collected at the door whatever the wallet said (the slip asked for the total unless verified).
    expect(stats.totalOrders).toBe(10);
    expect(stats.totalRevenue).toBe(700);
    expect(stats.daily.at(-2)).toMatchObject({ orders: 10, revenue: 700 });
  });

  it('divides revenue by the number of orders for the average, cancelled orders included in the count', () => {
    const stats = computeDashboardStats(
      [order(1, 'delivered', 100), order(1, 'delivered', 100), order(1, 'cancelled', 400)],
      now,
    );
    expect(stats.averageOrderValue).toBe(66.67);
  });

  it('counts pending and completed (delivered) orders and the completion rate with one decimal', () => {
    const stats = computeDashboardStats(
      [
        order(1, 'delivered'),
        order(2, 'pending'),
        order(2, 'pending'),
        order(3, 'cancelled'),
        order(3, 'delivering'),
        order(4, 'confirmed'),
      ],
      now,
    );
    expect(stats.pendingOrders).toBe(2);
    expect(stats.completedOrders).toBe(1);
    expect(stats.completionRate).toBe(16.7);
  });

  it('breaks orders down over the seven statuses, ignoring unknown ones', () => {
    const stats = computeDashboardStats(
      [order(1, 'pending'), order(1, 'delivering'), order(1, 'delivering'), order(1, 'shipped')],
      now,
    );
    expect(stats.totalOrders).toBe(4);
    expect(stats.statusBreakdown).toEqual([
      { status: 'pending', count: 1, percentage: 25 },
      { status: 'confirmed', count: 0, percentage: 0 },
      { status: 'preparing', count: 0, percentage: 0 },
      { status: 'delivering', count: 2, percentage: 50 },
      { status: 'delivered', count: 0, percentage: 0 },
      { status: 'cancelled', count: 0, percentage: 0 },
      { status: 'returned', count: 0, percentage: 0 },
    ]);
  });

  it('splits the last 7 Dhaka calendar days from the 7 before at midnight in Dhaka, and ignores older orders', () => {
    // Today is 21 Nov in Dhaka: the last 7 days are 15–21 Nov, the 7 before 8–14 Nov.
    const at = (iso: string) => ({ status: 'pending', total_amount: 100, created_at: new Date(iso) });
    const firstOfLastWeek = at('2026-11-14T18:00:00Z'); // 15 Nov 00:00 in Dhaka
    const lastOfPreviousWeek = at('2026-11-14T17:59:59Z'); // 14 Nov 23:59:59 in Dhaka
    const firstOfPreviousWeek = at('2026-11-07T18:00:00Z'); // 8 Nov 00:00 in Dhaka
    const tooOld = at('2026-11-07T17:59:59Z'); // 7 Nov 23:59:59 in Dhaka
    const aheadOfClock = { ...order(0, 'pending'), created_at: new Date(now.getTime() + 2000) };
    const stats = computeDashboardStats(
      [firstOfLastWeek, lastOfPreviousWeek, firstOfPreviousWeek, tooOld, aheadOfClock],
      now,
    );
    expect(stats.ordersLast7Days).toBe(2);
    expect(stats.ordersPrevious7Days).toBe(2);
    expect(stats.weeklyGrowth).toBe(0);
    expect(stats.totalOrders).toBe(5);
  });

  it('warns when more than 5 orders are pending, not at exactly 5', () => {
    const atFive = computeDashboardStats(ordersOf(5, 1).concat(ordersOf(5, 8, 'delivered')), now);
    expect(atFive.recommendations).toEqual([]);
    const atSix = computeDashboardStats(ordersOf(6, 1).concat(ordersOf(6, 8, 'delivered')), now);
    expect(atSix.recommendations).toEqual([
      { id: 'many-pending', kind: 'warning', message: texts.manyPending },
    ]);
  });

  it('praises growth above 20 percent, not at exactly 20', () => {
    const atTwenty = computeDashboardStats(
      ordersOf(6, 1, 'delivered').concat(ordersOf(5, 8, 'delivered')),
      now,
    );
    expect(atTwenty.weeklyGrowth).toBe(20);
    expect(atTwenty.recommendations).toEqual([]);
    const above = computeDashboardStats(ordersOf(7, 1, 'delivered').concat(ordersOf(5, 8, 'delivered')), now);
    expect(above.weeklyGrowth).toBe(40);
    expect(above.recommendations).toEqual([
      { id: 'strong-growth', kind: 'positive', message: texts.strongGrowth },
    ]);
  });

  it('flags a decline below −10 percent, not at exactly −10', () => {
    const atMinusTen = computeDashboardStats(
      ordersOf(9, 1, 'delivered').concat(ordersOf(10, 8, 'delivered')),
      now,
    );
    expect(atMinusTen.weeklyGrowth).toBe(-10);
    expect(atMinusTen.recommendations).toEqual([]);
    const below = computeDashboardStats(
      ordersOf(8, 1, 'delivered').concat(ordersOf(10, 8, 'delivered')),
      now,
    );
    expect(below.weeklyGrowth).toBe(-20);
    expect(below.recommendations).toEqual([{ id: 'decline', kind: 'negative', message: texts.decline }]);
  });

  it('treats a first week of orders as 100 percent growth and can give several recommendations at once', () => {
    const stats = computeDashboardStats(ordersOf(6, 2), now);
    expect(stats.weeklyGrowth).toBe(100);
    expect(stats.recommendations.map((recommendation) => recommendation.id)).toEqual([
      'many-pending',
      'strong-growth',
    ]);
  });

  it('gives no first-order message once all orders are old', () => {
    const stats = computeDashboardStats(ordersOf(2, 30, 'delivered'), now);
    expect(stats.weeklyGrowth).toBe(0);
    expect(stats.recommendations).toEqual([]);
  });

  it('lists orders and revenue for each of the last 14 Dhaka days, oldest first', () => {
    const stats = computeDashboardStats(
      [
        // 21 Nov 00:30 in Dhaka is still 20 Nov in UTC: it counts for the 21st.
        { status: 'delivered', total_amount: 250, created_at: new Date('2026-11-20T18:30:00Z') },
        { status: 'cancelled', total_amount: 999, created_at: new Date('2026-11-21T05:00:00Z') },
        // 20 Nov 23:59 in Dhaka.
        { status: 'delivered', total_amount: 120.5, created_at: new Date('2026-11-20T17:59:00Z') },
        // 8 Nov in Dhaka: the first day of the series.
        { status: 'delivered', total_amount: 80, created_at: new Date('2026-11-08T10:00:00Z') },
        // 7 Nov: too old for the series, but still an order.
        { status: 'delivered', total_amount: 80, created_at: new Date('2026-11-07T10:00:00Z') },
      ],
      now,
    );
    expect(stats.daily).toHaveLength(14);
    expect(stats.daily[0]).toEqual({ date: '2026-11-08', orders: 1, revenue: 80 });
    expect(stats.daily[12]).toEqual({ date: '2026-11-20', orders: 1, revenue: 120.5 });
    expect(stats.daily[13]).toEqual({ date: '2026-11-21', orders: 2, revenue: 250 });
    expect(stats.daily.slice(1, 12).every((day) => day.orders === 0)).toBe(true);
    expect(stats.totalOrders).toBe(5);
  });
});

describe('dhakaDateKey', () => {
  it('names the calendar day in Dhaka (UTC+6)', () => {
    expect(dhakaDateKey(new Date('2026-11-20T17:59:59Z'))).toBe('2026-11-20');
    expect(dhakaDateKey(new Date('2026-11-20T18:00:00Z'))).toBe('2026-11-21');
  });
});
