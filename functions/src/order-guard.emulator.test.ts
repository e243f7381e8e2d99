// order-guard.ts through the real placeOrder and setOrderStatus (limits on), against the repo's Firestore
// emulator, in-process: the blocklist, the verified phone of a cash order, the limits per account and per
// number, and the numbers' summaries. Through the deployed callables: tests/functions/place-order.test.ts; the
// mail of an order that passed: notify-seller.emulator.test.ts and tests/e2e/order-mail.test.ts.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import {
  MAX_CANCELLATIONS_PER_DAY,
  MAX_ORDERS_PER_DAY,
  MIN_MINUTES_BETWEEN_ORDERS,
  limitRefusalMessage,
  orderMessages,
} from '../../src/features/ordering/model';
import { dhakaDateKey } from '../../src/features/admin-stats/model';
import { rebuildPhoneSummaries } from './customer-summary';
import { placeOrder } from './place-order';
import { setOrderStatus } from './set-order-status';
import { lemonOrder, useLemonShelf } from './testing/lemon-shelf';

const shelf = useLemonShelf('order-guard-emulator-test');
const PHONE = '01712345678';
const verified = (uid: string, phone = PHONE) => ({ uid, token: { phone_number: `+88${phone}` } });
const GAP_MS = MIN_MINUTES_BETWEEN_ORDERS * 60_000;

/**
 * A clock that starts now (setOrderStatus counts a cancellation under today's Dhaka day, by the real clock) and
 * moves on by the minimum time between orders at each `tick`.
 */
function clockAt() {
  let now = Date.now();
  return {
    now: () => new Date(now),
    tick(ms = GAP_MS) {
      now += ms;
    },
  };
}

async function orderCount() {
  return (await shelf.db.collection('orders').get()).size;
}

async function stockUp(jars = 100) {
  await shelf.db.doc('products/lemon').update({ stock_quantity: jars });
}

const refusedWith = (message: string, code = 'resource-exhausted') =>
  expect.objectContaining({ code, message });

describe('the verified phone of a cash order', () => {
  it('refuses a cash order from an account with no verified phone, and takes it once the number is linked', async () => {
    await expect(placeOrder(shelf.db, { uid: 'rahima', token: {} }, lemonOrder())).rejects.toEqual(
      refusedWith(orderMessages.guard.phoneNotVerified, 'failed-precondition'),
    );
    expect(await orderCount()).toBe(0);
    expect(await shelf.stock()).toBe(5);
    // The form's number is not the verified one: refused, whatever the form says.
    await expect(placeOrder(shelf.db, verified('rahima', '01812345678'), lemonOrder())).rejects.toEqual(
      refusedWith(orderMessages.guard.phoneNotVerified, 'failed-precondition'),
    );

    await placeOrder(shelf.db, verified('rahima'), lemonOrder());
    expect(await orderCount()).toBe(1);
  });

  it('takes a cash order without a verified phone when the seller turned verification off', async () => {
    await shelf.db.doc('settings/payments').set({ phone_verification_required: false });
    await placeOrder(shelf.db, { uid: 'rahima', token: {} }, lemonOrder());
    expect(await orderCount()).toBe(1);
  });
});

describe('the blocklist', () => {
  it('refuses an order for a blocked number without saying it is blocked, and writes nothing', async () => {
    await shelf.db.doc(`blocked_phones/${PHONE}`).set({ phone: PHONE, blocked_at: Timestamp.now() });
    const refused = placeOrder(shelf.db, verified('rahima'), lemonOrder());
    await expect(refused).rejects.toEqual(
      refusedWith(orderMessages.guard.unavailable, 'failed-precondition'),
    );
    expect(orderMessages.guard.unavailable).not.toMatch(/ব্লক/);
    expect(await orderCount()).toBe(0);
    expect(await shelf.stock()).toBe(5);
    expect((await shelf.db.doc(`phone_summaries/${PHONE}`).get()).exists).toBe(false);
    expect((await shelf.db.doc('order-limits/rahima').get()).exists).toBe(false);
  });
});

describe('the limits per account and per number', () => {
  it('refuses a second order within the minimum time, and takes it after', async () => {
    const clock = clockAt();
    await placeOrder(shelf.db, verified('rahima'), lemonOrder(), clock.now);
    clock.tick(GAP_MS - 1000);
    await expect(placeOrder(shelf.db, verified('rahima'), lemonOrder(), clock.now)).rejects.toEqual(
      refusedWith(limitRefusalMessage('tooSoon')),
    );
    clock.tick(1000);
    await placeOrder(shelf.db, verified('rahima'), lemonOrder(), clock.now);
    expect(await orderCount()).toBe(2);
  });

  it('stops a burst of one account at the day’s limit, and takes orders again the next Dhaka day', async () => {
    await stockUp();
    const clock = clockAt();
    const results = [];
    for (let index = 0; index < MAX_ORDERS_PER_DAY + 3; index += 1) {
      // Each order delivered at once, so the open-orders limit is not what stops them.
      const placed = await placeOrder(shelf.db, verified('rahima'), lemonOrder(), clock.now).then(
        async ({ orderId }) => {
          await shelf.db.doc(`orders/${orderId}`).update({ status: 'delivered' });
          return 'taken';
        },
        (error: { message: string }) => error.message,
      );
      results.push(placed);
      clock.tick();
    }
    expect(results.filter((result) => result === 'taken')).toHaveLength(MAX_ORDERS_PER_DAY);
    expect(results.slice(MAX_ORDERS_PER_DAY)).toEqual(
      Array.from({ length: 3 }, () => limitRefusalMessage('tooManyOrdersToday')),
    );
    expect(await orderCount()).toBe(MAX_ORDERS_PER_DAY);
    const tomorrow = () => new Date(clock.now().getTime() + 24 * 60 * 60_000);
    await placeOrder(shelf.db, verified('rahima'), lemonOrder(), tomorrow);
    expect(await orderCount()).toBe(MAX_ORDERS_PER_DAY + 1);
  });

  it('counts one number across two accounts: neither the minimum time nor the day’s limit is escaped', async () => {
    await stockUp();
    await shelf.db.doc('settings/payments').set({ phone_verification_required: false });
    const clock = clockAt();
    await placeOrder(shelf.db, { uid: 'first', token: {} }, lemonOrder(), clock.now);
    await expect(placeOrder(shelf.db, { uid: 'second', token: {} }, lemonOrder(), clock.now)).rejects.toEqual(
      refusedWith(limitRefusalMessage('tooSoon')),
    );

    const accounts = ['first', 'second', 'third'];
    let taken = 1;
    for (let index = 0; index < MAX_ORDERS_PER_DAY + 2; index += 1) {
      clock.tick();
      const uid = accounts[index % accounts.length];
      try {
        const { orderId } = await placeOrder(shelf.db, { uid, token: {} }, lemonOrder(), clock.now);
        await shelf.db.doc(`orders/${orderId}`).update({ status: 'delivered' });
        taken += 1;
      } catch (error) {
        expect(error).toEqual(refusedWith(limitRefusalMessage('tooManyOrdersToday')));
      }
    }
    expect(taken).toBe(MAX_ORDERS_PER_DAY);
    expect(await orderCount()).toBe(MAX_ORDERS_PER_DAY);
    // Another number from the same accounts is its own count (each account has ordered at most twice).
    clock.tick();
    await placeOrder(
      shelf.db,
      { uid: 'third', token: {} },
      lemonOrder({ customerPhone: '01812345678' }),
      clock.now,
    );
  });

  it('refuses a new order after too many cancellations in a day, per account and per number', async () => {
    await stockUp();
    await shelf.db.doc('settings/payments').set({ phone_verification_required: false });
    const clock = clockAt();
    // Order and cancel, again and again, as a flood of the seller's inbox would.
    for (let index = 0; index < MAX_CANCELLATIONS_PER_DAY; index += 1) {
      const caller = { uid: index % 2 === 0 ? 'flood-a' : 'flood-b', token: {} };
      const { orderId } = await placeOrder(shelf.db, caller, lemonOrder(), clock.now);
      await setOrderStatus(shelf.db, caller, { orderId, status: 'cancelled' });
      clock.tick();
    }
    // A third account with the same number: refused on the number's cancellations.
    await expect(
      placeOrder(shelf.db, { uid: 'flood-c', token: {} }, lemonOrder(), clock.now),
    ).rejects.toEqual(refusedWith(limitRefusalMessage('tooManyCancellations')));
    expect(await orderCount()).toBe(MAX_CANCELLATIONS_PER_DAY);
    const stored = (await shelf.db.doc(`order-limits/phone:${PHONE}`).get()).data();
    expect(stored?.days?.[dhakaDateKey(new Date())]).toEqual({
      orders: MAX_CANCELLATIONS_PER_DAY,
      cancellations: MAX_CANCELLATIONS_PER_DAY,
    });
  });

  it('does not count a cancellation by the seller against the customer', async () => {
    await shelf.db.doc('settings/payments').set({ phone_verification_required: false });
    await shelf.db.doc('roles/seller').set({ role: 'admin', user_id: 'seller' });
    const clock = clockAt();
    for (let index = 0; index < MAX_CANCELLATIONS_PER_DAY; index += 1) {
      const { orderId } = await placeOrder(shelf.db, { uid: 'rahima', token: {} }, lemonOrder(), clock.now);
      await setOrderStatus(
        shelf.db,
        { uid: 'seller', token: { email_verified: true } },
        { orderId, status: 'cancelled' },
      );
      clock.tick();
    }
    await placeOrder(shelf.db, { uid: 'rahima', token: {} }, lemonOrder(), clock.now);
    await shelf.db.doc('roles/seller').delete();
  });
});

describe('the phone summaries', () => {
  it('count orders and move counts between delivered, cancelled and returned, including an un-cancel', async () => {
    await shelf.db.doc('settings/payments').set({ phone_verification_required: false });
    await shelf.db.doc('roles/seller').set({ role: 'admin', user_id: 'seller' });
    const seller = { uid: 'seller', token: { email_verified: true } };
    const clock = clockAt();
    const place = async (uid: string) => {
      clock.tick();
      return (await placeOrder(shelf.db, { uid, token: {} }, lemonOrder(), clock.now)).orderId;
    };
    const status = (orderId: string, to: string) => setOrderStatus(shelf.db, seller, { orderId, status: to });
    const summary = async () => (await shelf.db.doc(`phone_summaries/${PHONE}`).get()).data();

    const first = await place('a');
    const second = await place('b');
    const third = await place('c');
    expect(await summary()).toMatchObject({ orders: 3 });
    expect((await summary())?.last_order_at).toBeInstanceOf(Timestamp);

    await status(first, 'delivered');
    await status(second, 'cancelled');
    await status(third, 'delivering');
    await status(third, 'returned');
    expect(await summary()).toMatchObject({ orders: 3, delivered: 1, cancelled: 1, returned: 1 });

    await status(second, 'pending'); // un-cancelled
    expect(await summary()).toMatchObject({ cancelled: 0 });
    await status(third, 'delivering'); // sent out again
    await status(third, 'delivered');
    expect(await summary()).toMatchObject({ orders: 3, delivered: 2, cancelled: 0, returned: 0 });
    await shelf.db.doc('roles/seller').delete();
  });
});

describe('rebuildPhoneSummaries', () => {
  it('recomputes the summaries the transactions kept, removes a stray one, and a second run changes nothing', async () => {
    await shelf.db.doc('settings/payments').set({ phone_verification_required: false });
    await shelf.db.doc('roles/seller').set({ role: 'admin', user_id: 'seller' });
    await stockUp();
    const seller = { uid: 'seller', token: { email_verified: true } };
    const clock = clockAt();
    const phones = ['01712345678', '01812345678', '01912345678'];
    const statuses = ['delivered', 'cancelled', 'pending', 'delivering', 'returned'];
    for (let index = 0; index < 9; index += 1) {
      clock.tick();
      const { orderId } = await placeOrder(
        shelf.db,
        { uid: `buyer-${index}`, token: {} },
        lemonOrder({ customerPhone: phones[index % 3] }),
        clock.now,
      );
      const to = statuses[index % statuses.length];
      if (to === 'returned') await setOrderStatus(shelf.db, seller, { orderId, status: 'delivering' });
      if (to !== 'pending') await setOrderStatus(shelf.db, seller, { orderId, status: to });
    }
    const read = async () =>
      Object.fromEntries(
        (await shelf.db.collection('phone_summaries').get()).docs.map((doc) => {
          const { orders, delivered = 0, cancelled = 0, returned = 0 } = doc.data();
          return [doc.id, { orders, delivered, cancelled, returned }];
        }),
      );
    const kept = await read();
    await shelf.db.doc('phone_summaries/01512345678').set({ orders: 4 });

    expect(await rebuildPhoneSummaries(shelf.db)).toEqual({ phones: 3, removed: 1 });
    expect(await read()).toEqual(kept);
    expect(await rebuildPhoneSummaries(shelf.db)).toEqual({ phones: 3, removed: 0 });
    expect(await read()).toEqual(kept);
    await shelf.db.doc('roles/seller').delete();
  });
});
