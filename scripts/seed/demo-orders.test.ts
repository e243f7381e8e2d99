import { describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  TRXID_PATTERNS,
  isMobilePaymentMethod,
  orderTotal,
} from '../../src/features/ordering/model';
import { DEMO_CATALOG } from './catalog';
import { DEMO_CUSTOMERS, demoOrders } from './demo-orders';

const now = new Date('2026-11-21T06:00:00Z');
const products = DEMO_CATALOG.map((product) => ({
  id: product.key,
  name: product.name,
  price: product.price,
}));
const DAY = 24 * 60 * 60 * 1000;

describe('demoOrders', () => {
  const orders = demoOrders(products, DEMO_CUSTOMERS, now);

  it('writes 48 orders by default, newest first, all within the last 21 days', () => {
    expect(orders).toHaveLength(48);
    for (const order of orders) {
      expect(order.created_at.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(order.created_at.getTime()).toBeGreaterThan(now.getTime() - 21 * DAY - 60 * 60 * 1000);
      expect(order.updated_at.getTime()).toBeGreaterThanOrEqual(order.created_at.getTime());
    }
    const times = orders.map((order) => order.created_at.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('uses every status and every payment method', () => {
    expect(new Set(orders.map((order) => order.status))).toEqual(new Set(ORDER_STATUSES));
    expect(new Set(orders.map((order) => order.payment_method))).toEqual(new Set(PAYMENT_METHODS));
  });

  it('gives bKash/Nagad orders realistic payments: awaited, claimed with a TrxID of the provider’s shape, verified', () => {
    const wallet = orders.filter((order) => isMobilePaymentMethod(order.payment_method));
    const states = new Set(wallet.map((order) => order.payment_state));
    for (const state of ['awaiting_payment', 'claimed', 'verified']) expect(states).toContain(state);
    for (const order of wallet) {
      if (order.payment_state === 'awaiting_payment') expect(order.payment_trxid).toBeNull();
      else if (isMobilePaymentMethod(order.payment_method))
        expect(order.payment_trxid).toMatch(TRXID_PATTERNS[order.payment_method]);
      expect(order.payment_due_at?.getTime()).toBeGreaterThan(order.created_at.getTime());
      // Nothing waits for a seller's check once the parcel has left.
      if (['delivering', 'delivered', 'returned'].includes(order.status))
        expect(order.payment_state).toBe('verified');
    }
    const trxIds = wallet.flatMap((order) => (order.payment_trxid ? [order.payment_trxid] : []));
    expect(new Set(trxIds).size).toBe(trxIds.length);
    const cash = orders.filter((order) => order.payment_method === 'cash_on_delivery');
    expect(cash.every((order) => order.payment_state === 'collect_on_delivery')).toBe(true);
  });

  it('prices each order from its product, exactly', () => {
    for (const order of orders) {
      const product = products.find((candidate) => candidate.id === order.product_id);
      expect(order.product_price).toBe(product?.price);
      expect(order.total_amount).toBe(orderTotal(order.product_price, order.quantity));
      expect(order.quantity).toBeGreaterThanOrEqual(1);
    }
  });

  it('keeps new orders pending or confirmed and old ones finished', () => {
    for (const order of orders) {
      const ageDays = (now.getTime() - order.created_at.getTime()) / DAY;
      if (ageDays > 12) expect(['delivered', 'cancelled']).toContain(order.status);
    }
  });

  it('is the same for the same seed, so reseeding gives the same shop', () => {
    expect(demoOrders(products, DEMO_CUSTOMERS, now)).toEqual(orders);
  });

  it('covers every status even for a small shop with a different seed', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const few = demoOrders(products.slice(0, 2), DEMO_CUSTOMERS, now, { count: 12, seed });
      expect(new Set(few.map((order) => order.status))).toEqual(new Set(ORDER_STATUSES));
    }
  });

  it("links the seeded customer's orders to their account", () => {
    const customers = DEMO_CUSTOMERS.map((person, index) =>
      index === 0 ? { ...person, uid: 'uid-nusrat' } : person,
    );
    const withAccount = demoOrders(products, customers, now).filter(
      (order) => order.customer_email === 'customer@achar.test',
    );
    expect(withAccount.length).toBeGreaterThan(0);
    expect(withAccount.every((order) => order.user_id === 'uid-nusrat')).toBe(true);
  });

  it('refuses to run without products or with too few orders to show every status', () => {
    expect(() => demoOrders([], DEMO_CUSTOMERS, now)).toThrow(RangeError);
    expect(() => demoOrders(products, DEMO_CUSTOMERS, now, { count: 5 })).toThrow(RangeError);
  });
});

describe('the demo catalog', () => {
  it('has ten pickles with valid prices, one inactive and one sold out', () => {
    expect(DEMO_CATALOG).toHaveLength(10);
    expect(DEMO_CATALOG.filter((product) => !product.is_active)).toHaveLength(1);
    expect(DEMO_CATALOG.filter((product) => product.stock_quantity === 0)).toHaveLength(1);
    for (const product of DEMO_CATALOG) {
      expect(Math.round(product.price * 100)).toBe(product.price * 100);
      if (product.original_price !== null) expect(product.original_price).toBeGreaterThan(product.price);
      expect(Number.isInteger(product.stock_quantity)).toBe(true);
    }
    expect(DEMO_CATALOG.some((product) => product.original_price !== null)).toBe(true);
  });
});
