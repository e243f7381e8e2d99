import { describe, expect, it, vi } from 'vitest';
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { HttpsError } from 'firebase-functions/v2/https';
import { orderMessages } from '../../src/features/ordering/model';
import type { PlaceOrderInput } from '../../src/features/ordering/model';
import { orderForProduct, placeOrder } from './place-order';

const input: PlaceOrderInput = {
  productId: 'mango',
  quantity: 3,
  customerName: 'রহিমা বেগম',
  customerPhone: '01712345678',
  customerAddress: 'কেরানীগঞ্জ, ঢাকা',
  paymentMethod: 'bkash',
};
const caller = { uid: 'user-1', token: { email: 'rahima@example.com' } };
const mango = { name: 'আমের আচার', price: 19.99, stock_quantity: 5, is_active: true };

function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpsError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('orderForProduct', () => {
  it('prices the order from the product, exact to the poisha, as a pending order of the caller', () => {
    expect(orderForProduct(mango, input, caller)).toEqual({
      product_id: 'mango',
      product_name: 'আমের আচার',
      product_price: 19.99,
      quantity: 3,
      total_amount: 59.97,
      customer_name: 'রহিমা বেগম',
      customer_phone: '01712345678',
      customer_email: 'rahima@example.com',
      customer_address: 'কেরানীগঞ্জ, ঢাকা',
      payment_method: 'bkash',
      user_id: 'user-1',
      status: 'pending',
    });
  });

  it('takes the last jars in stock', () => {
    expect(orderForProduct({ ...mango, stock_quantity: 3 }, input, caller).quantity).toBe(3);
  });

  it('stores no e-mail when the account has none', () => {
    expect(orderForProduct(mango, input, { uid: 'u', token: {} }).customer_email).toBeNull();
  });

  it.each([
    ['a missing product', undefined, 'not-found', orderMessages.errors.productNotFound],
    [
      'an inactive product',
      { ...mango, is_active: false },
      'failed-precondition',
      orderMessages.errors.productInactive,
    ],
    [
      'too little stock',
      { ...mango, stock_quantity: 2 },
      'failed-precondition',
      orderMessages.errors.notEnoughStock,
    ],
    [
      'no stock at all',
      { ...mango, stock_quantity: 0 },
      'failed-precondition',
      orderMessages.errors.notEnoughStock,
    ],
  ])('refuses %s', (_case, product, code, message) => {
    expect(refusal(() => orderForProduct(product, input, caller))).toEqual({ code, message });
  });
});

describe('a product document that cannot be sold', () => {
  it.each([
    ['no price', { ...mango, price: undefined }],
    ['an infinite price', { ...mango, price: Infinity }],
    ['a price finer than a poisha', { ...mango, price: 12.345 }],
    ['a price above 0 that rounds to 0 poisha', { ...mango, price: 0.000000001 }],
    ['a price above the highest', { ...mango, price: 100_000.5 }],
    ['a fractional stock', { ...mango, stock_quantity: 4.5 }],
    ['no name', { ...mango, name: 7 }],
  ])('is refused with a clear reason when it has %s, and logged for the seller', (_case, product) => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    expect(refusal(() => orderForProduct(product, input, caller))).toEqual({
      code: 'failed-precondition',
      message: orderMessages.errors.productUnsellable,
    });
    expect(logged).toHaveBeenCalledWith('placeOrder: product document cannot be sold', expect.anything());
    logged.mockRestore();
  });
});

describe('placeOrder', () => {
  // Refusals before the transaction must not touch the database at all.
  const untouchable = new Proxy({} as Firestore, {
    get() {
      throw new Error('the database was touched');
    },
  });

  it('refuses a signed-out caller before reading anything', async () => {
    await expect(placeOrder(untouchable, undefined, input)).rejects.toMatchObject({
      code: 'unauthenticated',
      message: orderMessages.errors.signInRequired,
    });
  });

  it.each([
    ['without a uid', { token: { email: 'x@example.com' } }],
    ['with an empty uid', { uid: '', token: {} }],
    ['with a uid that is not text', { uid: 42, token: {} }],
  ])('refuses a token %s as signed out, before reading anything', async (_case, auth) => {
    await expect(placeOrder(untouchable, auth, input)).rejects.toMatchObject({
      code: 'unauthenticated',
      message: orderMessages.errors.signInRequired,
    });
  });

  it.each([
    ['a reserved id', '__mango__'],
    ['a 600-letter Bengali id (1,800 bytes)', 'আ'.repeat(600)],
    ['"."', '.'],
  ])('refuses %s as invalid-argument, before reading anything', async (_case, productId) => {
    await expect(placeOrder(untouchable, caller, { ...input, productId })).rejects.toMatchObject({
      code: 'invalid-argument',
    });
  });

  it('refuses more jars than one order may hold, before reading anything', async () => {
    await expect(placeOrder(untouchable, caller, { ...input, quantity: 11 })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: orderMessages.validation.quantityAboveLimit('১০'),
    });
  });

  it('refuses bad input as invalid-argument with the Bengali reason, also in details for the browser', async () => {
    await expect(placeOrder(untouchable, caller, { ...input, quantity: 0 })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: orderMessages.validation.quantityMin,
      details: { message: orderMessages.validation.quantityMin },
    });
  });

  it('refuses invalid input before reading anything', async () => {
    await expect(placeOrder(untouchable, caller, { ...input, customerAddress: '' })).rejects.toMatchObject({
      code: 'invalid-argument',
      message: orderMessages.validation.addressRequired,
    });
  });
});
