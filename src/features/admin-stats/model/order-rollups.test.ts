import { computeDashboardStats, dhakaDateKey, type StatsOrder } from './dashboard-stats';
import {
  holdsJars,
  mayMovePayment,
  ORDER_STATUSES,
  UNPAID_PAYMENT_STATES,
  type PaymentMethod,
  type PaymentState,
} from '../../ordering/model';
import {
  chartMonths,
  dayFieldOf,
  monthOfDay,
  orderCountsFromTotals,
  readMonthShard,
  readTotalShard,
  rollupChangeForNewOrder,
  rollupChangeForPayment,
  rollupChangeForStatus,
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
const PAYMENT_STATES_OF = (method: PaymentMethod): PaymentState[] =>
  method === 'cash_on_delivery' ? ['collect_on_delivery'] : ['awaiting_payment', 'claimed'];

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

interface SimulatedOrder extends StatsOrder {
  stats_day: string;
  payment_method: PaymentMethod;
  payment_state: PaymentState;
}

/**
 * `count` orders over the 70 days before `now`, cash, bKash and Nagad (some paid at once), then a random history:
 * status changes (returns among them), TrxIDs claimed, verified and rejected, and unpaid orders cancelled by the
 * expiry (a status change to cancelled, as the scheduler makes it).
 */
function simulate(seed: number, count: number, now: Date) {
  const random = randomFrom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const store = new ShardStore();
  const orders: SimulatedOrder[] = [];
  const moves = { status: 0, payment: 0, expiry: 0 };
  for (let index = 0; index < count; index += 1) {
    const created_at = new Date(now.getTime() - Math.floor(random() * 70 * DAY));
    // Whole taka, taka and poisha, and the amounts that drift in floating point (0.1, 0.2, 160.5 × 3).
    const total_amount = pick([0.1, 0.2, 99.99, 481.5, 250, Math.round(random() * 500000) / 100]);
    const payment_method = pick(METHODS);
    const order: SimulatedOrder = {
      status: 'pending',
      total_amount,
      created_at,
      stats_day: dhakaDateKey(created_at),
      payment_method,
      payment_state: pick(PAYMENT_STATES_OF(payment_method)),
    };
    orders.push(order);
    store.apply(rollupChangeForNewOrder(rollupEntryOf(order)!), Math.floor(random() * ROLLUP_SHARDS));
  }
  const shard = () => Math.floor(random() * ROLLUP_SHARDS);
  for (let step = 0; step < count * 4; step += 1) {
    const order = pick(orders);
    const roll = random();
    if (roll < 0.35 && order.payment_method !== 'cash_on_delivery') {
      // The customer sends a TrxID, or the seller verifies or rejects one: whichever move the state allows.
      const to = pick<PaymentState>(['claimed', 'verified', 'rejected']);
      const actor = to === 'claimed' ? 'customer' : 'seller';
      if (!mayMovePayment(actor, order.payment_state, to)) continue;
      const change = rollupChangeForPayment(rollupEntryOf(order)!, to);
      if (change) store.apply(change, shard());
      order.payment_state = to;
      moves.payment += 1;
      continue;
    }
    let to: string;
    if (roll < 0.45) {
      // The expiry: an unpaid wallet order still holding its jars is cancelled.
      if (!(UNPAID_PAYMENT_STATES as readonly string[]).includes(order.payment_state)) continue;
      if (!holdsJars(order.status as never) || order.status === 'delivered') continue;
      to = 'cancelled';
      moves.expiry += 1;
    } else {
      // Cancels, un-cancels, returns, every other move, and now and then a status the shop does not know.
      to = random() < 0.02 ? 'shipped' : pick(STATUSES);
      moves.status += 1;
    }
    const change = rollupChangeForStatus(rollupEntryOf(order)!, to);
    if (change) store.apply(change, shard());
    order.status = to;
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
    // in every state, expiries, and revenue that is not every order's total.
    expect(fromRollups.daily.some((day) => day.orders > 0)).toBe(true);
    expect(fromRollups.statusBreakdown.every((entry) => entry.count > 0)).toBe(true);
    expect(new Set(orders.map((order) => order.payment_state)).size).toBe(5);
    expect(moves.expiry).toBeGreaterThan(5);
    expect(moves.payment).toBeGreaterThan(50);
    const unpaid = orders.filter(
      (order) => order.payment_state !== 'verified' && order.payment_method !== 'cash_on_delivery',
    );
    expect(unpaid.some((order) => ['delivered', 'pending'].includes(order.status))).toBe(true);
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
  const entry = {
    status: 'pending',
    poisha: 48150,
    day: '2026-11-21',
    payment: 'collect_on_delivery',
  } as const;
  const bkash = { ...entry, payment: 'awaiting_payment' } as const;

  it('adds a new order to its status and day, and its total to the revenue when it is revenue', () => {
    expect(rollupChangeForNewOrder(entry)).toEqual({
      day: '2026-11-21',
      count: { pending: 1 },
      revenue: { pending: 48150 },
    });
    expect(rollupChangeForNewOrder(bkash)).toEqual({ day: '2026-11-21', count: { pending: 1 }, revenue: {} });
  });

  it('moves the count, and the revenue as far as it is revenue, and nothing when the status stays', () => {
    expect(rollupChangeForStatus(entry, 'cancelled')).toEqual({
      day: '2026-11-21',
      count: { pending: -1, cancelled: 1 },
      revenue: { pending: -48150 },
    });
    expect(rollupChangeForStatus({ ...entry, status: 'delivering' }, 'returned')).toEqual({
      day: '2026-11-21',
      count: { delivering: -1, returned: 1 },
      revenue: { delivering: -48150 },
    });
    expect(rollupChangeForStatus(entry, 'confirmed')).toEqual({
      day: '2026-11-21',
      count: { pending: -1, confirmed: 1 },
      revenue: { pending: -48150, confirmed: 48150 },
    });
    expect(rollupChangeForStatus(bkash, 'confirmed')).toEqual({
      day: '2026-11-21',
      count: { pending: -1, confirmed: 1 },
      revenue: {},
    });
    expect(rollupChangeForStatus(entry, 'pending')).toBeNull();
  });

  it('adds a bKash/Nagad order to the revenue once verified, and to nothing while cancelled', () => {
    expect(rollupChangeForPayment({ ...bkash, payment: 'claimed' }, 'verified')).toEqual({
      day: '2026-11-21',
      count: {},
      revenue: { pending: 48150 },
    });
    expect(rollupChangeForPayment(bkash, 'claimed')).toBeNull();
    expect(rollupChangeForPayment({ ...bkash, payment: 'claimed' }, 'rejected')).toBeNull();
    expect(
      rollupChangeForPayment({ ...bkash, status: 'cancelled', payment: 'claimed' }, 'verified'),
    ).toBeNull();
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
    ).toEqual({ status: 'delivered', poisha: 48150, day: '2026-11-20', payment: 'collect_on_delivery' });
  });

  it('falls back to the Dhaka day of created_at for an order stored before the roll-ups', () => {
    expect(
      rollupEntryOf({ status: 'pending', total_amount: 10, stats_day: undefined, created_at: createdAt }),
    ).toEqual({ status: 'pending', poisha: 1000, day: '2026-11-21', payment: 'collect_on_delivery' });
    expect(
      rollupEntryOf({ status: 'pending', total_amount: 10, stats_day: '2026-13-01', created_at: createdAt }),
    ).toEqual({ status: 'pending', poisha: 1000, day: '2026-11-21', payment: 'collect_on_delivery' });
  });

  it('reads the payment state, an order from before payments by its method', () => {
    const base = { status: 'pending', total_amount: 10, stats_day: '2026-11-20', created_at: createdAt };
    expect(rollupEntryOf({ ...base, payment_method: 'bkash' })?.payment).toBe('awaiting_payment');
    expect(rollupEntryOf({ ...base, payment_method: 'nagad', payment_state: 'verified' })?.payment).toBe(
      'verified',
    );
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
