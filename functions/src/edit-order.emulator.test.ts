// editOrder against the repo's Firestore emulator, in-process: the jars, the totals, the roll-ups and the
// summaries move in the edit's own transaction, so racing edits and status changes must still add up to a
// recount, which only Firestore's transactions can prove.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  dhakaDateKey,
  readMonthShard,
  readTotalShard,
  rollupsFromEntries,
  talliesFromRollups,
} from '../../src/features/admin-stats/model';
import {
  MAX_ORDERS_PER_DAY,
  orderMessages,
  phoneMarkerId,
  phoneToE164,
  toBengaliDigits,
} from '../../src/features/ordering/model';
import { rebuildOrderSearchAndCustomers, rebuildPhoneSummaries } from './customer-summary';
import { editOrder } from './edit-order';
import { rollupEntryOfOrder } from './order-stats';
import { cancelUnpaidOrder } from './expire-unpaid-orders';
import { reviewPayment } from './review-payment';
import { setOrderStatus } from './set-order-status';
import { submitPayment } from './submit-payment';
import { lemonOrder, placeOrder, useLemonShelf } from './testing/lemon-shelf';

const shelf = useLemonShelf('edit-order-emulator-test');
const seller = { uid: 'seller', token: { email: 'seller@example.com', email_verified: true } };
const rahima = { uid: 'rahima', token: { email: 'rahima@example.com' } };
const m = orderMessages.edit;

const order = async (id: string) => (await shelf.db.doc(`orders/${id}`).get()).data()!;
const history = async (id: string) =>
  (await shelf.db.collection(`orders/${id}/history`).orderBy('at').get()).docs.map((doc) => doc.data());

async function snapshotOfShop() {
  const read = async (name: string) =>
    Object.fromEntries((await shelf.db.collection(name).get()).docs.map((doc) => [doc.id, doc.data()]));
  return {
    orders: await read('orders'),
    products: await read('products'),
    customers: await read('customers'),
    phones: await read('phone_summaries'),
    stats: await read('order_stats'),
  };
}

/** Numbers without their zeros: +1 then −1 leaves a 0 that a recount has not. */
function withoutZeros(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Map) return withoutZeros(Object.fromEntries(value));
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, n]) => n !== 0)
      .map(([key, n]) => [key, withoutZeros(n)])
      .sort(([a], [b]) => String(a).localeCompare(String(b))),
  );
}

async function expectEverythingToMatchARecount(startStock: number) {
  const orders = (await shelf.db.collection('orders').get()).docs.map((doc) => doc.data());
  // Every jar is on the shelf or in an order that holds it.
  const held = orders
    .filter((o) => o.status !== 'cancelled' && o.status !== 'returned')
    .reduce((sum, o) => sum + (o.quantity as number), 0);
  expect((await shelf.stock()) + held).toBe(startStock);
  for (const o of orders)
    expect(o.total_amount).toBeCloseTo((o.product_price as number) * (o.quantity as number), 2);

  const stats = (await shelf.db.collection('order_stats').get()).docs.map((doc) => doc.data());
  const kept = talliesFromRollups(
    stats.filter((d) => d.kind === 'total').map(readTotalShard),
    stats.filter((d) => d.kind === 'month').map(readMonthShard),
  );
  const recount = rollupsFromEntries(orders.map(rollupEntryOfOrder).filter((entry) => entry !== null));
  const recounted = talliesFromRollups(
    [{ kind: 'total', shard: 0, ...recount.total }],
    [...recount.months].map(([month, days]) => ({ kind: 'month' as const, month, shard: 0, days })),
  );
  expect(withoutZeros({ count: kept.count, revenue: kept.revenue })).toEqual(
    withoutZeros({ count: recounted.count, revenue: recounted.revenue }),
  );

  // A number's counts, not its last order's moment: an order moved to another number keeps its own time.
  const phoneCounts = (phones: Record<string, Record<string, unknown>>) =>
    withoutZeros(
      Object.fromEntries(
        Object.entries(phones)
          .map(([phone, { last_order_at: _last, ...counts }]) => [phone, withoutZeros(counts)] as const)
          .filter(([, counts]) => Object.keys(counts as object).length > 0),
      ),
    );
  const customersKept = (await snapshotOfShop()).customers;
  const phonesKept = phoneCounts((await snapshotOfShop()).phones);
  await rebuildOrderSearchAndCustomers(shelf.db);
  await rebuildPhoneSummaries(shelf.db);
  const rebuilt = await snapshotOfShop();
  expect(rebuilt.customers).toEqual(customersKept);
  expect(phoneCounts(rebuilt.phones)).toEqual(phonesKept);
}

beforeEach(async () => {
  const stats = await shelf.db.collection('order_stats').get();
  await Promise.all(stats.docs.map((doc) => doc.ref.delete()));
  await shelf.db.doc('roles/seller').set({ user_id: 'seller', role: 'admin' });
});

describe('the seller editing an order before dispatch', () => {
  it('moves the jars, the total, the spending and the revenue with the quantity, and records old → new', async () => {
    const { orderId } = await placeOrder(shelf.db, rahima, lemonOrder({ quantity: 1 }));
    await setOrderStatus(shelf.db, seller, { orderId, status: 'confirmed' });
    expect(await shelf.stock()).toBe(4);

    const result = await editOrder(shelf.db, seller, {
      orderId,
      quantity: 3,
      customerAddress: 'বাসা ১২, রোড ৫, ধানমন্ডি, ঢাকা',
    });

    expect(result.changed.sort()).toEqual(['customer_address', 'quantity']);
    expect(await shelf.stock()).toBe(2);
    const edited = await order(orderId);
    expect(edited).toMatchObject({
      quantity: 3,
      total_amount: 481.5,
      customer_address: 'বাসা ১২, রোড ৫, ধানমন্ডি, ঢাকা',
    });
    expect((await shelf.db.doc('customers/user:rahima').get()).get('spent')).toBe(48150);
    const lines = await history(orderId);
    expect(lines).toHaveLength(2); // the confirmation, then the edit
    expect(lines[0]).toMatchObject({
      by: 'seller',
      by_uid: 'seller',
      changes: [{ field: 'status', from: 'pending', to: 'confirmed' }],
    });
    expect(lines[1].by).toBe('seller');
    expect(lines[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'quantity', from: 1, to: 3 },
        { field: 'customer_address', from: 'কেরানীগঞ্জ, ঢাকা', to: 'বাসা ১২, রোড ৫, ধানমন্ডি, ঢাকা' },
        { field: 'total_amount', from: 160.5, to: 481.5 },
      ]),
    );
    expect(lines[1].at).toBeInstanceOf(Timestamp);
    await expectEverythingToMatchARecount(5);
  });

  it('moves the number summary and the search fields with a new phone and name', async () => {
    const { orderId } = await placeOrder(shelf.db, rahima, lemonOrder());
    await editOrder(shelf.db, seller, { orderId, customerPhone: '০১৮১১-২২২৩৩৩', customerName: 'রহিমা খাতুন' });
    const edited = await order(orderId);
    expect(edited).toMatchObject({
      customer_phone: '01811222333',
      customer_name: 'রহিমা খাতুন',
      search_phone: '01811222333',
    });
    expect((await shelf.db.doc('phone_summaries/01811222333').get()).get('orders')).toBe(1);
    expect((await shelf.db.doc('phone_summaries/01712345678').get()).get('orders')).toBe(0);
    expect((await shelf.db.doc('customers/user:rahima').get()).data()).toMatchObject({
      name: 'রহিমা খাতুন',
      phone: '01811222333',
    });
    await expectEverythingToMatchARecount(5);
  });

  it('refuses more jars than the shelf has, or than one order may take, and changes nothing', async () => {
    const { orderId } = await placeOrder(shelf.db, rahima, lemonOrder({ quantity: 2 }));
    const before = await snapshotOfShop();
    await expect(editOrder(shelf.db, seller, { orderId, quantity: 6 })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: m.notEnoughStock('৩'),
    });
    await expect(editOrder(shelf.db, seller, { orderId, quantity: 11 })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: orderMessages.validation.quantityAboveLimit('১০'),
    });
    await expect(editOrder(shelf.db, seller, { orderId, customerAddress: ' ' })).rejects.toMatchObject({
      message: orderMessages.validation.addressRequired,
    });
    await shelf.db
      .doc('blocked_phones/01999888777')
      .set({ phone: '01999888777', blocked_at: Timestamp.now() });
    await expect(
      editOrder(shelf.db, seller, { orderId, customerPhone: '01999888777' }),
    ).rejects.toMatchObject({
      message: orderMessages.guard.unavailable,
    });
    await shelf.db.doc('blocked_phones/01999888777').delete();
    expect(await snapshotOfShop()).toEqual(before);
    expect(await history(orderId)).toEqual([]);
  });

  it('refuses an order already on the road', async () => {
    const { orderId } = await placeOrder(shelf.db, rahima, lemonOrder());
    await setOrderStatus(shelf.db, seller, { orderId, status: 'delivering' });
    await expect(editOrder(shelf.db, seller, { orderId, quantity: 2 })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: orderMessages.ledger.notEditable,
    });
  });

  it('writes nothing when the edit asks for what the order already has', async () => {
    const { orderId } = await placeOrder(shelf.db, rahima, lemonOrder({ quantity: 2 }));
    const before = await snapshotOfShop();
    expect(await editOrder(shelf.db, seller, { orderId, quantity: 2 })).toEqual({ changed: [] });
    expect(await snapshotOfShop()).toEqual(before);
  });
});

describe('the customer editing their own pending order', () => {
  it('changes the address and phone (a verified one for cash), nothing else, and only while pending', async () => {
    const { orderId } = await placeOrder(shelf.db, rahima, lemonOrder());
    const verified = { ...rahima, token: { ...rahima.token, phone_number: phoneToE164('01811222333') } };
    await expect(
      editOrder(shelf.db, rahima, { orderId, customerPhone: '01811222333' }),
    ).rejects.toMatchObject({
      message: orderMessages.guard.phoneNotVerified,
    });
    await editOrder(shelf.db, verified, {
      orderId,
      customerPhone: '01811222333',
      customerAddress: 'মিরপুর ১০, ঢাকা',
    });
    expect(await order(orderId)).toMatchObject({
      customer_phone: '01811222333',
      customer_address: 'মিরপুর ১০, ঢাকা',
    });
    expect((await history(orderId))[0]).toMatchObject({ by: 'customer', by_uid: 'rahima' });

    await expect(editOrder(shelf.db, rahima, { orderId, quantity: 2 })).rejects.toMatchObject({
      code: 'permission-denied',
      message: m.customerFieldsOnly,
    });
    await expect(
      editOrder(shelf.db, { uid: 'karim', token: {} }, { orderId, customerAddress: 'অন্য ঠিকানা' }),
    ).rejects.toMatchObject({ code: 'not-found' });
    await setOrderStatus(shelf.db, seller, { orderId, status: 'confirmed' });
    await expect(
      editOrder(shelf.db, rahima, { orderId, customerAddress: 'আবার নতুন ঠিকানা' }),
    ).rejects.toMatchObject({
      message: orderMessages.ledger.customerEditOnlyPending,
    });
  });

  it("meets a new number with the same day's limits as a new order's", async () => {
    const { orderId } = await placeOrder(shelf.db, rahima, lemonOrder());
    const busy = '01811222333';
    const today = dhakaDateKey(new Date());
    await shelf.db.doc(`order-limits/${phoneMarkerId(busy)}`).set({
      last_order_ms: Date.now() - 60 * 60 * 1000,
      days: { [today]: { orders: MAX_ORDERS_PER_DAY } },
    });
    const verified = { ...rahima, token: { ...rahima.token, phone_number: phoneToE164(busy) } };
    await expect(editOrder(shelf.db, verified, { orderId, customerPhone: busy })).rejects.toMatchObject({
      code: 'resource-exhausted',
      message: orderMessages.guard.tooManyOrdersToday(toBengaliDigits(MAX_ORDERS_PER_DAY)),
    });
    expect(await order(orderId)).toMatchObject({ customer_phone: '01712345678' });
  });
});

describe('edits racing status changes', () => {
  it('leave stock, roll-ups and summaries equal to a recount', async () => {
    await shelf.db.doc('products/lemon').update({ stock_quantity: 40 });
    const buyers = ['a', 'b', 'c', 'd'].map((uid) => ({ uid, token: {} }));
    const placed = [];
    for (const buyer of buyers)
      placed.push((await placeOrder(shelf.db, buyer, lemonOrder({ quantity: 2 }))).orderId);
    const statuses = ['confirmed', 'cancelled', 'preparing', 'pending'] as const;
    for (let round = 0; round < 3; round += 1) {
      await Promise.allSettled(
        placed.flatMap((orderId, index) => [
          editOrder(shelf.db, seller, { orderId, quantity: ((index + round) % 4) + 1 }),
          setOrderStatus(shelf.db, seller, { orderId, status: statuses[(index + round) % 4] }),
          editOrder(shelf.db, seller, {
            orderId,
            quantity: ((index * 3 + round) % 5) + 1,
            customerPhone: round % 2 ? '01811222333' : '01712345678',
          }),
        ]),
      );
    }
    const quantities = (await Promise.all(placed.map(order))).map((o) => o.quantity as number);
    expect(new Set(quantities).size).toBeGreaterThan(1);
    await expectEverythingToMatchARecount(40);
  }, 120_000);
});

describe('the history of every change', () => {
  it('records the payment moves by the customer and the seller, and the scheduler as the shop', async () => {
    const { orderId } = await placeOrder(shelf.db, rahima, lemonOrder({ paymentMethod: 'bkash' }));
    await submitPayment(shelf.db, rahima, { orderId, trxId: '8N7A6D5EE7', payer: '01712345678' });
    await reviewPayment(shelf.db, seller, { orderId, decision: 'reject', reason: 'টাকা আসেনি' });
    const lines = await history(orderId);
    expect(lines.map((line) => [line.by, line.changes])).toEqual([
      [
        'customer',
        [
          { field: 'payment_state', from: 'awaiting_payment', to: 'claimed' },
          { field: 'payment_trxid', from: null, to: '8N7A6D5EE7' },
          { field: 'payment_payer', from: null, to: '01712345678' },
        ],
      ],
      [
        'seller',
        [
          { field: 'payment_state', from: 'claimed', to: 'rejected' },
          { field: 'payment_reject_reason', from: null, to: 'টাকা আসেনি' },
        ],
      ],
    ]);
    await shelf.db
      .doc(`orders/${orderId}`)
      .update({ payment_due_at: Timestamp.fromMillis(Date.now() - 1000) });
    expect(await cancelUnpaidOrder(shelf.db, orderId, new Date())).toBe('cancelled');
    expect((await history(orderId))[2]).toMatchObject({
      by: 'system',
      by_uid: null,
      changes: [
        { field: 'status', from: 'pending', to: 'cancelled' },
        { field: 'cancel_reason', from: null, to: 'payment_expired' },
      ],
    });
  });
});
