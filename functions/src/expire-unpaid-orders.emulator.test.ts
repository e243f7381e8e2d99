// expireUnpaidOrders against the repo's Firestore emulator, in-process, through the real placeOrder: whether two
// runs at once cancel an order once is decided by Firestore's transactions, which no fake could prove.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  readMonthShard,
  readTotalShard,
  rollupsFromEntries,
  talliesFromRollups,
  type StatsTallies,
} from '../../src/features/admin-stats/model';
import { cancelUnpaidOrder, EXPIRY_PAGE_SIZE, expireUnpaidOrders } from './expire-unpaid-orders';
import { rollupEntryOfOrder } from './order-stats';
import { setOrderStatus } from './set-order-status';
import { lemonOrder, placeOrder, useLemonShelf } from './testing/lemon-shelf';

const shelf = useLemonShelf('expire-unpaid-orders-emulator-test');
const customer = { uid: 'rahima', token: { email: 'rahima@example.com' } };
const seller = { uid: 'seller', token: { email: 'seller@example.com', email_verified: true } };
const HOUR = 60 * 60 * 1000;
const now = new Date('2026-11-27T09:00:00Z');

/**
 * Rahima orders `quantity` jars paid by bKash (placed as one, so the roll-ups count it as placeOrder does); its
 * payment is then `state`, due at `due`.
 */
async function walletOrder(quantity: number, due: Date | null, state = 'awaiting_payment', by = customer) {
  const { orderId } = await placeOrder(shelf.db, by, lemonOrder({ quantity, paymentMethod: 'bkash' }));
  await shelf.db.doc(`orders/${orderId}`).update({
    payment_method: 'bkash',
    payment_state: state,
    payment_due_at: due ? Timestamp.fromDate(due) : null,
  });
  return orderId;
}

const order = async (id: string) => (await shelf.db.doc(`orders/${id}`).get()).data()!;

/** The roll-ups in Firestore, as tallies without zeros, against a recount of the orders. */
async function rollupsAndRecount() {
  const [stats, orders] = await Promise.all([
    shelf.db.collection('order_stats').get(),
    shelf.db.collection('orders').get(),
  ]);
  const stored = talliesFromRollups(
    stats.docs.filter((d) => d.get('kind') === 'total').map((d) => readTotalShard(d.data())),
    stats.docs.filter((d) => d.get('kind') === 'month').map((d) => readMonthShard(d.data())),
  );
  const recount = rollupsFromEntries(
    orders.docs.map((d) => rollupEntryOfOrder(d.data())).filter((entry) => entry !== null),
  );
  const recounted = talliesFromRollups(
    [{ kind: 'total', shard: 0, ...recount.total }],
    [...recount.months].map(([month, days]) => ({ kind: 'month' as const, month, shard: 0, days })),
  );
  const plain = (tallies: StatsTallies) => ({
    count: Object.fromEntries([...tallies.count].filter(([, n]) => n !== 0).sort()),
    revenue: Object.fromEntries([...tallies.revenue].filter(([, n]) => n !== 0).sort()),
  });
  return { stored: plain(stored), recounted: plain(recounted) };
}

beforeEach(async () => {
  const stats = await shelf.db.collection('order_stats').get();
  await Promise.all(stats.docs.map((doc) => doc.ref.delete()));
  await shelf.db.doc('roles/seller').set({ user_id: 'seller', role: 'admin' });
});

describe('expireUnpaidOrders, the scheduled cancel of bKash/Nagad orders not paid in time', () => {
  it('gives an expired order the seller reopens a fresh payment time, so the next run leaves it be', async () => {
    const late = await walletOrder(1, new Date(now.getTime() - HOUR));
    await expireUnpaidOrders(shelf.db, now);
    expect(await order(late)).toMatchObject({ status: 'cancelled' });

    await setOrderStatus(shelf.db, seller, { orderId: late, status: 'pending' });
    const due = (await order(late)).payment_due_at as Timestamp;
    expect(due.toMillis()).toBeGreaterThan(Date.now());
    expect(await expireUnpaidOrders(shelf.db, now)).toEqual({ cancelled: 0, passed: 0, failed: [] });
    expect(await order(late)).toMatchObject({ status: 'pending' });
  });

  it('cancels an unpaid order past its limit: its jars back on the shelf, marked payment_expired', async () => {
    const late = await walletOrder(2, new Date(now.getTime() - HOUR));
    expect(await shelf.stock()).toBe(3);

    const report = await expireUnpaidOrders(shelf.db, now);

    expect(report).toEqual({ cancelled: 1, passed: 0, failed: [] });
    const cancelled = await order(late);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'payment_expired',
      payment_state: 'awaiting_payment', // the payment stays as it was
    });
    expect(cancelled.cancelled_at).toBeInstanceOf(Timestamp);
    expect(await shelf.stock()).toBe(5);
    // The customer's summary no longer counts what the cancelled order would have cost.
    const summary = (await shelf.db.doc('customers/user:rahima').get()).data();
    expect(summary).toMatchObject({ order_count: 1, spent: 0 });
    const { stored, recounted } = await rollupsAndRecount();
    expect(stored).toEqual(recounted);
    expect(stored.count).toEqual({ cancelled: 1 });
  });

  it('leaves alone what is not overdue: not yet due, paid, claimed, cash, or no longer open', async () => {
    const past = new Date(now.getTime() - HOUR);
    const notYet = await walletOrder(1, new Date(now.getTime() + HOUR));
    const claimed = await walletOrder(1, past, 'claimed');
    const verified = await walletOrder(1, past, 'verified');
    const { orderId: cash } = await placeOrder(shelf.db, seller, lemonOrder());
    const delivered = await walletOrder(1, past, 'awaiting_payment', seller);
    await setOrderStatus(shelf.db, seller, { orderId: delivered, status: 'delivered' });
    const stockBefore = await shelf.stock();

    expect(await expireUnpaidOrders(shelf.db, now)).toEqual({ cancelled: 0, passed: 0, failed: [] });

    for (const id of [notYet, claimed, verified, cash]) expect((await order(id)).status).toBe('pending');
    expect((await order(delivered)).status).toBe('delivered');
    expect(await shelf.stock()).toBe(stockBefore);
  });

  it('cancels a rejected payment past its new limit, exactly at the limit too', async () => {
    const rejected = await walletOrder(1, now, 'rejected');
    expect(await expireUnpaidOrders(shelf.db, now)).toMatchObject({ cancelled: 1 });
    expect(await order(rejected)).toMatchObject({ status: 'cancelled', payment_state: 'rejected' });
  });

  it('cancels each order once when two runs overlap, and a third finds nothing', async () => {
    await shelf.db.doc('products/lemon').update({ stock_quantity: 100 });
    const past = new Date(now.getTime() - HOUR);
    const ids = [];
    // At most three open orders per customer: two customers.
    for (let i = 0; i < 6; i++)
      ids.push(await walletOrder(1 + (i % 3), past, 'awaiting_payment', i < 3 ? customer : seller));
    const stockBefore = await shelf.stock();

    const [first, second] = await Promise.all([
      expireUnpaidOrders(shelf.db, now),
      expireUnpaidOrders(shelf.db, now),
    ]);

    expect(first.failed).toEqual([]);
    expect(second.failed).toEqual([]);
    expect(first.cancelled + second.cancelled).toBe(6);
    for (const id of ids) expect((await order(id)).status).toBe('cancelled');
    expect(await shelf.stock()).toBe(stockBefore + 1 + 2 + 3 + 1 + 2 + 3);
    const { stored, recounted } = await rollupsAndRecount();
    expect(stored).toEqual(recounted);
    expect(await expireUnpaidOrders(shelf.db, now)).toEqual({ cancelled: 0, passed: 0, failed: [] });
  });

  it('leaves a parcel already with the courier alone: its slip has the courier collect the total', async () => {
    const onTheRoad = await walletOrder(1, new Date(now.getTime() - HOUR));
    await shelf.db.doc(`orders/${onTheRoad}`).update({ status: 'delivering' });

    expect(await expireUnpaidOrders(shelf.db, now)).toEqual({ cancelled: 0, passed: 0, failed: [] });
    expect(await cancelUnpaidOrder(shelf.db, onTheRoad, now)).toBe('closed');
    expect((await order(onTheRoad)).status).toBe('delivering');
  });

  it('pages through more overdue orders than one page holds', async () => {
    await shelf.db.doc('products/lemon').update({ stock_quantity: 1000 });
    const past = new Date(now.getTime() - HOUR);
    const count = EXPIRY_PAGE_SIZE + 5;
    const batch = shelf.db.batch();
    for (let i = 0; i < count; i++) {
      batch.set(shelf.db.collection('orders').doc(`late-${i}`), {
        product_id: 'lemon',
        quantity: 1,
        total_amount: 160.5,
        status: i % 2 ? 'confirmed' : 'pending',
        payment_method: 'nagad',
        payment_state: 'awaiting_payment',
        payment_due_at: Timestamp.fromDate(new Date(past.getTime() - i * 1000)),
        created_at: Timestamp.fromDate(past),
      });
    }
    await batch.commit();

    const report = await expireUnpaidOrders(shelf.db, now);

    expect(report).toEqual({ cancelled: count, passed: 0, failed: [] });
    expect(await shelf.stock()).toBe(1000 + count);
  }, 120_000);
});
