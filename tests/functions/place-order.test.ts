import { Timestamp } from 'firebase-admin/firestore';
import { request } from 'node:http';
import type { Functions } from 'firebase/functions';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderMessages } from '../../src/features/ordering/model/texts';
import type { PlaceOrderInput, PlaceOrderResult } from '../../src/features/ordering/model';
import { orderIdForRequest } from '../../functions/src/order-request';
import { WALLETS_OFFERED } from '../../functions/src/testing/wallets-offered';
import { PROJECT_ID } from '../support/emulator-processes';
import {
  callable,
  clientFor,
  refusalOf,
  resetData,
  startBackend,
  type Backend,
} from '../support/functions-backend';

let backend: Backend;
let customer: { uid: string | null; functions: Functions; idToken: () => Promise<string> };

const created = Timestamp.fromDate(new Date('2026-11-01T10:00:00Z'));

async function addProduct(id: string, fields: Record<string, unknown> = {}) {
  await backend.db.doc(`products/${id}`).set({
    name: 'আমের আচার',
    description: 'কাঁচা আম আর সরিষার তেলে তৈরি।',
    price: 249.5,
    original_price: 300,
    image_url: null,
    image_path: null,
    category: 'আম',
    stock_quantity: 10,
    is_active: true,
    created_at: created,
    updated_at: created,
    ...fields,
  });
}

const order = (changes: Partial<Record<keyof PlaceOrderInput, unknown>> = {}) => ({
  productId: 'mango',
  quantity: 3,
  customerName: 'রহিমা বেগম',
  customerPhone: '+880 1712-345678',
  customerAddress: 'বাড়ি ১২, জিনজিরা, কেরানীগঞ্জ, ঢাকা',
  paymentMethod: 'bkash',
  ...changes,
});

const placeOrderAs = (functions: Functions) =>
  callable<Record<string, unknown>, PlaceOrderResult>(functions, 'placeOrder');

async function orderCount() {
  return (await backend.db.collection('orders').get()).size;
}

async function stockOf(id: string) {
  return (await backend.db.doc(`products/${id}`).get()).get('stock_quantity') as number;
}

beforeAll(async () => {
  backend = await startBackend('place-order-tests');
});

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  await resetData(backend);
  // The shop offers bKash (the method these orders use) as settings/payments says; without it, cash alone.
  await backend.db.doc('settings/payments').set({ ...WALLETS_OFFERED, updated_at: new Date() });
  await addProduct('mango');
  // The order's number, verified by the account as the phone code before an order does.
  customer = await clientFor(backend, 'rahima@example.com', { phone: '01712345678' });
});

describe('placeOrder', () => {
  it('writes a pending order priced from the product, and takes the jars out of stock', async () => {
    const before = Date.now();
    const { orderId } = await placeOrderAs(customer.functions)(order());

    const stored = (await backend.db.doc(`orders/${orderId}`).get()).data();
    expect(stored).toMatchObject({
      product_id: 'mango',
      product_name: 'আমের আচার',
      product_price: 249.5,
      quantity: 3,
      total_amount: 748.5,
      customer_name: 'রহিমা বেগম',
      customer_phone: '01712345678',
      customer_email: 'rahima@example.com',
      customer_address: 'বাড়ি ১২, জিনজিরা, কেরানীগঞ্জ, ঢাকা',
      payment_method: 'bkash',
      user_id: customer.uid,
      status: 'pending',
    });
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
    expect(stored).toMatchObject({ payment_state: 'awaiting_payment', payment_trxid: null });
    const createdAt = (stored?.created_at as Timestamp).toMillis();
    expect(createdAt).toBeGreaterThanOrEqual(before - 5_000);
    expect(createdAt).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(stored?.updated_at).toEqual(stored?.created_at);
    expect(await stockOf('mango')).toBe(7);
  });

  it('ignores a forged total, price or status sent by the caller', async () => {
    const { orderId } = await placeOrderAs(customer.functions)({
      ...order({ quantity: 2 }),
      total_amount: 1,
      product_price: 0.5,
      status: 'delivered',
      user_id: 'someone-else',
    });
    const stored = (await backend.db.doc(`orders/${orderId}`).get()).data();
    expect(stored).toMatchObject({
      total_amount: 499,
      product_price: 249.5,
      status: 'pending',
      user_id: customer.uid,
    });
    expect(await stockOf('mango')).toBe(8);
  });

  it('sells the last jars in stock', async () => {
    await placeOrderAs(customer.functions)(order({ quantity: 10 }));
    expect(await stockOf('mango')).toBe(0);
  });

  describe('refuses, writing nothing,', () => {
    const v = orderMessages.validation;
    const e = orderMessages.errors;

    it.each([
      ['quantity 0', order({ quantity: 0 }), 'functions/invalid-argument', v.quantityMin],
      ['a negative quantity', order({ quantity: -2 }), 'functions/invalid-argument', v.quantityMin],
      ['a fractional quantity', order({ quantity: 1.5 }), 'functions/invalid-argument', v.quantityNotInteger],
      [
        'more jars than one order may hold',
        order({ quantity: 11 }),
        'functions/invalid-argument',
        v.quantityAboveLimit('১০'),
      ],
      [
        'a reserved product id',
        order({ productId: '__mango__' }),
        'functions/invalid-argument',
        v.productRequired,
      ],
      [
        'a 600-letter Bengali product id (1,800 bytes)',
        order({ productId: 'আ'.repeat(600) }),
        'functions/invalid-argument',
        v.productRequired,
      ],
      [
        'a missing customer name',
        order({ customerName: undefined }),
        'functions/invalid-argument',
        v.nameRequired,
      ],
      ['a missing address', order({ customerAddress: '' }), 'functions/invalid-argument', v.addressRequired],
      [
        'a name with a line break (a fake line in the mail)',
        order({ customerName: 'রহিমা\nমোট: ৳০' }),
        'functions/invalid-argument',
        v.nameLineBreak,
      ],
      [
        'a name with U+202E',
        order({ customerName: 'রহিমা \u202E87654321710' }),
        'functions/invalid-argument',
        v.nameBidi,
      ],
      [
        'a name of only U+200B',
        order({ customerName: '\u200B' }),
        'functions/invalid-argument',
        v.nameRequired,
      ],
      [
        'a missing product id',
        order({ productId: undefined }),
        'functions/invalid-argument',
        v.productRequired,
      ],
      [
        'a bad phone number',
        order({ customerPhone: '12345' }),
        'functions/invalid-argument',
        orderMessages.phone.mustStartWith01,
      ],
      [
        'an unknown payment method',
        order({ paymentMethod: 'card' }),
        'functions/invalid-argument',
        v.paymentMethodInvalid,
      ],
      [
        'a product that does not exist',
        order({ productId: 'no-such-pickle' }),
        'functions/not-found',
        e.productNotFound,
      ],
    ])('%s', async (_case, payload, code, message) => {
      expect(await refusalOf(placeOrderAs(customer.functions)(payload))).toEqual({ code, message });
      expect(await orderCount()).toBe(0);
      expect(await stockOf('mango')).toBe(10);
    });

    it('a quantity above the stock', async () => {
      await backend.db.doc('products/mango').update({ stock_quantity: 3 });
      expect(await refusalOf(placeOrderAs(customer.functions)(order({ quantity: 4 })))).toEqual({
        code: 'functions/failed-precondition',
        message: e.notEnoughStock,
      });
      expect(await orderCount()).toBe(0);
      expect(await stockOf('mango')).toBe(3);
    });

    it('a fourth open order of the same customer', async () => {
      // Three open orders already (placed over the day: three at once would meet the minimum time between
      // orders first, order-guard.ts, which functions/src/order-guard.emulator.test.ts tests).
      for (let index = 0; index < 3; index += 1) {
        await backend.db.collection('orders').add({ user_id: customer.uid, status: 'pending', quantity: 1 });
      }
      expect(await refusalOf(placeOrderAs(customer.functions)(order({ quantity: 1 })))).toEqual({
        code: 'functions/resource-exhausted',
        message: e.tooManyOpenOrders('৩'),
      });
      expect(await orderCount()).toBe(3);
      expect(await stockOf('mango')).toBe(10);
    });

    it('an inactive product', async () => {
      await addProduct('olive', { name: 'জলপাইয়ের আচার', is_active: false });
      expect(
        await refusalOf(placeOrderAs(customer.functions)(order({ productId: 'olive', quantity: 1 }))),
      ).toEqual({
        code: 'functions/failed-precondition',
        message: e.productInactive,
      });
      expect(await orderCount()).toBe(0);
      expect(await stockOf('olive')).toBe(10);
    });

    it('a signed-out caller', async () => {
      const visitor = await clientFor(backend, null);
      expect(await refusalOf(placeOrderAs(visitor.functions)(order()))).toEqual({
        code: 'functions/unauthenticated',
        message: e.signInRequired,
      });
      expect(await orderCount()).toBe(0);
      expect(await stockOf('mango')).toBe(10);
    });
  });

  describe('a request sent again with the same request id (a lost answer, a second tap)', () => {
    const requestId = 'Lost1answer2Request3';

    /**
     * Sends the call as the SDK would and cuts the connection as soon as the request has left: the function
     * runs, the shopper never hears back.
     */
    async function callAndCutTheConnection(): Promise<void> {
      const body = JSON.stringify({ data: order({ requestId }) });
      const token = await customer.idToken();
      await new Promise<void>((resolve, reject) => {
        const sent = request(
          {
            host: backend.functions.host,
            port: backend.functions.port,
            path: `/${PROJECT_ID}/us-central1/placeOrder`,
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

    it('answers with the order placed the first time, after its answer was lost, taking the jars once', async () => {
      await callAndCutTheConnection();
      const orderId = orderIdForRequest(customer.uid!, requestId);
      await expect
        .poll(async () => (await backend.db.doc(`orders/${orderId}`).get()).exists, { timeout: 60_000 })
        .toBe(true);

      const again = await placeOrderAs(customer.functions)(order({ requestId }));
      expect(again).toEqual({ orderId });
      expect(await orderCount()).toBe(1);
      expect(await stockOf('mango')).toBe(7);
    });

    it('places one order when the same request arrives several times at once', async () => {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => placeOrderAs(customer.functions)(order({ requestId }))),
      );
      expect(new Set(answers.map((answer) => answer.orderId)).size).toBe(1);
      expect(await orderCount()).toBe(1);
      expect(await stockOf('mango')).toBe(7);
    });
  });
});
