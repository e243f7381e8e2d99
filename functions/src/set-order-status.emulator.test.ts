// setOrderStatus against the repo's Firestore emulator, in-process: whether jars are returned exactly once
// when changes race is decided by Firestore's transactions, which no fake could prove.
import { describe, expect, it, beforeEach } from 'vitest';
import { MAX_PRODUCT_STOCK, orderMessages } from '../../src/features/ordering/model';
import type { Caller } from './caller';
import { setOrderStatus } from './set-order-status';
import { countShelf } from './shelf-lots';
import { lemonOrder, placeOrder, useLemonShelf } from './testing/lemon-shelf';

const shelf = useLemonShelf('set-order-status-emulator-test');
const stock = () => shelf.stock();

const customer = { uid: 'rahima', token: { email: 'rahima@example.com' } };
const seller = { uid: 'seller', token: { email: 'seller@example.com', email_verified: true } }; // an admin: role record + verified e-mail
const stranger = { uid: 'karim', token: {} };
const t = orderMessages.statusChange;

async function statusOf(orderId: string) {
  return (await shelf.db.doc(`orders/${orderId}`).get()).get('status') as string;
}

/** Rahima orders `quantity` jars of lemon pickle; the shelf had 5. */
async function orderLemons(quantity: number, by: Caller = customer) {
  const { orderId } = await placeOrder(shelf.db, by, lemonOrder({ quantity }));
  return orderId;
}

beforeEach(async () => {
  await shelf.db.doc('roles/seller').set({ user_id: 'seller', role: 'admin' });
});

describe('the seller changing an order status', () => {
  it('returns the jars when the order is cancelled, and takes them again when it is brought back', async () => {
    const orderId = await orderLemons(2);
    expect(await stock()).toBe(3);

    await setOrderStatus(shelf.db, seller, { orderId, status: 'cancelled' });
    expect(await statusOf(orderId)).toBe('cancelled');
    expect(await stock()).toBe(5);

    await setOrderStatus(shelf.db, seller, { orderId, status: 'confirmed' });
    expect(await statusOf(orderId)).toBe('confirmed');
    expect(await stock()).toBe(3);

    // Between statuses that both hold the jars, the stock does not move.
    await setOrderStatus(shelf.db, seller, { orderId, status: 'delivered' });
    expect(await stock()).toBe(3);
  });

  it('returns the jars of an order and a product from the jar tickets, ignoring their tickets', async () => {
    const orderId = await orderLemons(2);
    // As a snapshot of the shop before lots holds them: the order's ticket numbers, the product's total.
    await shelf.db.doc(`orders/${orderId}`).update({ jar_tickets: ['0', '1'] });
    await shelf.db.doc('products/lemon').update({ jars_total: 5, stock_quantity: 3 });
    await shelf.db.doc('products/lemon/tickets/0').set({ order_id: orderId });

    await setOrderStatus(shelf.db, seller, { orderId, status: 'cancelled' });
    expect(await stock()).toBe(5);
    await placeOrder(shelf.db, { uid: 'karim', token: {} }, lemonOrder({ quantity: 5 }));
    expect(await stock()).toBe(0);
    expect((await shelf.db.doc('products/lemon').get()).get('jars_total')).toBeUndefined();
    await shelf.db.doc('products/lemon/tickets/0').delete();
  });

  it('refuses to bring back a cancelled order when the shelf no longer has its jars, changing nothing', async () => {
    const orderId = await orderLemons(4);
    await setOrderStatus(shelf.db, seller, { orderId, status: 'cancelled' });
    await shelf.db.doc('products/lemon').update({ stock_quantity: 3 });

    await expect(setOrderStatus(shelf.db, seller, { orderId, status: 'pending' })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: t.notEnoughStock('৩'),
    });
    expect(await statusOf(orderId)).toBe('cancelled');
    expect(await stock()).toBe(3);
  });

  it('cancels an order of a deleted product, but will not bring it back', async () => {
    const orderId = await orderLemons(1);
    await shelf.db.doc('products/lemon').delete();
    await setOrderStatus(shelf.db, seller, { orderId, status: 'cancelled' });
    expect(await statusOf(orderId)).toBe('cancelled');
    await expect(setOrderStatus(shelf.db, seller, { orderId, status: 'pending' })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: t.productGone,
    });
  });

  // The seller's figure set on the shelf's lots by the trigger already (the cap counts the lots), or still
  // pending (the cancel raises the figure the lots are yet to be set to).
  it.each([
    ['set on the lots', true],
    ['still pending', false],
  ])(
    'keeps the stock at its limit when a cancel would push it above, and tells the seller (the figure %s)',
    async (_case, settled) => {
      const orderId = await orderLemons(3);
      await shelf.db.doc('products/lemon').update({ stock_quantity: MAX_PRODUCT_STOCK - 1 });
      if (settled) expect(await countShelf(shelf.db, shelf.db.doc('products/lemon'))).toBe('unchanged');

      const result = await setOrderStatus(shelf.db, seller, { orderId, status: 'cancelled' });

      expect(await statusOf(orderId)).toBe('cancelled');
      expect(await stock()).toBe(MAX_PRODUCT_STOCK);
      expect(result).toEqual({ status: 'cancelled', notice: t.stockCapped('২', '১০০০০০') });
    },
  );

  it('says nothing more when every returned jar fits', async () => {
    const orderId = await orderLemons(3);
    expect(await setOrderStatus(shelf.db, seller, { orderId, status: 'cancelled' })).toEqual({
      status: 'cancelled',
    });
  });

  it('returns the jars exactly once when the same cancel arrives ten times at once', async () => {
    const orderId = await orderLemons(3);
    await Promise.all(
      Array.from({ length: 10 }, () => setOrderStatus(shelf.db, seller, { orderId, status: 'cancelled' })),
    );
    expect(await stock()).toBe(5);
  }, 120_000);

  it('never drives stock below zero when un-cancels and new orders race for the same jars', async () => {
    const first = await orderLemons(3, { uid: 'a', token: {} });
    await setOrderStatus(shelf.db, seller, { orderId: first, status: 'cancelled' });
    const second = await orderLemons(3, { uid: 'b', token: {} });
    await setOrderStatus(shelf.db, seller, { orderId: second, status: 'cancelled' });
    expect(await stock()).toBe(5);

    // Two un-cancels of 3 jars and four new orders of 1 jar, all at once, for 5 jars on the shelf.
    const results = await Promise.allSettled([
      setOrderStatus(shelf.db, seller, { orderId: first, status: 'pending' }),
      setOrderStatus(shelf.db, seller, { orderId: second, status: 'pending' }),
      ...['c', 'd', 'e', 'f'].map((uid) => orderLemons(1, { uid, token: {} })),
    ]);
    const orders = (await shelf.db.collection('orders').get()).docs;
    const held = orders
      .filter((doc) => doc.get('status') !== 'cancelled')
      .reduce((sum, doc) => sum + (doc.get('quantity') as number), 0);
    expect(await stock()).toBeGreaterThanOrEqual(0);
    // Every jar is either on the shelf or in an order that holds it: none lost, none made up.
    expect((await stock()) + held).toBe(5);
    expect(results.some((result) => result.status === 'rejected')).toBe(true);
  }, 120_000);
});

describe('a customer cancelling their own order', () => {
  it('cancels a pending order and puts its jars back', async () => {
    const orderId = await orderLemons(2);
    await expect(setOrderStatus(shelf.db, customer, { orderId, status: 'cancelled' })).resolves.toEqual({
      status: 'cancelled',
    });
    expect(await stock()).toBe(5);
  });

  it('may not cancel once the seller has confirmed the order', async () => {
    const orderId = await orderLemons(2);
    await setOrderStatus(shelf.db, seller, { orderId, status: 'confirmed' });
    await expect(setOrderStatus(shelf.db, customer, { orderId, status: 'cancelled' })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: orderMessages.ledger.customerCanOnlyCancelPending,
    });
    expect(await statusOf(orderId)).toBe('confirmed');
    expect(await stock()).toBe(3);
  });

  it('may set no other status, and cannot touch another customer’s order', async () => {
    const orderId = await orderLemons(2);
    await expect(setOrderStatus(shelf.db, customer, { orderId, status: 'delivered' })).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(setOrderStatus(shelf.db, stranger, { orderId, status: 'cancelled' })).rejects.toMatchObject({
      code: 'not-found',
    });
    expect(await statusOf(orderId)).toBe('pending');
    expect(await stock()).toBe(3);
  });
});

describe('setOrderStatus refuses, changing nothing,', () => {
  it.each([
    ['a signed-out caller', undefined, { orderId: 'x', status: 'cancelled' }, 'unauthenticated'],
    ['a token without a uid', { token: {} }, { orderId: 'x', status: 'cancelled' }, 'unauthenticated'],
    ['an unknown status', seller, { orderId: 'x', status: 'shipped' }, 'invalid-argument'],
    ['a reserved order id', seller, { orderId: '__x__', status: 'cancelled' }, 'invalid-argument'],
    ['a missing order', seller, { orderId: 'nope', status: 'cancelled' }, 'not-found'],
  ])('%s', async (_case, auth, data, code) => {
    await expect(setOrderStatus(shelf.db, auth, data)).rejects.toMatchObject({ code });
    expect(await stock()).toBe(5);
  });
});

describe('a parcel refused at the door, and the moves the seller may not make', () => {
  async function customerSpent() {
    const summaries = (await shelf.db.collection('customers').get()).docs;
    return summaries.map((doc) => doc.get('spent') as number);
  }

  it('puts a returned parcel’s jars back on the shelf and off what the customer spent, and sends it out again', async () => {
    const orderId = await orderLemons(2);
    await setOrderStatus(shelf.db, seller, { orderId, status: 'delivering' });
    expect(await customerSpent()).toEqual([32100]);

    await expect(setOrderStatus(shelf.db, seller, { orderId, status: 'returned' })).resolves.toEqual({
      status: 'returned',
    });
    expect(await statusOf(orderId)).toBe('returned');
    expect(await stock()).toBe(5);
    expect(await customerSpent()).toEqual([0]);

    // Sent out again: the jars leave the shelf once more.
    await setOrderStatus(shelf.db, seller, { orderId, status: 'delivering' });
    expect(await stock()).toBe(3);
    expect(await customerSpent()).toEqual([32100]);
  });

  it.each([
    ['cancel a delivered order', 'delivered', 'cancelled', orderMessages.ledger.deliveredIsFinal],
    [
      'return an order that never left',
      'confirmed',
      'returned',
      orderMessages.ledger.returnOnlyWhileDelivering,
    ],
  ] as const)('refuses to %s, changing nothing', async (_case, from, to, message) => {
    const orderId = await orderLemons(2);
    await setOrderStatus(shelf.db, seller, { orderId, status: from });
    await expect(setOrderStatus(shelf.db, seller, { orderId, status: to })).rejects.toMatchObject({
      code: 'failed-precondition',
      message,
    });
    expect(await statusOf(orderId)).toBe(from);
    expect(await stock()).toBe(3);
  });

  it('refuses to move a returned order anywhere but out again', async () => {
    const orderId = await orderLemons(1);
    await setOrderStatus(shelf.db, seller, { orderId, status: 'delivering' });
    await setOrderStatus(shelf.db, seller, { orderId, status: 'returned' });
    await expect(setOrderStatus(shelf.db, seller, { orderId, status: 'pending' })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: orderMessages.ledger.returnedOnlyResent,
    });
    expect(await statusOf(orderId)).toBe('returned');
    expect(await stock()).toBe(5);
  });
});
