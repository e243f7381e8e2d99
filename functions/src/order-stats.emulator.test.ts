// The roll-ups against the repo's Firestore emulator, in-process, through the real placeOrder, setOrderStatus,
// submitPayment, reviewPayment and the expiry's cancelUnpaidOrder: whether increments made inside racing, retried transactions add up is for Firestore's
// transactions to decide, which no fake could prove.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  chartMonths,
  computeDashboardStats,
  readMonthShard,
  readTotalShard,
  rollupsFromEntries,
  statsFromRollups,
  talliesFromRollups,
  type StatsTallies,
  type StatusNumbers,
} from '../../src/features/admin-stats/model';
import { ORDER_STATUSES } from '../../src/features/ordering/model';
import { rebuildOrderStats, rollupEntryOfOrder } from './order-stats';
import { reviewPayment } from './review-payment';
import { cancelUnpaidOrder } from './expire-unpaid-orders';
import { setOrderStatus } from './set-order-status';
import { submitPayment } from './submit-payment';
import { lemonOrder, placeOrder, useLemonShelf } from './testing/lemon-shelf';

const shelf = useLemonShelf('order-stats-emulator-test');
const seller = { uid: 'seller', token: { email: 'seller@example.com', email_verified: true } }; // an admin: role record + verified e-mail
const STATUSES = ORDER_STATUSES;
const DAY = 24 * 60 * 60 * 1000;

/** A small deterministic generator (mulberry32), so a failing sequence can be replayed from its seed. */
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

async function storedRollups() {
  const docs = (await shelf.db.collection('order_stats').get()).docs;
  return {
    ids: docs.map((doc) => doc.id).sort(),
    data: Object.fromEntries(docs.map((doc) => [doc.id, doc.data()])),
    totals: docs.filter((doc) => doc.get('kind') === 'total').map((doc) => readTotalShard(doc.data())),
    months: docs.filter((doc) => doc.get('kind') === 'month').map((doc) => readMonthShard(doc.data())),
  };
}

async function storedOrders() {
  return (await shelf.db.collection('orders').get()).docs.map((doc) => doc.data());
}

/** Tallies as plain objects without zeros: an increment that went +1 then −1 leaves a 0 a recount has not. */
function plain(tallies: StatsTallies) {
  const numbers = (map: ReadonlyMap<string, number>): StatusNumbers =>
    Object.fromEntries([...map].filter(([, n]) => n !== 0).sort(([a], [b]) => a.localeCompare(b)));
  return {
    count: numbers(tallies.count),
    revenue: numbers(tallies.revenue),
    days: Object.fromEntries(
      [...tallies.days]
        .map(
          ([day, tally]) => [day, { count: numbers(tally.count), revenue: numbers(tally.revenue) }] as const,
        )
        .filter(([, tally]) => Object.keys(tally.count).length > 0 || Object.keys(tally.revenue).length > 0)
        .sort(([a], [b]) => a.localeCompare(b)),
    ),
  };
}

/** The roll-ups in Firestore against a recount of the orders, and the tab's numbers against computeDashboardStats. */
async function expectRollupsToMatchOrders() {
  const [rollups, orders] = await Promise.all([storedRollups(), storedOrders()]);
  const recount = rollupsFromEntries(orders.map(rollupEntryOfOrder).filter((entry) => entry !== null));
  const recounted = talliesFromRollups(
    [{ kind: 'total', shard: 0, ...recount.total }],
    [...recount.months].map(([month, days]) => ({ kind: 'month' as const, month, shard: 0, days })),
  );
  expect(plain(talliesFromRollups(rollups.totals, rollups.months))).toEqual(plain(recounted));

  const now = new Date();
  const shown = new Set(chartMonths(now));
  const tabMonths = rollups.months.filter((shard) => shown.has(shard.month));
  expect(rollups.totals.length + tabMonths.length).toBeLessThanOrEqual(30);
  // As the stats tab always read them: an order without a creation moment is not counted.
  const statsOrders = orders
    .filter((order) => order.created_at instanceof Timestamp)
    .map((order) => ({
      status: String(order.status),
      total_amount: order.total_amount as number,
      created_at: (order.created_at as Timestamp).toDate(),
      payment_method: order.payment_method,
      payment_state: order.payment_state,
    }));
  expect(statsFromRollups(rollups.totals, tabMonths, now)).toEqual(computeDashboardStats(statsOrders, now));
  return { rollups, orders };
}

beforeEach(async () => {
  const stats = await shelf.db.collection('order_stats').get();
  await Promise.all(stats.docs.map((doc) => doc.ref.delete()));
  await shelf.db.doc('roles/seller').set({ user_id: 'seller', role: 'admin' });
  await shelf.db.doc('products/lemon').update({ stock_quantity: 10_000 });
});

describe('the roll-ups kept by placeOrder and setOrderStatus', () => {
  it('counts a new order in one total shard and one shard of its month, under its Dhaka day', async () => {
    const { orderId } = await placeOrder(shelf.db, seller, lemonOrder({ quantity: 3 }));
    const order = (await shelf.db.doc(`orders/${orderId}`).get()).data()!;
    const day = order.stats_day as string;
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const { ids, data } = await storedRollups();
    expect(ids).toHaveLength(2);
    const total = ids.find((id) => id.startsWith('total-'))!;
    const month = ids.find((id) => id.startsWith('month-'))!;
    expect(total).toMatch(/^total-\d$/);
    expect(month).toBe(`month-${day.slice(0, 7)}-${total.slice(6)}`);
    // A cash order is no money until the courier collects it: counted, with no revenue yet.
    expect(data[total]).toEqual({ kind: 'total', shard: Number(total.slice(6)), count: { pending: 1 } });
    expect(data[month].days).toEqual({ [`d${day.slice(8)}`]: { count: { pending: 1 } } });
  });

  it('moves the numbers with a status change, and leaves them alone when the status stays', async () => {
    const { orderId } = await placeOrder(shelf.db, seller, lemonOrder({ quantity: 2 }));
    await setOrderStatus(shelf.db, seller, { orderId, status: 'cancelled' });
    await setOrderStatus(shelf.db, seller, { orderId, status: 'cancelled' });
    const { totals } = (await expectRollupsToMatchOrders()).rollups;
    const summed = talliesFromRollups(totals, []);
    expect(summed.count.get('cancelled')).toBe(1);
    expect(summed.count.get('pending') ?? 0).toBe(0);
    // A cancelled order is no revenue.
    expect(summed.revenue.get('cancelled') ?? 0).toBe(0);
    expect(summed.revenue.get('pending') ?? 0).toBe(0);
  });

  it('counts a bKash order’s revenue once its payment is verified, and a returned parcel’s not at all', async () => {
    const { orderId } = await placeOrder(
      shelf.db,
      seller,
      lemonOrder({
        quantity: 2,
        paymentMethod: 'bkash',
        paymentTrxId: '8N7A6D5EE7',
        paymentPayer: '01712345678',
      }),
    );
    const revenue = async () =>
      [...talliesFromRollups((await storedRollups()).totals, []).revenue.values()].reduce((a, b) => a + b, 0);
    expect(await revenue()).toBe(0);
    await reviewPayment(shelf.db, seller, { orderId, decision: 'verify' });
    expect(await revenue()).toBe(32100);
    await setOrderStatus(shelf.db, seller, { orderId, status: 'delivering' });
    expect(await revenue()).toBe(32100);
    await setOrderStatus(shelf.db, seller, { orderId, status: 'returned' });
    expect(await revenue()).toBe(0);
    const { totals } = (await expectRollupsToMatchOrders()).rollups;
    expect(talliesFromRollups(totals, []).count.get('returned')).toBe(1);
  });

  it('moves the numbers once when the same cancel arrives ten times at once, and an un-cancel races a change', async () => {
    const { orderId } = await placeOrder(shelf.db, seller, lemonOrder({ quantity: 1 }));
    await Promise.all(
      Array.from({ length: 10 }, () => setOrderStatus(shelf.db, seller, { orderId, status: 'cancelled' })),
    );
    let summed = talliesFromRollups((await storedRollups()).totals, []);
    expect(summed.count.get('cancelled')).toBe(1);
    expect(summed.revenue.get('pending') ?? 0).toBe(0);
    await Promise.allSettled([
      setOrderStatus(shelf.db, seller, { orderId, status: 'pending' }),
      setOrderStatus(shelf.db, seller, { orderId, status: 'delivered' }),
    ]);
    summed = talliesFromRollups((await expectRollupsToMatchOrders()).rollups.totals, []);
    expect([...summed.count.values()].reduce((sum, n) => sum + n, 0)).toBe(1);
  }, 120_000);

  it('equal a recount of the orders after a random run of orders, payments, rejections, returns, expiries and status changes, many at once', async () => {
    const random = randomFrom(20);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
    const orders: { id: string; customer: { uid: string; token: object }; method: string }[] = [];
    let customers = 0;
    let trxIds = 0;
    // TrxIDs of the right shape, now and then one already used (refused), so claims race too.
    const trxIdFor = (method: string) => {
      if (random() < 0.15 && trxIds > 0) return trxIdOf(method, Math.floor(random() * trxIds));
      trxIds += 1;
      return trxIdOf(method, trxIds);
    };
    const trxIdOf = (method: string, n: number) =>
      (method === 'bkash' ? 'BK' : 'NG') + String(n).padStart(method === 'bkash' ? 8 : 6, '0');
    const newOrder = async () => {
      customers += 1;
      const customer = { uid: `customer-${customers}`, token: {} };
      const method = pick(['cash_on_delivery', 'bkash', 'nagad']);
      const payNow = method !== 'cash_on_delivery' && random() < 0.4;
      const { orderId } = await placeOrder(
        shelf.db,
        customer,
        lemonOrder({
          quantity: 1 + Math.floor(random() * 4),
          paymentMethod: method,
          ...(payNow && { paymentTrxId: trxIdFor(method), paymentPayer: '01712345678' }),
        }),
      );
      orders.push({ id: orderId, customer, method });
    };
    for (let index = 0; index < 8; index += 1) await newOrder();

    const outcomes: PromiseSettledResult<unknown>[] = [];
    const kinds: Record<string, number> = {};
    for (let round = 0; round < 6; round += 1) {
      // Each round, all at once: new orders; status changes (returns among them) that often hit the same order
      // (cancel and un-cancel racing, the same cancel twice); TrxIDs sent, verified and rejected; and the
      // expiry cancelling unpaid orders (their due time taken as passed).
      const operations = Array.from({ length: 12 }, () => {
        const roll = random();
        if (roll < 0.2) return newOrder();
        const target = pick(orders);
        const orderId = target.id;
        const count = (kind: string) => (kinds[kind] = (kinds[kind] ?? 0) + 1);
        if (roll < 0.35 && target.method !== 'cash_on_delivery') {
          count('submit');
          return submitPayment(shelf.db, target.customer, {
            orderId,
            trxId: trxIdFor(target.method),
            payer: '01812345678',
          });
        }
        if (roll < 0.55) {
          const decision = pick(['verify', 'verify', 'reject'] as const);
          count(decision);
          return reviewPayment(shelf.db, seller, { orderId, decision, reason: 'টাকা পাওয়া যায়নি' });
        }
        if (roll < 0.65) {
          count('expiry');
          return cancelUnpaidOrder(shelf.db, orderId, new Date(Date.now() + 1000 * 60 * 60 * 1000)).then(
            (outcome) => outcome === 'cancelled' && count('expired'),
          );
        }
        count('status');
        return setOrderStatus(shelf.db, seller, { orderId, status: pick(STATUSES) });
      });
      outcomes.push(...(await Promise.allSettled(operations)));
    }
    const { orders: stored } = await expectRollupsToMatchOrders();
    // The run did what it says: orders in several statuses and payment states, changes that went through.
    expect(new Set(stored.map((order) => order.status)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(stored.map((order) => order.payment_state)).size).toBeGreaterThanOrEqual(4);
    expect(kinds.expired).toBeGreaterThan(0);
    expect(kinds.verify).toBeGreaterThan(0);
    expect(stored.some((order) => order.status === 'returned' || order.payment_state === 'rejected')).toBe(
      true,
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled').length).toBeGreaterThan(30);
  }, 240_000);
});

describe('stats:rebuild (rebuildOrderStats)', () => {
  /** Orders stored before the roll-ups: no stats_day, spread over three months, written directly. */
  async function oldOrders() {
    const now = Date.now();
    const batch = shelf.db.batch();
    for (let index = 0; index < 40; index += 1) {
      const at = Timestamp.fromMillis(now - index * 2.3 * DAY);
      batch.set(shelf.db.doc(`orders/old-${String(index).padStart(2, '0')}`), {
        product_id: 'lemon',
        product_name: 'লেবুর আচার',
        product_price: 160.5,
        quantity: 1 + (index % 3),
        total_amount: 160.5 * (1 + (index % 3)),
        customer_name: 'রহিমা বেগম',
        customer_phone: '01712345678',
        customer_email: null,
        customer_address: 'কেরানীগঞ্জ, ঢাকা',
        // Some paid by bKash before payments were tracked: read as still awaited, so no revenue.
        payment_method: index % 5 === 1 ? 'bkash' : 'cash_on_delivery',
        user_id: `old-${index}`,
        status: STATUSES[index % STATUSES.length],
        created_at: at,
        updated_at: at,
      });
    }
    // One the statistics skip, as they always did: no creation moment.
    batch.set(shelf.db.doc('orders/old-broken'), { status: 'pending', total_amount: 10 });
    await batch.commit();
  }

  it('recomputes the roll-ups from the orders, back-fills stats_day, and a second run changes nothing', async () => {
    await oldOrders();
    await shelf.db
      .doc('order_stats/month-1999-01-4')
      .set({ kind: 'month', month: '1999-01', shard: 4, days: {} });

    const first = await rebuildOrderStats(shelf.db, { pageSize: 7 });
    expect(first).toMatchObject({ orders: 40, skipped: 1, backfilled: 40, deleted: 1 });
    const afterFirst = await storedRollups();
    expect(afterFirst.ids).not.toContain('month-1999-01-4');
    expect((await shelf.db.doc('orders/old-05').get()).get('stats_day')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expectRollupsToMatchOrders();

    const second = await rebuildOrderStats(shelf.db, { pageSize: 7 });
    expect(second).toMatchObject({ orders: 40, skipped: 1, backfilled: 0, deleted: 0 });
    expect((await storedRollups()).data).toEqual(afterFirst.data);
  });

  it('leaves roll-ups that the functions keep correct for old orders changed after the rebuild', async () => {
    await oldOrders();
    await rebuildOrderStats(shelf.db);
    await Promise.all([
      setOrderStatus(shelf.db, seller, { orderId: 'old-39', status: 'delivered' }), // three months back
      setOrderStatus(shelf.db, seller, { orderId: 'old-05', status: 'pending' }), // un-cancel
      setOrderStatus(shelf.db, seller, { orderId: 'old-00', status: 'cancelled' }),
      placeOrder(shelf.db, seller, lemonOrder()),
    ]);
    const before = await expectRollupsToMatchOrders();
    await rebuildOrderStats(shelf.db);
    const after = await storedRollups();
    expect(plain(talliesFromRollups(after.totals, after.months))).toEqual(
      plain(talliesFromRollups(before.rollups.totals, before.rollups.months)),
    );
  });
});
