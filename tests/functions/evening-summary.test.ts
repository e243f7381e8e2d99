/**
 * The scheduled eveningSummary in firebase-tools' real Functions emulator, run by the local scheduler on a
 * shortened schedule (as SCHEDULE_OVERRIDES does for `npm start`): it runs by itself, mails the seller once for
 * the day, and its figures equal a recount of the orders.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunctionsScheduler } from '../../emulators/src/scheduler/scheduler';
import type { PlaceOrderResult } from '../../src/features/ordering/model';
import { orderMoneyOf, toBengaliDigits } from '../../src/features/ordering/model';
import { formatTaka } from '../../src/lib/numbers';
import { PROJECT_ID } from '../support/emulator-processes';
import { callable, clientFor, resetData, startBackend, type Backend } from '../support/functions-backend';

let backend: Backend;
let jobs: FunctionsScheduler | undefined;
const RUN_TIMEOUT_MS = 180_000;

beforeAll(async () => {
  backend = await startBackend('evening-summary-tests');
  await resetData(backend);
}, 240_000);

afterAll(async () => {
  await jobs?.stop();
  await backend?.stop();
});

describe('eveningSummary, run by the local scheduler', { timeout: RUN_TIMEOUT_MS + 60_000 }, () => {
  it("runs by itself on a shortened schedule and mails the day's orders as a recount finds them", async () => {
    for (const name of ['mail', 'order_stats']) {
      const old = await backend.db.collection(name).get();
      await Promise.all(old.docs.map((doc) => doc.ref.delete()));
    }
    await backend.db
      .doc('settings/notifications')
      .set({ order_mail_enabled: true, order_mail_to: 'seller@example.com' });
    await backend.db.doc('products/mango').set({
      name: 'আমের আচার',
      price: 250,
      stock_quantity: 30,
      is_active: true,
      created_at: Timestamp.now(),
    });
    for (const [i, quantity] of [1, 2, 3].entries()) {
      const phone = `0171${String(4_000_000 + i)}`;
      const customer = await clientFor(backend, `evening-${i}@example.com`, { phone });
      await callable<Record<string, unknown>, PlaceOrderResult>(
        customer.functions,
        'placeOrder',
      )({
        productId: 'mango',
        quantity,
        customerName: 'রহিমা বেগম',
        customerPhone: phone,
        customerAddress: 'জিনজিরা, কেরানীগঞ্জ, ঢাকা',
        paymentMethod: 'cash_on_delivery',
      });
    }
    const orders = (await backend.db.collection('orders').get()).docs.map((doc) => doc.data());
    // What the shop keeps of them by the order ledger (cash is money once the courier has collected it).
    const revenue = orders.reduce((sum, order) => sum + orderMoneyOf(order).kept, 0);

    jobs = new FunctionsScheduler({
      functionsOrigin: `http://${backend.functions.host}:${backend.functions.port}`,
      projectId: PROJECT_ID,
      overrides: { eveningSummary: 'every 2 seconds' },
    });
    await jobs.start();
    const deadline = Date.now() + RUN_TIMEOUT_MS;
    const mailOfToday = async () =>
      (await backend.db.collection('mail').get()).docs.filter((doc) => doc.id.startsWith('evening-'));
    while ((await mailOfToday()).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));

    const mails = await mailOfToday();
    const mailSeenAt = new Date().toISOString();
    expect(mails).toHaveLength(1);
    const { message } = mails[0].data() as { message: { subject: string; text: string } };
    expect(message.subject).toContain(
      `${toBengaliDigits(orders.length)}টি অর্ডার, বিক্রি ${formatTaka(revenue)}`,
    );
    expect(message.text).toContain(`${toBengaliDigits(orders.length)}টি অমীমাংসিত অর্ডার`);
    const job = (await jobs.list()).find((j) => j.name === 'eveningSummary')!;
    expect(job).toMatchObject({
      schedule: 'every day 21:00',
      timeZone: 'Asia/Dhaka',
      effectiveSchedule: 'every 2 seconds',
    });
    expect(job.runs.some((run) => run.cause === 'schedule' && run.outcome === 'succeeded')).toBe(true);
    // Later runs the same day find the day's mail and write no other: a run started once the mail was there
    // has finished (its writes done before it answered), and the mail is still the one.
    const laterRunDone = async () =>
      (await jobs!.list())
        .find((j) => j.name === 'eveningSummary')!
        .runs.some(
          (run) => run.cause === 'schedule' && run.startedAt > mailSeenAt && run.outcome === 'succeeded',
        );
    await expect.poll(laterRunDone, { timeout: 60_000, interval: 200 }).toBe(true);
    expect(await mailOfToday()).toHaveLength(1);
  });
});
