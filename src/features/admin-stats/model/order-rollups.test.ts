import { computeDashboardStats, dhakaDateKey, type StatsOrder } from './dashboard-stats';
import {
  applyMove,
  ledgerFieldsOf,
  ledgerOrderOf,
  ORDER_STATUSES,
  orderTotal,
  type LedgerActor,
  type LedgerMove,
  type PaymentMethod,
} from '../../ordering/model';
import {
  chartMonths,
  dayFieldOf,
  monthOfDay,
  orderCountsFromTotals,
  readMonthShard,
  readTotalShard,
  rollupChangeBetween,
  rollupChangeForNewOrder,
  rollupEntryOf,
  rollupsFromEntries,
  ROLLUP_SHARDS,
  statsFromRollups,
  type MonthShard,
  type RollupChange,
  type TotalShard,
} from './order-rollups';

const DAY = 24 * 60 * 60 * 1000;
const STATUSES = ORDER_STATUSES;
const METHODS: PaymentMethod[] = ['cash_on_delivery', 'bkash', 'nagad'];

/** A small deterministic generator (mulberry32), so a failure can be replayed from its seed. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The shards as Firestore holds them after merge-increments: what functions/src/order-stats.ts writes. */
class ShardStore {
  totals = new Map<number, TotalShard>();
  months = new Map<string, MonthShard>();

  apply(change: RollupChange, shard: number) {
    const total = this.totals.get(shard) ?? { kind: 'total', shard, count: {}, revenue: {} };
    this.totals.set(shard, total);
    const month = monthOfDay(change.day);
    const id = `${month}-${shard}`;
    const monthShard = this.months.get(id) ?? { kind: 'month', month, shard, days: {} };
    this.months.set(id, monthShard);
    const day = (monthShard.days[dayFieldOf(change.day)] ??= { count: {}, revenue: {} });
    for (const tally of [total, day]) {
      for (const [status, n] of Object.entries(change.count))
        tally.count[status] = (tally.count[status] ?? 0) + n;
      for (const [status, n] of Object.entries(change.revenue))
        tally.revenue[status] = (tally.revenue[status] ?? 0) + n;
    }
  }

  /** What the stats tab listens to as of `now`: every total shard and the chart's months' shards. */
  read(now: Date) {
    const wanted = new Set(chartMonths(now));
    return {
      totals: [...this.totals.values()],
      months: [...this.months.values()].filter((shard) => wanted.has(shard.month)),
    };
  }
}

type SimulatedOrder = StatsOrder & Record<string, unknown> & { stats_day: string };

/** A random move of the order ledger, by whoever usually makes it. */
function randomMove(pick: <T>(items: readonly T[]) => T): [LedgerActor, LedgerMove] {
  const move = pick<LedgerMove>([
    ...STATUSES.map((to) => ({ kind: 'status' as const, to })),
    { kind: 'claim' },
    { kind: 'claim' },
    { kind: 'verify' },
    { kind: 'verify' },
    { kind: 'reject' },
    { kind: 'expire' },
    { kind: 'edit', quantity: pick([1, 2, 3]) },
    { kind: 'refund', amount: 0 },
    { kind: 'refund', amount: 0 },
    { kind: 'refund', amount: 0 },
    { kind: 'undo' },
  ]);
  if (move.kind === 'claim') return ['customer', move];
  return [move.kind === 'expire' ? 'scheduler' : 'seller', move];
}

/**
 * `count` orders over the 70 days before `now`, cash, bKash and Nagad, then a random history through the order
 * ledger: status changes (returns and reopenings among them), TrxIDs claimed, verified and rejected, edits after
 * payment, refunds, undos, and unpaid orders cancelled by the expiry.
 */
function simulate(seed: number, count: number, now: Date) {
  const random = randomFrom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const store = new ShardStore();
  const orders: SimulatedOrder[] = [];
  const moves = { status: 0, payment: 0, expiry: 0, refund: 0 };
  for (let index = 0; index < count; index += 1) {
    const created_at = new Date(now.getTime() - Math.floor(random() * 70 * DAY));
    // Whole taka, taka and poisha, and the amounts that drift in floating point (0.1, 0.2, 160.5 × 3).
    const product_price = pick([0.1, 0.2, 99.99, 160.5, 250, Math.round(random() * 500000) / 100]);
    const quantity = pick([1, 2, 3]);
    const payment_method = pick(METHODS);
    const order: SimulatedOrder = {
      status: 'pending',
      product_price,
      quantity,
      total_amount: orderTotal(product_price, quantity),
      created_at,
      stats_day: dhakaDateKey(created_at),
      payment_method,
      payment_state: payment_method === 'cash_on_delivery' ? 'collect_on_delivery' : 'awaiting_payment',
    };
    orders.push(order);
    store.apply(rollupChangeForNewOrder(rollupEntryOf(order)!), Math.floor(random() * ROLLUP_SHARDS));
  }
  const shard = () => Math.floor(random() * ROLLUP_SHARDS);
  for (let step = 0; step < count * 10; step += 1) {
    const index = Math.floor(random() * orders.length);
    const order = orders[index];
    const [actor, chosen] = randomMove(pick);
    const ledger = ledgerOrderOf(order);
    const move =
      chosen.kind === 'refund'
        ? {
            ...chosen,
            amount: Math.max(
              1,
              ledger.paid -
                ledger.refunded -
                (ledger.status === 'cancelled' || ledger.status === 'returned' ? 0 : ledger.total),
            ),
          }
        : chosen;
    const result = applyMove(ledger, actor, move);
    if (!result.ok || result.order === ledger) continue;
    const after: SimulatedOrder = { ...order, ...ledgerFieldsOf(result.order) } as SimulatedOrder;
    const change = rollupChangeBetween(rollupEntryOf(order)!, rollupEntryOf(after)!);
    if (change) store.apply(change, shard());
    orders[index] = after;
    if (move.kind === 'expire') moves.expiry += 1;
    else if (move.kind === 'refund') moves.refund += 1;
    else if (move.kind === 'status') moves.status += 1;
    else moves.payment += 1;
  }
  return { store, orders, moves };
}

describe('statsFromRollups', () => {
  it.each([
    ['in the middle of a month', 1, '2026-11-21T06:00:00Z'],
    ['when the 14 days span two months', 2, '2026-12-03T10:00:00Z'],
    ['a minute after midnight in Dhaka', 3, '2027-01-01T18:01:00Z'],
    ['a minute before midnight in Dhaka', 4, '2026-03-31T17:59:00Z'],
  ])('equals computeDashboardStats over the orders to the poisha, %s', (_when, seed, iso) => {
    const now = new Date(iso);
    const { store, orders, moves } = simulate(seed, 400, now);
    const { totals, months } = store.read(now);
    expect(months.length).toBeLessThanOrEqual(2 * ROLLUP_SHARDS);
    const fromRollups = statsFromRollups(totals, months, now);
    expect(fromRollups).toEqual(computeDashboardStats(orders, now));
    // The comparison means something: the random history has orders in the chart and in every status, payments
    // in every state, expiries, refunds, and revenue that is not every order's total.
    expect(fromRollups.daily.some((day) => day.orders > 0)).toBe(true);
    expect(fromRollups.statusBreakdown.every((entry) => entry.count > 0)).toBe(true);
    expect(new Set(orders.map((order) => order.payment_state)).size).toBe(5);
    expect(moves.expiry).toBeGreaterThan(5);
    expect(moves.payment).toBeGreaterThan(50);
    expect(moves.refund).toBeGreaterThan(0);
    const unpaid = orders.filter(
      (order) => order.status !== 'delivered' && order.payment_state !== 'verified',
    );
    expect(unpaid.length).toBeGreaterThan(0);
  });

  it('equals computeDashboardStats when rebuilt from the orders in one go', () => {
    const now = new Date('2026-12-03T10:00:00Z');
    const { orders } = simulate(5, 300, now);
    const { total, months } = rollupsFromEntries(orders.map((order) => rollupEntryOf(order)!));
    const monthShards: MonthShard[] = chartMonths(now).map((month) => ({
      kind: 'month',
      month,
      shard: 0,
      days: months.get(month) ?? {},
    }));
    expect(statsFromRollups([{ kind: 'total', shard: 0, ...total }], monthShards, now)).toEqual(
      computeDashboardStats(orders, now),
    );
  });

  it('shows zeros and the first-order message when there are no roll-ups yet', () => {
    const now = new Date('2026-11-21T06:00:00Z');
    expect(statsFromRollups([], [], now)).toEqual(computeDashboardStats([], now));
  });
});

describe('the roll-up increments', () => {
  const entry = { status: 'pending', day: '2026-11-21', revenue: 0 } as const;

  it('adds a new order to its status and day, and its revenue once it has any', () => {
    expect(rollupChangeForNewOrder(entry)).toEqual({ day: '2026-11-21', count: { pending: 1 }, revenue: {} });
    expect(rollupChangeForNewOrder({ ...entry, revenue: 48150 })).toEqual({
      day: '2026-11-21',
      count: { pending: 1 },
      revenue: { pending: 48150 },
    });
  });

  it('moves the count with the status and the revenue with what the shop keeps, and nothing when neither moves', () => {
    const delivered = { ...entry, status: 'delivered', revenue: 48150 };
    expect(rollupChangeBetween({ ...entry, status: 'delivering' }, delivered)).toEqual({
      day: '2026-11-21',
      count: { delivering: -1, delivered: 1 },
      revenue: { delivered: 48150 },
    });
    // A verified payment: revenue, no new order.
    expect(rollupChangeBetween(entry, { ...entry, revenue: 48150 })).toEqual({
      day: '2026-11-21',
      count: {},
      revenue: { pending: 48150 },
    });
    // A paid order cancelled: its count moves, its revenue is gone (owed back).
    expect(rollupChangeBetween({ ...entry, revenue: 48150 }, { ...entry, status: 'cancelled' })).toEqual({
      day: '2026-11-21',
      count: { pending: -1, cancelled: 1 },
      revenue: { pending: -48150 },
    });
    expect(rollupChangeBetween(entry, entry)).toBeNull();
  });
});

describe('rollupEntryOf', () => {
  const createdAt = new Date('2026-11-20T18:30:00Z'); // 21 Nov 00:30 in Dhaka

  it('counts an order under its stats_day, in whole poisha', () => {
    expect(
      rollupEntryOf({
        status: 'delivered',
        total_amount: 160.5 * 3,
        stats_day: '2026-11-20',
        created_at: createdAt,
      }),
    ).toEqual({ status: 'delivered', revenue: 48150, day: '2026-11-20' });
  });

  it('falls back to the Dhaka day of created_at for an order stored before the roll-ups', () => {
    expect(
      rollupEntryOf({ status: 'pending', total_amount: 10, stats_day: undefined, created_at: createdAt }),
    ).toEqual({ status: 'pending', revenue: 0, day: '2026-11-21' });
    expect(
      rollupEntryOf({ status: 'pending', total_amount: 10, stats_day: '2026-13-01', created_at: createdAt }),
    ).toEqual({ status: 'pending', revenue: 0, day: '2026-11-21' });
  });

  it('counts as revenue what the shop keeps: a verified payment, cash once delivered, net of refunds', () => {
    const base = {
      status: 'pending',
      total_amount: 10,
      quantity: 1,
      stats_day: '2026-11-20',
      created_at: createdAt,
    };
    expect(rollupEntryOf({ ...base, payment_method: 'bkash' })?.revenue).toBe(0);
    expect(rollupEntryOf({ ...base, payment_method: 'cash_on_delivery' })?.revenue).toBe(0);
    expect(rollupEntryOf({ ...base, payment_method: 'nagad', payment_state: 'verified' })?.revenue).toBe(
      1000,
    );
    expect(
      rollupEntryOf({ ...base, status: 'cancelled', paid_amount: 10, refunded_amount: 4 })?.revenue,
    ).toBe(0);
    expect(
      rollupEntryOf({ ...base, quantity: 2, total_amount: 20, paid_amount: 30, refunded_amount: 10 })
        ?.revenue,
    ).toBe(2000);
  });

  it('skips what the statistics skip: no creation moment or no usable total', () => {
    expect(
      rollupEntryOf({ status: 'pending', total_amount: 10, stats_day: '2026-11-20', created_at: null }),
    ).toBeNull();
    expect(
      rollupEntryOf({
        status: 'pending',
        total_amount: '10',
        stats_day: '2026-11-20',
        created_at: createdAt,
      }),
    ).toBeNull();
    expect(
      rollupEntryOf({ status: 'pending', total_amount: NaN, stats_day: '2026-11-20', created_at: createdAt }),
    ).toBeNull();
  });
});

describe('reading stored shards', () => {
  it('reads malformed numbers as zeros instead of failing', () => {
    expect(
      readTotalShard({ kind: 'total', shard: 3, count: { pending: 2, delivered: 'x' }, revenue: null }),
    ).toEqual({
      kind: 'total',
      shard: 3,
      count: { pending: 2 },
      revenue: {},
    });
    expect(
      readMonthShard({ kind: 'month', month: '2026-11', shard: 1, days: { d21: { count: { pending: 1 } } } }),
    ).toEqual({
      kind: 'month',
      month: '2026-11',
      shard: 1,
      days: { d21: { count: { pending: 1 }, revenue: {} } },
    });
  });
});

describe('orderCountsFromTotals', () => {
  it('sums the shards per status and counts the open orders', () => {
    const shard = (n: number, count: Record<string, number>): TotalShard => ({
      kind: 'total',
      shard: n,
      count,
      revenue: {},
    });
    expect(
      orderCountsFromTotals([
        shard(0, { pending: 2, delivered: 5, cancelled: 1 }),
        shard(7, { pending: 1, confirmed: 1, preparing: 1, delivering: 1, shipped: 1 }),
      ]),
    ).toEqual({
      byStatus: {
        pending: 3,
        confirmed: 1,
        preparing: 1,
        delivering: 1,
        delivered: 5,
        cancelled: 1,
        returned: 0,
      },
      open: 6,
      total: 13,
    });
  });
});

describe('chartMonths', () => {
  it('names this Dhaka month, and the one before while the 14 days reach into it', () => {
    expect(chartMonths(new Date('2026-11-21T06:00:00Z'))).toEqual(['2026-11']);
    expect(chartMonths(new Date('2026-12-03T06:00:00Z'))).toEqual(['2026-11', '2026-12']);
    // 1 Jan 2027 00:01 in Dhaka is still 31 Dec in UTC.
    expect(chartMonths(new Date('2026-12-31T18:01:00Z'))).toEqual(['2026-12', '2027-01']);
  });
});
