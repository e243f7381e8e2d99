// The search fields and customer summaries against the repo's Firestore emulator, in-process: placeOrder and
// setOrderStatus keep them in their transactions, and the rebuild recomputes the same from the orders.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { dhakaDateKey } from '../../src/features/admin-stats/model';
import { orderSearchTerms, shortOrderId } from '../../src/features/ordering/model';
import { rebuildOrderSearchAndCustomers } from './customer-summary';
import { setOrderStatus } from './set-order-status';
import { lemonOrder, placeOrder, useLemonShelf } from './testing/lemon-shelf';

const shelf = useLemonShelf('customer-summary-emulator-test');

const rahima = { uid: 'rahima', token: { email: 'rahima@example.com' } };
const karim = { uid: 'karim', token: {} };
const seller = { uid: 'seller', token: { email_verified: true } }; // an admin: role record + verified e-mail

const order = async (id: string) => (await shelf.db.doc(`orders/${id}`).get()).data()!;
const customer = async (key: string) => (await shelf.db.doc(`customers/${key}`).get()).data();
const allCustomers = async () =>
  Object.fromEntries(
    (await shelf.db.collection('customers').get()).docs.map((doc) => {
      const { last_order_at, ...rest } = doc.data();
      return [doc.id, { ...rest, last_order_at: (last_order_at as Timestamp).toMillis() }];
    }),
  );

beforeEach(async () => {
  await shelf.db.doc('roles/seller').set({ user_id: 'seller', role: 'admin' });
  await shelf.db.doc('products/lemon').update({ stock_quantity: 50 });
});

describe('placeOrder', () => {
  it('writes the search fields with the order', async () => {
    const before = new Date();
    const { orderId } = await placeOrder(
      shelf.db,
      rahima,
      lemonOrder({ customerName: 'রহিমা বেগম', customerPhone: '+880 1712-345678' }),
    );
    const stored = await order(orderId);
    expect(stored.search_phone).toBe('01712345678');
    expect(stored.customer_key).toBe('user:rahima');
    expect(stored.search_terms).toEqual(
      orderSearchTerms({ id: orderId, customer_name: 'রহিমা বেগম', product_name: 'লেবুর আচার' }),
    );
    expect(stored.search_terms).toEqual(
      expect.arrayContaining([shortOrderId(orderId).toLowerCase(), 'রহি', 'বেগম', 'লেবুর']),
    );
    expect([dhakaDateKey(before), dhakaDateKey(new Date())]).toContain(stored.stats_day);
    expect(stored.stats_day).toBe(dhakaDateKey((stored.created_at as Timestamp).toDate()));
  });

  it("counts each order in its customer's summary: count, spent in poisha, latest name and moment", async () => {
    await placeOrder(shelf.db, rahima, lemonOrder({ quantity: 2 }));
    const { orderId } = await placeOrder(shelf.db, rahima, lemonOrder({ customerName: 'Rahima B' }));
    await placeOrder(shelf.db, karim, lemonOrder({ customerName: 'করিম' }));
    const summary = await customer('user:rahima');
    expect(summary).toMatchObject({
      name: 'Rahima B',
      phone: '01712345678',
      email: 'rahima@example.com',
      order_count: 2,
      spent: 3 * 16050,
      search_phone: '01712345678',
    });
    expect(summary?.search_terms).toEqual(['r', 'ra', 'rah', 'rahi', 'rahim', 'rahima', 'b']);
    expect((summary?.last_order_at as Timestamp).toMillis()).toBe(
      ((await order(orderId)).created_at as Timestamp).toMillis(),
    );
    expect(await customer('user:karim')).toMatchObject({ order_count: 1, spent: 16050 });
  });

  it('counts every order of one customer placed at once exactly once', async () => {
    await Promise.all(
      Array.from({ length: 3 }, (_, index) =>
        placeOrder(shelf.db, { uid: 'busy', token: {} }, lemonOrder({ quantity: index + 1 })),
      ),
    );
    expect(await customer('user:busy')).toMatchObject({ order_count: 3, spent: 6 * 16050 });
  });
});

describe('setOrderStatus', () => {
  it('takes a cancelled order off what its customer spent and puts it back when it is un-cancelled', async () => {
    const { orderId } = await placeOrder(shelf.db, rahima, lemonOrder({ quantity: 2 }));
    await placeOrder(shelf.db, rahima, lemonOrder());
    await setOrderStatus(shelf.db, seller, { orderId, status: 'cancelled' });
    expect(await customer('user:rahima')).toMatchObject({ order_count: 2, spent: 16050 });
    // Cancelled → cancelled changes nothing; another status change does not touch what was spent.
    await setOrderStatus(shelf.db, seller, { orderId, status: 'cancelled' });
    expect(await customer('user:rahima')).toMatchObject({ spent: 16050 });
    await setOrderStatus(shelf.db, seller, { orderId, status: 'confirmed' });
    await setOrderStatus(shelf.db, seller, { orderId, status: 'delivered' });
    expect(await customer('user:rahima')).toMatchObject({ order_count: 2, spent: 3 * 16050 });
  });
});

describe('under concurrent orders and status changes', () => {
  it('the summaries the transactions keep equal a recomputation from the orders', async () => {
    const buyers = Array.from({ length: 6 }, (_, index) => ({ uid: `buyer-${index}`, token: {} }));
    const placed = await Promise.all(
      buyers.flatMap((buyer, index) =>
        [1, 2].map((quantity) =>
          placeOrder(shelf.db, buyer, lemonOrder({ quantity: quantity + (index % 2) })).then(
            (r) => r.orderId,
          ),
        ),
      ),
    );
    // A fixed but tangled sequence: cancels, un-cancels and other changes of the same orders at once.
    const statuses = ['cancelled', 'confirmed', 'cancelled', 'delivered', 'pending', 'cancelled'] as const;
    for (let round = 0; round < 3; round += 1) {
      await Promise.allSettled(
        placed.flatMap((orderId, index) => [
          setOrderStatus(shelf.db, seller, { orderId, status: statuses[(index + round) % statuses.length] }),
          setOrderStatus(shelf.db, seller, {
            orderId,
            status: statuses[(index * 5 + round) % statuses.length],
          }),
        ]),
      );
    }
    const kept = await allCustomers();
    expect(Object.keys(kept)).toHaveLength(6);
    // Not a trivial end: some orders ended cancelled, some not.
    const ended = await Promise.all(placed.map(async (id) => (await order(id)).status as string));
    expect(ended).toContain('cancelled');
    expect(ended.some((status) => status !== 'cancelled')).toBe(true);
    const report = await rebuildOrderSearchAndCustomers(shelf.db);
    expect(report).toMatchObject({ orders: 12, ordersUpdated: 0, customers: 6, customersRemoved: 0 });
    expect(await allCustomers()).toEqual(kept);
  }, 120_000);
});

describe('rebuildOrderSearchAndCustomers', () => {
  it('back-fills the fields of old orders and recomputes the same summaries the transactions kept', async () => {
    const placed = [];
    for (const [caller, quantity] of [
      [rahima, 1],
      [karim, 2],
      [rahima, 3],
    ] as const) {
      placed.push((await placeOrder(shelf.db, caller, lemonOrder({ quantity }))).orderId);
    }
    await setOrderStatus(shelf.db, seller, { orderId: placed[1], status: 'cancelled' });
    // An order from before the fields existed, by a customer without an account (keyed by phone).
    const created = Timestamp.fromDate(new Date('2025-03-01T20:30:00Z'));
    await shelf.db.doc('orders/legacy-order-1').set({
      product_id: 'lemon',
      product_name: 'লেবুর আচার',
      product_price: 160.5,
      quantity: 1,
      total_amount: 160.5,
      customer_name: 'সালমা',
      customer_phone: '০১৮১২৩৪৫৬৭৮',
      customer_email: null,
      customer_address: 'ঢাকা',
      payment_method: 'bkash',
      user_id: '',
      status: 'delivered',
      created_at: created,
      updated_at: created,
    });
    const kept = await allCustomers();
    // A summary nobody has any order for any more.
    await shelf.db.doc('customers/user:gone').set({ name: 'x', order_count: 1 });
    const fields = await order(placed[0]);

    const report = await rebuildOrderSearchAndCustomers(shelf.db);
    expect(report).toEqual({ orders: 4, ordersUpdated: 1, customers: 3, customersRemoved: 1 });

    const legacy = await order('legacy-order-1');
    expect(legacy).toMatchObject({
      stats_day: '2025-03-02', // 02:30 in Dhaka
      search_phone: '01812345678',
      customer_key: 'phone:01812345678',
    });
    expect(legacy.search_terms).toContain('সাল');
    const rebuilt = await allCustomers();
    expect(rebuilt).toEqual({
      ...kept,
      'phone:01812345678': {
        name: 'সালমা',
        phone: '০১৮১২৩৪৫৬৭৮',
        email: null,
        order_count: 1,
        spent: 16050,
        last_order_at: created.toMillis(),
        search_phone: '01812345678',
        search_terms: ['স', 'সা', 'সাল', 'সালম', 'সালমা'],
      },
    });
    // What the transactions wrote on the orders is what the rebuild computes.
    expect(await order(placed[0])).toEqual(fields);

    // Idempotent: a second run finds nothing to change and leaves the same summaries.
    expect(await rebuildOrderSearchAndCustomers(shelf.db)).toEqual({
      orders: 4,
      ordersUpdated: 0,
      customers: 3,
      customersRemoved: 0,
    });
    expect(await allCustomers()).toEqual(rebuilt);
  });

  it('keeps the day an order was counted under, and pages through more orders than one batch', async () => {
    const created = Timestamp.fromDate(new Date('2025-01-01T00:00:00Z'));
    const writer = shelf.db.bulkWriter();
    for (let index = 0; index < 520; index += 1) {
      void writer.set(shelf.db.doc(`orders/bulk-${String(index).padStart(4, '0')}`), {
        customer_name: `Buyer ${index % 7}`,
        customer_phone: '01712345678',
        product_name: 'Mango',
        user_id: '',
        total_amount: 100,
        status: 'delivered',
        created_at: created,
        ...(index === 0 ? { stats_day: '2024-12-31' } : {}),
      });
    }
    await writer.close();
    const report = await rebuildOrderSearchAndCustomers(shelf.db);
    expect(report).toMatchObject({ orders: 520, ordersUpdated: 520, customers: 1 });
    expect((await order('bulk-0000')).stats_day).toBe('2024-12-31');
    expect((await order('bulk-0519')).stats_day).toBe('2025-01-01');
    expect(await customer('phone:01712345678')).toMatchObject({ order_count: 520, spent: 520 * 10000 });
  }, 120_000);
});
