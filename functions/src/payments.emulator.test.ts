// bKash/Nagad payments against the repo's Firestore emulator, in-process, through the real callables: whether a
// TrxID is claimed by one order only, even when two orders race for it, is decided by Firestore's transactions.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { orderMessages, paymentClaimId } from '../../src/features/ordering/model';
import type { Caller } from './caller';
import { reviewPayment } from './review-payment';
import { cancelUnpaidOrder } from './expire-unpaid-orders';
import { setOrderStatus } from './set-order-status';
import { submitPayment } from './submit-payment';
import { lemonOrder, placeOrder, useLemonShelf } from './testing/lemon-shelf';
import { offerWallets } from './testing/wallets-offered';

const shelf = useLemonShelf('payments-emulator-test');
const stock = () => shelf.stock();
const m = orderMessages.payment;
const HOUR = 60 * 60 * 1000;

const rahima: Caller = { uid: 'rahima', token: { email: 'rahima@example.com' } };
const karim: Caller = { uid: 'karim', token: {} };
const seller: Caller = { uid: 'seller', token: { email: 'seller@example.com', email_verified: true } };

async function stored(orderId: string) {
  return (await shelf.db.doc(`orders/${orderId}`).get()).data()!;
}

async function claimOf(method: 'bkash' | 'nagad', trxId: string) {
  return (await shelf.db.doc(`payment_claims/${paymentClaimId(method, trxId)}`).get()).data();
}

async function orderCount() {
  return (await shelf.db.collection('orders').get()).size;
}

/** Rahima (or `by`) orders one jar, paying by bKash unless told otherwise. */
async function order(changes: Record<string, unknown> = {}, by: Caller = rahima) {
  const { orderId } = await placeOrder(shelf.db, by, lemonOrder({ paymentMethod: 'bkash', ...changes }));
  return orderId;
}

beforeEach(async () => {
  await shelf.db.doc('roles/seller').set({ user_id: 'seller', role: 'admin' });
});

describe('placeOrder and the payment', () => {
  it('stores a cash order as collected at the door, with nothing to wait for', async () => {
    const orderId = await order({ paymentMethod: 'cash_on_delivery' });
    expect(await stored(orderId)).toMatchObject({
      payment_state: 'collect_on_delivery',
      payment_trxid: null,
      payment_payer: null,
      payment_reject_reason: null,
      payment_due_at: null,
      payment_verified_at: null,
    });
    expect((await stored(orderId)).payment_updated_at).toBeInstanceOf(Timestamp);
  });

  it('waits for a bKash payment the shop’s hours from now', async () => {
    await offerWallets(shelf.db, { payment_wait_hours: 6 });
    const before = Date.now();
    const orderId = await order();
    const data = await stored(orderId);
    expect(data).toMatchObject({ payment_state: 'awaiting_payment', payment_trxid: null });
    const due = (data.payment_due_at as Timestamp).toMillis();
    expect(due).toBeGreaterThanOrEqual(before + 6 * HOUR);
    expect(due).toBeLessThanOrEqual(Date.now() + 6 * HOUR);
  });

  it('places an order with its TrxID as claimed, the TrxID claimed for it alone', async () => {
    const orderId = await order({
      paymentMethod: 'nagad',
      paymentTrxId: '71b4xk9q',
      paymentPayer: '+880 1812-345678',
    });
    expect(await stored(orderId)).toMatchObject({
      payment_method: 'nagad',
      payment_state: 'claimed',
      payment_trxid: '71B4XK9Q',
      payment_payer: '01812345678',
    });
    expect(await claimOf('nagad', '71B4XK9Q')).toMatchObject({
      order_id: orderId,
      method: 'nagad',
      trxid: '71B4XK9Q',
    });
  });

  it('refuses a TrxID another customer’s order already claimed, taking no jars', async () => {
    await order({ paymentTrxId: '8N7A6D5EE7', paymentPayer: '01712345678' });
    await expect(
      order({ paymentTrxId: '8n7a6d5ee7', paymentPayer: '01912345678' }, karim),
    ).rejects.toMatchObject({ code: 'already-exists', message: m.trxIdUsedElsewhere });
    expect(await orderCount()).toBe(1);
    expect(await stock()).toBe(4);
  });

  it('lets exactly one of two orders racing for one TrxID have it', async () => {
    const results = await Promise.allSettled([
      order({ paymentTrxId: '9BH4K2L1XQ', paymentPayer: '01712345678' }),
      order({ paymentTrxId: '9BH4K2L1XQ', paymentPayer: '01912345678' }, karim),
    ]);
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result) => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost.map((result) => (result as PromiseRejectedResult).reason)).toMatchObject([
      { code: 'already-exists', message: m.trxIdUsedElsewhere },
    ]);
    const winner = (won[0] as PromiseFulfilledResult<string>).value;
    expect((await claimOf('bkash', '9BH4K2L1XQ'))?.order_id).toBe(winner);
    expect(await orderCount()).toBe(1);
    expect(await stock()).toBe(4);
  });

  it('refuses a TrxID of the wrong shape with its Bengali message', async () => {
    await expect(order({ paymentTrxId: '8N7A6D5EE', paymentPayer: '01712345678' })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: m.trxIdWrongFormat.bkash,
    });
    expect(await orderCount()).toBe(0);
    expect(await stock()).toBe(5);
  });

  it('refuses a method the shop does not offer now', async () => {
    await offerWallets(shelf.db, { methods: { cash_on_delivery: true, bkash: false, nagad: true } });
    await expect(order()).rejects.toMatchObject({
      code: 'failed-precondition',
      message: m.methodNotOffered,
    });
    // Offered, but without a number to pay to: not offered either.
    await offerWallets(shelf.db, { nagad: { number: '', account_type: 'personal' } });
    await expect(order({ paymentMethod: 'nagad' })).rejects.toMatchObject({ message: m.methodNotOffered });
    expect(await orderCount()).toBe(0);
    expect(await stock()).toBe(5);
  });
});

describe('submitPayment', () => {
  it('claims a TrxID for an order placed first, and answers the same TrxID again as done', async () => {
    const orderId = await order();
    await expect(
      submitPayment(shelf.db, rahima, { orderId, trxId: ' 8n7a6d5ee7 ', payer: '০১৭১২৩৪৫৬৭৮' }),
    ).resolves.toEqual({ payment_state: 'claimed' });
    const first = await stored(orderId);
    expect(first).toMatchObject({
      payment_state: 'claimed',
      payment_trxid: '8N7A6D5EE7',
      payment_payer: '01712345678',
    });
    expect((await claimOf('bkash', '8N7A6D5EE7'))?.order_id).toBe(orderId);

    await expect(
      submitPayment(shelf.db, rahima, { orderId, trxId: '8N7A6D5EE7', payer: '01712345678' }),
    ).resolves.toEqual({ payment_state: 'claimed' });
    expect((await stored(orderId)).payment_updated_at).toEqual(first.payment_updated_at);
  });

  it('refuses another TrxID while one waits for the seller, and another customer’s order as missing', async () => {
    const orderId = await order();
    await submitPayment(shelf.db, rahima, { orderId, trxId: '8N7A6D5EE7', payer: '01712345678' });
    await expect(
      submitPayment(shelf.db, rahima, { orderId, trxId: '9BH4K2L1XQ', payer: '01712345678' }),
    ).rejects.toMatchObject({ code: 'failed-precondition', message: m.alreadyClaimed });
    await expect(
      submitPayment(shelf.db, karim, { orderId, trxId: '9BH4K2L1XQ', payer: '01712345678' }),
    ).rejects.toMatchObject({ code: 'not-found', message: m.orderNotFound });
    expect((await stored(orderId)).payment_trxid).toBe('8N7A6D5EE7');
    expect(await claimOf('bkash', '9BH4K2L1XQ')).toBeUndefined();
  });

  it('refuses a TrxID used by another order, one of the wrong shape, a cash order and a cancelled one', async () => {
    const first = await order({ paymentTrxId: '8N7A6D5EE7', paymentPayer: '01712345678' });
    const second = await order({}, karim);
    await expect(
      submitPayment(shelf.db, karim, { orderId: second, trxId: '8N7A6D5EE7', payer: '01912345678' }),
    ).rejects.toMatchObject({ code: 'already-exists', message: m.trxIdUsedElsewhere });
    await expect(
      submitPayment(shelf.db, karim, { orderId: second, trxId: '8N7A6D5E', payer: '01912345678' }),
    ).rejects.toMatchObject({ code: 'invalid-argument', message: m.trxIdWrongFormat.bkash });
    expect(await stored(second)).toMatchObject({ payment_state: 'awaiting_payment', payment_trxid: null });
    expect((await claimOf('bkash', '8N7A6D5EE7'))?.order_id).toBe(first);

    const cash = await order({ paymentMethod: 'cash_on_delivery' }, karim);
    await expect(
      submitPayment(shelf.db, karim, { orderId: cash, trxId: '9BH4K2L1XQ', payer: '01912345678' }),
    ).rejects.toMatchObject({ message: m.notForCash });

    await setOrderStatus(shelf.db, karim, { orderId: second, status: 'cancelled' });
    await expect(
      submitPayment(shelf.db, karim, { orderId: second, trxId: '9BH4K2L1XQ', payer: '01912345678' }),
    ).rejects.toMatchObject({ code: 'failed-precondition', message: m.orderClosed });
    expect(await claimOf('bkash', '9BH4K2L1XQ')).toBeUndefined();
  });

  it('refuses a signed-out caller', async () => {
    await expect(
      submitPayment(shelf.db, undefined, { orderId: 'x', trxId: '8N7A6D5EE7', payer: '01712345678' }),
    ).rejects.toMatchObject({ code: 'unauthenticated', message: m.signInRequired });
  });
});

describe('reviewPayment', () => {
  it('rejects a TrxID with a reason, takes a second one, and verifies it', async () => {
    await offerWallets(shelf.db, { payment_wait_hours: 12 });
    const orderId = await order({ paymentTrxId: '8N7A6D5EE7', paymentPayer: '01712345678' });
    const placedDue = ((await stored(orderId)).payment_due_at as Timestamp).toMillis();

    // A rejection needs its reason.
    await expect(
      reviewPayment(shelf.db, seller, { orderId, decision: 'reject', reason: '  ' }),
    ).rejects.toMatchObject({ code: 'invalid-argument', message: m.rejectReasonRequired });

    const later = new Date(Date.now() + 3 * HOUR);
    await expect(
      reviewPayment(
        shelf.db,
        seller,
        { orderId, decision: 'reject', reason: 'এই আইডিতে টাকা পাওয়া যায়নি' },
        () => later,
      ),
    ).resolves.toEqual({ payment_state: 'rejected' });
    const rejected = await stored(orderId);
    expect(rejected).toMatchObject({
      payment_state: 'rejected',
      payment_reject_reason: 'এই আইডিতে টাকা পাওয়া যায়নি',
    });
    // The customer gets the shop's whole wait again, from the rejection.
    expect((rejected.payment_due_at as Timestamp).toMillis()).toBe(later.getTime() + 12 * HOUR);
    expect((rejected.payment_due_at as Timestamp).toMillis()).toBeGreaterThan(placedDue);

    await submitPayment(shelf.db, rahima, { orderId, trxId: '9BH4K2L1XQ', payer: '01712345678' });
    expect(await stored(orderId)).toMatchObject({ payment_state: 'claimed', payment_trxid: '9BH4K2L1XQ' });

    await expect(reviewPayment(shelf.db, seller, { orderId, decision: 'verify' })).resolves.toEqual({
      payment_state: 'verified',
    });
    const verified = await stored(orderId);
    expect(verified).toMatchObject({ payment_state: 'verified', payment_reject_reason: null });
    expect(verified.payment_verified_at).toBeInstanceOf(Timestamp);
    // The rejected TrxID is free again for the order it really paid (its claim stays in the history); the
    // verified one is this order's alone.
    expect(await claimOf('bkash', '8N7A6D5EE7')).toBeUndefined();
    expect((await claimOf('bkash', '9BH4K2L1XQ'))?.order_id).toBe(orderId);

    // Verified is verified: a second click writes nothing, a rejection has nothing to reject.
    await expect(reviewPayment(shelf.db, seller, { orderId, decision: 'verify' })).resolves.toEqual({
      payment_state: 'verified',
    });
    expect((await stored(orderId)).payment_verified_at).toEqual(verified.payment_verified_at);
    await expect(
      reviewPayment(shelf.db, seller, { orderId, decision: 'reject', reason: 'ভুল' }),
    ).rejects.toMatchObject({ code: 'failed-precondition', message: m.nothingToReview });
    await expect(
      submitPayment(shelf.db, rahima, { orderId, trxId: 'AAN20A8HOI', payer: '01712345678' }),
    ).rejects.toMatchObject({ message: m.alreadyVerified });
  });

  it('is the seller’s alone: the customer may not verify their own payment', async () => {
    const orderId = await order({ paymentTrxId: '8N7A6D5EE7', paymentPayer: '01712345678' });
    await expect(reviewPayment(shelf.db, rahima, { orderId, decision: 'verify' })).rejects.toMatchObject({
      code: 'permission-denied',
      message: m.reviewNotAllowed,
    });
    await expect(reviewPayment(shelf.db, undefined, { orderId, decision: 'verify' })).rejects.toMatchObject({
      code: 'unauthenticated',
    });
    expect((await stored(orderId)).payment_state).toBe('claimed');
  });

  it('has nothing to verify while no TrxID was given', async () => {
    const orderId = await order();
    await expect(reviewPayment(shelf.db, seller, { orderId, decision: 'verify' })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: m.nothingToReview,
    });
    expect((await stored(orderId)).payment_state).toBe('awaiting_payment');
  });
});

describe('cancelUnpaidOrder (the expiry’s step)', () => {
  it('cancels an unpaid order past its time and returns its jars, exactly once when two runs overlap', async () => {
    const orderId = await order({ quantity: 2 });
    expect(await stock()).toBe(3);
    const due = ((await stored(orderId)).payment_due_at as Timestamp).toDate();

    expect(await cancelUnpaidOrder(shelf.db, orderId, new Date(due.getTime() - 1))).toBe('not-due');
    expect((await stored(orderId)).status).toBe('pending');

    const outcomes = await Promise.all([
      cancelUnpaidOrder(shelf.db, orderId, due),
      cancelUnpaidOrder(shelf.db, orderId, due),
    ]);
    expect(outcomes.sort()).toEqual(['cancelled', 'closed']);
    expect(await stored(orderId)).toMatchObject({ status: 'cancelled', payment_state: 'awaiting_payment' });
    expect(await stock()).toBe(5);
  });

  it('leaves a claimed, a verified and a cash order alone', async () => {
    const claimed = await order({ paymentTrxId: '8N7A6D5EE7', paymentPayer: '01712345678' });
    const cash = await order({ paymentMethod: 'cash_on_delivery' });
    const muchLater = new Date(Date.now() + 1000 * HOUR);
    expect(await cancelUnpaidOrder(shelf.db, claimed, muchLater)).toBe('paid-or-claimed');
    expect(await cancelUnpaidOrder(shelf.db, cash, muchLater)).toBe('paid-or-claimed');
    expect(await cancelUnpaidOrder(shelf.db, 'nope', muchLater)).toBe('not-found');
    expect(await stock()).toBe(3);
  });
});
