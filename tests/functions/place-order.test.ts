/**
 * placeOrder and setOrderStatus as deployed: the shop's functions in firebase-tools' Functions emulator (the
 * integration suites' shared shop), called through Firebase's client SDK as the web app calls them, by accounts
 * of the Auth emulator (a verified number is the ID token's phone_number claim). What only the wire shows: the
 * stored order as a call leaves it, each refusal's code with its Bengali reason in `details` (what the order
 * dialog shows), a request whose answer was lost, and the cash-order guard reading the token. The rules behind
 * them are checked without the Functions emulator: the input's validation in
 * src/features/ordering/model/place-order-input.test.ts, the transaction in
 * functions/src/place-order.emulator.test.ts, the limits in functions/src/order-guard.emulator.test.ts.
 *
 * The shop is shared with the other suites: the tests order a jar of this suite's own (addOwnProduct), each as
 * new accounts with numbers of their own, and count only their orders.
 */
import { request } from 'node:http';
import type { Functions } from 'firebase/functions';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  limitRefusalMessage,
  MIN_MINUTES_BETWEEN_ORDERS,
  orderMessages,
  phoneMarkerId,
} from '../../src/features/ordering/model';
import type { PlaceOrderInput, PlaceOrderResult } from '../../src/features/ordering/model';
import { orderIdForRequest } from '../../functions/src/order-request';
import { readProjectConfig } from '../../emulators/src/config.js';
import { addOwnProduct, shopAdminFirestore, uniquePhone } from '../support/shop-browser';
import {
  callable,
  closeShopCallers,
  refusalOf,
  shopCaller,
  signedOutCaller,
  type ShopCaller,
} from '../support/shop-callers';

const { functions: functionsEmulator, projectId } = readProjectConfig();
const db = shopAdminFirestore();
const PRICE = 250; // addOwnProduct's

let jar: string;
let phone: string;
let customer: ShopCaller;

const order = (changes: Partial<Record<keyof PlaceOrderInput, unknown>> = {}) => ({
  productId: jar,
  quantity: 3,
  customerName: 'রহিমা বেগম',
  customerPhone: phone,
  customerAddress: 'বাড়ি ১২, জিনজিরা, কেরানীগঞ্জ, ঢাকা',
  paymentMethod: 'bkash',
  ...changes,
});

const placeOrderAs = (functions: Functions) =>
  callable<Record<string, unknown>, PlaceOrderResult>(functions, 'placeOrder');
const setOrderStatusAs = (functions: Functions) =>
  callable<Record<string, unknown>, unknown>(functions, 'setOrderStatus');

/** The orders of `caller` (a new account: none but this test's). */
async function ordersOf(caller: ShopCaller) {
  return (await db.collection('orders').where('user_id', '==', caller.uid).get()).docs;
}

/** Moves the customer's and the number's last order back by the minimum time between orders. */
async function placedLongEnoughAgo(caller: ShopCaller): Promise<void> {
  const longEnoughAgo = Date.now() - MIN_MINUTES_BETWEEN_ORDERS * 60_000 - 2_000;
  for (const marker of [caller.uid!, phoneMarkerId(phone)])
    await db.doc(`order-limits/${marker}`).set({ last_order_ms: longEnoughAgo }, { merge: true });
}

/** The shelf every reader shows: counted from the shelf's lots by a trigger, a moment after the order's answer. */
async function expectShelf(id: string, jars: number) {
  await expect
    .poll(async () => (await db.doc(`products/${id}`).get()).get('stock_quantity') as number, {
      timeout: 20_000,
    })
    .toBe(jars);
}

beforeAll(async () => {
  // 'bkash' below is offered: the seeded shop's settings/payments offer every wallet.
  expect((await db.doc('settings/payments').get()).get('methods')).toMatchObject({ bkash: true });
  jar = await addOwnProduct(`কলের পরীক্ষার আচার ${Date.now()}`, 10);
});

beforeEach(async () => {
  // Each test starts from ten jars on sale (its orders, pending or not, are its new customer's alone).
  await db.doc(`products/${jar}`).update({ stock_quantity: 10, is_active: true });
  phone = uniquePhone();
  customer = await shopCaller('place-order', { phone });
});

afterAll(async () => {
  await closeShopCallers();
});

describe('placeOrder, called as the web app calls it', () => {
  it('writes a pending order priced from the product, ignoring a forged total, price or status, and takes the jars', async () => {
    const before = Date.now();
    const { orderId } = await placeOrderAs(customer.functions)({
      ...order(),
      total_amount: 1,
      product_price: 0.5,
      status: 'delivered',
      user_id: 'someone-else',
    });

    const stored = (await db.doc(`orders/${orderId}`).get()).data();
    expect(stored).toMatchObject({
      product_id: jar,
      product_price: PRICE,
      quantity: 3,
      total_amount: 3 * PRICE,
      customer_name: 'রহিমা বেগম',
      customer_phone: phone,
      customer_address: 'বাড়ি ১২, জিনজিরা, কেরানীগঞ্জ, ঢাকা',
      payment_method: 'bkash',
      user_id: customer.uid,
      status: 'pending',
      payment_state: 'awaiting_payment',
      payment_trxid: null,
    });
    expect(stored?.customer_email).toMatch(/^e2e-place-order-.*@achar\.test$/);
    expect(Object.keys(stored ?? {}).sort()).toEqual(
      [
        'product_id',
        'product_name',
        'product_price',
        'quantity',
        'total_amount',
        'customer_name',
        'customer_phone',
        'customer_email',
        'customer_address',
        'payment_method',
        'user_id',
        'status',
        'created_at',
        'updated_at',
        // For the dashboard's indexed search, the customer summaries and the statistics' days.
        'search_phone',
        'search_terms',
        'customer_key',
        'stats_day',
        // The payment, apart from the status (ordering/model/payment.ts): a bKash order awaits its TrxID.
        'payment_state',
        'payment_trxid',
        'payment_payer',
        'payment_reject_reason',
        'payment_due_at',
        'payment_updated_at',
        'payment_verified_at',
      ].sort(),
    );
    const createdAt = (stored?.created_at as { toMillis(): number }).toMillis();
    expect(createdAt).toBeGreaterThanOrEqual(before - 5_000);
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(stored?.updated_at).toEqual(stored?.created_at);
    await expectShelf(jar, 7);
  });

  describe('refuses with the code and the Bengali reason the dialog shows, writing nothing:', () => {
    const v = orderMessages.validation;
    const e = orderMessages.errors;

    it.each([
      ['bad input', () => order({ quantity: 1.5 }), 'functions/invalid-argument', v.quantityNotInteger],
      [
        'a product that does not exist',
        () => order({ productId: 'no-such-pickle' }),
        'functions/not-found',
        e.productNotFound,
      ],
      [
        'more jars than are left',
        () => order({ quantity: 10 }),
        'functions/failed-precondition',
        e.notEnoughStock,
      ],
    ])('%s', async (_case, payload, code, message) => {
      await db.doc(`products/${jar}`).update({ stock_quantity: 9 });
      expect(await refusalOf(placeOrderAs(customer.functions)(payload()))).toEqual({ code, message });
      expect(await ordersOf(customer)).toHaveLength(0);
      await expectShelf(jar, 9);
    });

    it('an inactive product', async () => {
      await db.doc(`products/${jar}`).update({ is_active: false });
      expect(await refusalOf(placeOrderAs(customer.functions)(order({ quantity: 1 })))).toEqual({
        code: 'functions/failed-precondition',
        message: e.productInactive,
      });
      expect(await ordersOf(customer)).toHaveLength(0);
      await expectShelf(jar, 10);
    });

    it('a fourth open order of the same customer', async () => {
      // Three open orders placed over the day: the limit markers (order-guard.ts) say each was placed the
      // minimum time ago, instead of waiting it out (functions/src/order-guard.emulator.test.ts tests that time).
      for (let index = 0; index < 3; index += 1) {
        await placeOrderAs(customer.functions)(order({ quantity: 1 }));
        await placedLongEnoughAgo(customer);
      }
      expect(await refusalOf(placeOrderAs(customer.functions)(order({ quantity: 1 })))).toEqual({
        code: 'functions/resource-exhausted',
        message: e.tooManyOpenOrders('৩'),
      });
      expect(await ordersOf(customer)).toHaveLength(3);
      await expectShelf(jar, 7);
    });

    it('a signed-out caller', async () => {
      expect(await refusalOf(placeOrderAs(signedOutCaller().functions)(order()))).toEqual({
        code: 'functions/unauthenticated',
        message: e.signInRequired,
      });
      await expectShelf(jar, 10);
    });
  });

  /**
   * Sends the call as the SDK would and cuts the connection as soon as the request has left: the function
   * runs, the shopper never hears back.
   */
  async function callAndCutTheConnection(requestId: string): Promise<void> {
    const body = JSON.stringify({ data: order({ requestId }) });
    const token = await customer.idToken();
    await new Promise<void>((resolve, reject) => {
      const sent = request(
        {
          host: functionsEmulator.host,
          port: functionsEmulator.port,
          path: `/${projectId}/us-central1/placeOrder`,
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': Buffer.byteLength(body),
            Authorization: `Bearer ${token}`,
          },
        },
        () => reject(new Error('the answer arrived before the connection was cut')),
      );
      sent.on('error', () => resolve()); // the cut itself
      sent.on('finish', () => sent.destroy());
      sent.end(body);
    });
  }

  it('answers a request sent again after its answer was lost with the order placed the first time, taking the jars once', async () => {
    const requestId = 'Lost1answer2Request3';
    await callAndCutTheConnection(requestId);
    const orderId = orderIdForRequest(customer.uid!, requestId);
    await expect
      .poll(async () => (await db.doc(`orders/${orderId}`).get()).exists, { timeout: 60_000 })
      .toBe(true);

    const again = await placeOrderAs(customer.functions)(order({ requestId }));
    expect(again).toEqual({ orderId });
    expect(await ordersOf(customer)).toHaveLength(1);
    await expectShelf(jar, 7);
  });
});

describe('cash orders from real people, through the callables', () => {
  it('refuses a cash order without a verified number, takes it with one, holds back a burst, and counts the customer’s cancel', async () => {
    const cash = { paymentMethod: 'cash_on_delivery', quantity: 1 };
    const unverified = await shopCaller('unverified');
    expect(await refusalOf(placeOrderAs(unverified.functions)(order(cash)))).toEqual({
      code: 'functions/failed-precondition',
      message: orderMessages.guard.phoneNotVerified,
    });
    expect(await ordersOf(unverified)).toHaveLength(0);

    const { orderId } = await placeOrderAs(customer.functions)(order(cash));
    // A burst from the same account: every next order comes within the minimum time.
    const burst = await Promise.allSettled(
      Array.from({ length: 4 }, () => placeOrderAs(customer.functions)(order(cash))),
    );
    expect(burst.every((result) => result.status === 'rejected')).toBe(true);
    expect(await refusalOf(placeOrderAs(customer.functions)(order(cash)))).toEqual({
      code: 'functions/resource-exhausted',
      message: limitRefusalMessage('tooSoon'),
    });
    expect((await ordersOf(customer)).map((doc) => doc.id)).toEqual([orderId]);
    await expectShelf(jar, 9);

    await setOrderStatusAs(customer.functions)({ orderId, status: 'cancelled' });
    expect((await db.doc(`orders/${orderId}`).get()).get('status')).toBe('cancelled');
    await expectShelf(jar, 10);
    expect((await db.doc(`phone_summaries/${phone}`).get()).data()).toMatchObject({
      orders: 1,
      cancelled: 1,
    });
  });
});
