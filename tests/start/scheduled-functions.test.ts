/**
 * The local shop (the stack `npm start` runs, started as start-from-snapshot.test.ts does) runs the scheduled
 * functions by themselves: with expireUnpaidOrders' schedule shortened (SCHEDULE_OVERRIDES / scheduleOverrides),
 * a bKash order left unpaid past its limit is cancelled and its jars are back without anyone asking.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readProjectConfig } from '../../emulators/src/index.js';
import { startShop, type RunningShop } from '../../scripts/stack/shop.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const config = readProjectConfig(root);
let shop: RunningShop | undefined;
let app: App | undefined;

// firebase-tools takes its time to stop a Functions emulator with workers: more than the 10 s a hook has.
afterAll(async () => {
  if (app) await deleteApp(app);
  await shop?.stop();
}, 120_000);

describe('the scheduled functions in the local shop', () => {
  it('cancels an unpaid order past its limit by itself, on its (shortened) schedule', async () => {
    const lines: string[] = [];
    shop = await startShop({
      root,
      persist: false,
      scheduleOverrides: { expireUnpaidOrders: 'every 3 seconds' },
      log: (line) => lines.push(line),
    });
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^› scheduler: expireUnpaidOrders runs "every 3 seconds" Asia\/Dhaka \(declared "every 15 minutes"\)/,
      ),
    );

    process.env.FIRESTORE_EMULATOR_HOST = `${config.firestore.host}:${config.firestore.port}`;
    app = initializeApp({ projectId: config.projectId }, 'scheduled-functions-start-test');
    const db = getFirestore(app);
    const [product] = (await db.collection('products').where('is_active', '==', true).limit(1).get()).docs;
    const stockBefore = product.get('stock_quantity') as number;
    // As placeOrder leaves a bKash order: its jars taken, its payment awaited; here already past its limit.
    await product.ref.update({ stock_quantity: stockBefore - 2 });
    const order = db.collection('orders').doc('unpaid-past-limit');
    await order.set({
      product_id: product.id,
      quantity: 2,
      total_amount: 2 * (product.get('price') as number),
      status: 'pending',
      user_id: 'late-payer',
      customer_phone: '01712345678',
      payment_method: 'bkash',
      payment_state: 'awaiting_payment',
      payment_due_at: Timestamp.fromMillis(Date.now() - 60_000),
      created_at: Timestamp.fromMillis(Date.now() - 25 * 60 * 60_000),
    });

    await expect
      .poll(async () => (await order.get()).get('status'), { timeout: 120_000, interval: 500 })
      .toBe('cancelled');
    expect((await order.get()).get('cancel_reason')).toBe('payment_expired');
    expect((await product.ref.get()).get('stock_quantity')).toBe(stockBefore);
    // The run that cancelled the order may still be paging through the other queries when the order reads
    // cancelled: wait for it (or a later one) to end.
    await expect
      .poll(
        async () => {
          const job = (await shop!.scheduler.list()).find((j) => j.name === 'expireUnpaidOrders')!;
          return job.runs.some((run) => run.cause === 'schedule' && run.outcome === 'succeeded');
        },
        { timeout: 120_000, interval: 500 },
      )
      .toBe(true);
    expect(lines).toContainEqual(expect.stringMatching(/^› scheduler: expireUnpaidOrders ran in \d/));
  }, 300_000);
});
