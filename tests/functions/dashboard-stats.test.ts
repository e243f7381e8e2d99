import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DashboardStats } from '../../src/features/admin-stats/model';
import { bn } from '../../src/i18n/bn';
import {
  callable,
  clientFor,
  refusalOf,
  resetData,
  startBackend,
  type Backend,
} from '../support/functions-backend';

let backend: Backend;

const DAY = 24 * 60 * 60 * 1000;

/** Orders spread over three weeks: [days ago, status, total]. */
const history: [number, string, number][] = [
  // This week: 6 orders.
  [0.1, 'pending', 250],
  [1, 'pending', 500],
  [2, 'confirmed', 180.5],
  [3, 'delivering', 360],
  [5, 'delivered', 250],
  [6, 'cancelled', 1000],
  // The week before: 4 orders.
  [8, 'delivered', 250],
  [9, 'delivered', 499.5],
  [11, 'preparing', 120],
  [13, 'cancelled', 90],
  // Three weeks ago: 2 orders, only in the totals.
  [16, 'delivered', 300],
  [20, 'pending', 75],
];

async function addOrders() {
  const now = Date.now();
  const batch = backend.db.batch();
  history.forEach(([daysAgo, status, total], index) => {
    const at = Timestamp.fromMillis(now - daysAgo * DAY);
    batch.set(backend.db.doc(`orders/order-${index}`), {
      product_id: 'mango',
      product_name: 'আমের আচার',
      product_price: total,
      quantity: 1,
      total_amount: total,
      customer_name: `ক্রেতা ${index}`,
      customer_phone: '01712345678',
      customer_email: 'buyer@example.com',
      customer_address: 'কেরানীগঞ্জ, ঢাকা',
      payment_method: 'cash_on_delivery',
      user_id: 'buyer',
      status,
      created_at: at,
      updated_at: at,
    });
  });
  await batch.commit();
}

beforeAll(async () => {
  backend = await startBackend('dashboard-stats-tests');
});

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  await resetData(backend);
  await addOrders();
});

describe('getDashboardStats', () => {
  it("gives an admin the shop's numbers over three weeks of orders", async () => {
    const admin = await clientFor(backend, 'admin@achar.test');
    await backend.db.doc(`roles/${admin.uid}`).set({ user_id: admin.uid, role: 'admin' });

    const stats = await callable<void, DashboardStats>(admin.functions, 'getDashboardStats')();

    expect(stats).toMatchObject({
      totalOrders: 12,
      ordersLast7Days: 6,
      ordersPrevious7Days: 4,
      weeklyGrowth: 50,
      totalRevenue: 2785,
      pendingOrders: 3,
      completedOrders: 4,
      averageOrderValue: 232.08,
      completionRate: 33.3,
    });
    expect(stats.statusBreakdown).toEqual([
      { status: 'pending', count: 3, percentage: 25 },
      { status: 'confirmed', count: 1, percentage: 8.3 },
      { status: 'preparing', count: 1, percentage: 8.3 },
      { status: 'delivering', count: 1, percentage: 8.3 },
      { status: 'delivered', count: 4, percentage: 33.3 },
      { status: 'cancelled', count: 2, percentage: 16.7 },
    ]);
    expect(stats.recommendations.map((recommendation) => recommendation.id)).toEqual(['strong-growth']);
    expect(stats.daily).toHaveLength(14);
    expect(stats.daily.reduce((sum, day) => sum + day.orders, 0)).toBe(10);
    expect(new Date(stats.generatedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('refuses a signed-in customer who is not an admin', async () => {
    const customer = await clientFor(backend, 'customer@achar.test');
    await backend.db.doc(`roles/${customer.uid}`).set({ user_id: customer.uid, role: 'customer' });
    const refusal = await refusalOf(
      callable<void, DashboardStats>(customer.functions, 'getDashboardStats')(),
    );
    expect(refusal).toEqual({ code: 'functions/permission-denied', message: bn.ordering.errors.adminOnly });
  });

  it('refuses a signed-out visitor', async () => {
    const visitor = await clientFor(backend, null);
    const refusal = await refusalOf(callable<void, DashboardStats>(visitor.functions, 'getDashboardStats')());
    expect(refusal).toEqual({
      code: 'functions/unauthenticated',
      message: bn.ordering.errors.signInRequired,
    });
  });
});
