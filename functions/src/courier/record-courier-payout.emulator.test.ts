// The courier's cash against the repo's Firestore emulator: a delivered parcel's cash is owed until the seller
// records the courier's payout, which settles the orders it covers in one transaction, each order once.
import { beforeEach, describe, expect, it } from 'vitest';
import { courierPayoutTexts as t } from '../../../src/features/ordering/model';
import { setOrderStatus } from '../set-order-status';
import { lemonOrder, placeOrder, useLemonShelf } from '../testing/lemon-shelf';
import { applyCourierState } from './courier-state';
import { COURIER_PAYOUTS, courierPayoutId, recordCourierPayout } from './record-courier-payout';

const shelf = useLemonShelf('record-courier-payout-emulator-test');
const seller = { uid: 'seller', token: { email: 'seller@example.com', email_verified: true } };
const customer = { uid: 'rahima', token: { email: 'rahima@example.com' } };

beforeEach(async () => {
  await shelf.db.doc('roles/seller').set({ user_id: 'seller', role: 'admin' });
  const payouts = await shelf.db.collection(COURIER_PAYOUTS).get();
  await Promise.all(payouts.docs.map((doc) => doc.ref.delete()));
});

/** A cash order of `quantity` jars (৳160.50 each) the courier delivered, collecting its total. */
async function deliveredParcel(consignmentId: string, quantity = 1) {
  const { orderId } = await placeOrder(shelf.db, customer, lemonOrder({ quantity }));
  await setOrderStatus(shelf.db, seller, { orderId, status: 'confirmed' });
  await setOrderStatus(shelf.db, seller, { orderId, status: 'preparing' });
  await shelf.db.doc(`orders/${orderId}`).update({ courier_consignment_id: consignmentId });
  await setOrderStatus(shelf.db, seller, { orderId, status: 'delivering' });
  expect(await applyCourierState(shelf.db, consignmentId, 'delivered')).toBe('moved');
  return orderId;
}

const order = async (id: string) => (await shelf.db.doc(`orders/${id}`).get()).data()!;

describe('the courier’s payout', () => {
  it('owes a delivered parcel’s cash, and a payout of the oldest ones settles them by itself', async () => {
    const first = await deliveredParcel('2001', 2);
    const second = await deliveredParcel('2002');
    expect(await order(first)).toMatchObject({ courier_collected: 321, courier_payout_id: null });

    const result = await recordCourierPayout(shelf.db, seller, {
      amount: 321,
      paidOn: '2026-11-28',
      reference: 'SF-991',
    });
    const payoutId = courierPayoutId('SF-991');
    expect(result).toEqual({ payoutId, orderIds: [first] });
    expect(await order(first)).toMatchObject({
      courier_payout_id: payoutId,
      courier_payout_reference: 'SF-991',
    });
    expect(await order(second)).toMatchObject({ courier_payout_id: null });
    const payout = (await shelf.db.doc(`${COURIER_PAYOUTS}/${payoutId}`).get()).data();
    expect(payout).toMatchObject({
      amount: 321,
      paid_on: '2026-11-28',
      order_ids: [first],
      matched: 'automatic',
    });
  });

  it('settles the orders the seller picks when the amounts do not match by themselves', async () => {
    await deliveredParcel('2101', 2);
    const second = await deliveredParcel('2102');
    await expect(
      recordCourierPayout(shelf.db, seller, { amount: 160.5, paidOn: '2026-11-28', reference: 'SF-1' }),
    ).rejects.toMatchObject({ code: 'failed-precondition', message: t.noMatch('৳১৬০.৫০') });
    const result = await recordCourierPayout(shelf.db, seller, {
      amount: 160.5,
      paidOn: '2026-11-28',
      reference: 'SF-1',
      orderIds: [second],
    });
    expect(result.orderIds).toEqual([second]);
  });

  it('never settles an order twice, nor records one reference twice, changing nothing', async () => {
    const orderId = await deliveredParcel('2201');
    const payout = { amount: 160.5, paidOn: '2026-11-28', orderIds: [orderId] };
    await recordCourierPayout(shelf.db, seller, { ...payout, reference: 'SF-7' });
    await expect(
      recordCourierPayout(shelf.db, seller, { ...payout, reference: 'SF-7' }),
    ).rejects.toMatchObject({
      code: 'already-exists',
      message: t.duplicate,
    });
    await expect(
      recordCourierPayout(shelf.db, seller, { ...payout, reference: 'SF-8' }),
    ).rejects.toMatchObject({
      code: 'failed-precondition',
      message: t.notOwed,
    });
    expect((await shelf.db.collection(COURIER_PAYOUTS).get()).size).toBe(1);
    expect((await order(orderId)).courier_payout_id).toBe(courierPayoutId('SF-7'));
  });

  it('refuses anyone but the seller, settling nothing', async () => {
    const orderId = await deliveredParcel('2301');
    const payout = { amount: 160.5, paidOn: '2026-11-28', reference: 'SF-9' };
    await expect(recordCourierPayout(shelf.db, customer, payout)).rejects.toMatchObject({
      code: 'permission-denied',
      message: t.notAllowed,
    });
    expect((await order(orderId)).courier_payout_id).toBeNull();
  });

  it('takes the cash back off the books when the seller undoes their own delivery before any payout', async () => {
    const { orderId } = await placeOrder(shelf.db, customer, lemonOrder());
    await setOrderStatus(shelf.db, seller, { orderId, status: 'confirmed' });
    await setOrderStatus(shelf.db, seller, { orderId, status: 'preparing' });
    await shelf.db.doc(`orders/${orderId}`).update({ courier_consignment_id: '2401' });
    await setOrderStatus(shelf.db, seller, { orderId, status: 'delivering' });
    await setOrderStatus(shelf.db, seller, { orderId, status: 'delivered' });
    expect(await order(orderId)).toMatchObject({ courier_collected: 160.5, courier_payout_id: null });
    await setOrderStatus(shelf.db, seller, { orderId, undo: true });
    const after = await order(orderId);
    expect(after.status).toBe('delivering');
    expect(after).not.toHaveProperty('courier_payout_id');
  });

  it('refuses the undo of a delivery whose cash a payout settled', async () => {
    const { orderId } = await placeOrder(shelf.db, customer, lemonOrder());
    await setOrderStatus(shelf.db, seller, { orderId, status: 'confirmed' });
    await setOrderStatus(shelf.db, seller, { orderId, status: 'preparing' });
    await shelf.db.doc(`orders/${orderId}`).update({ courier_consignment_id: '2501' });
    await setOrderStatus(shelf.db, seller, { orderId, status: 'delivering' });
    await setOrderStatus(shelf.db, seller, { orderId, status: 'delivered' });
    await recordCourierPayout(shelf.db, seller, { amount: 160.5, paidOn: '2026-11-28', reference: 'SF-10' });
    await expect(setOrderStatus(shelf.db, seller, { orderId, undo: true })).rejects.toMatchObject({
      message: t.settledNoUndo,
    });
    expect((await order(orderId)).status).toBe('delivered');
  });
});
