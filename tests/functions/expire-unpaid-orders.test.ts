/**
 * The scheduled expireUnpaidOrders in firebase-tools' real Functions emulator, run by the local scheduler
 * (emulators/src/scheduler) as Cloud Scheduler would run it: an unpaid bKash order past its limit is cancelled
 * and its jars come back, once even when two runs overlap; on a shortened schedule it runs by itself; the
 * console's "run now" runs it. Last, the shop of `npm start` (here the suites' shop on firebase.json's ports)
 * has it on its schedule in the console.
 */
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readProjectConfig } from '../../emulators/src/index';
import { startConsole } from '../../emulators/src/console-server/server';
import type { ScheduledJob } from '../../emulators/src/console-server/extensions';
import { FunctionsScheduler, type FunctionsSchedulerOptions } from '../../emulators/src/scheduler/scheduler';
import type { PlaceOrderResult } from '../../src/features/ordering/model';
import { WALLETS_OFFERED } from '../../functions/src/testing/wallets-offered';
import { PROJECT_ID, REPO_ROOT } from '../support/emulator-processes';
import { callable, clientFor, resetData, startBackend, type Backend } from '../support/functions-backend';

let backend: Backend;
const schedulers: FunctionsScheduler[] = [];
const HOUR = 60 * 60 * 1000;
/** A run starts a worker for the function first: seconds on the shared 2-core machine. */
const RUN_TIMEOUT_MS = 180_000;

beforeAll(async () => {
  backend = await startBackend('expire-unpaid-orders-tests');
}, 240_000);

afterAll(async () => {
  await backend?.stop();
});

beforeEach(async () => {
  await resetData(backend);
  // The shop takes bKash (settings/payments): without it placeOrder offers cash alone.
  await backend.db.doc('settings/payments').set({ ...WALLETS_OFFERED, updated_at: new Date() });
  await backend.db.doc('products/mango').set({
    name: 'আমের আচার',
    price: 249.5,
    stock_quantity: 10,
    is_active: true,
    created_at: Timestamp.now(),
    updated_at: Timestamp.now(),
  });
});

afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((s) => s.stop()));
});

function scheduler(options: Partial<FunctionsSchedulerOptions> = {}) {
  const created = new FunctionsScheduler({
    functionsOrigin: `http://${backend.functions.host}:${backend.functions.port}`,
    projectId: PROJECT_ID,
    ...options,
  });
  schedulers.push(created);
  return created;
}

/**
 * A customer orders `quantity` jars by bKash through placeOrder, and its payment is still awaited past its limit
 * (the payment fields set here, so this test does not depend on how placeOrder writes them).
 */
let phones = 0;

async function overdueOrder(email: string, quantity: number): Promise<string> {
  // A number of its own (one number's orders are a minute apart at least: order-limits.ts), verified by the
  // account as the phone code before an order does.
  const phone = `0171${String(3_000_000 + phones++)}`;
  const customer = await clientFor(backend, email, { phone });
  const { orderId } = await callable<Record<string, unknown>, PlaceOrderResult>(
    customer.functions,
    'placeOrder',
  )({
    productId: 'mango',
    quantity,
    customerName: 'রহিমা বেগম',
    customerPhone: phone,
    customerAddress: 'বাড়ি ১২, জিনজিরা, কেরানীগঞ্জ, ঢাকা',
    paymentMethod: 'bkash',
  });
  await backend.db.doc(`orders/${orderId}`).update({
    payment_state: 'awaiting_payment',
    payment_due_at: Timestamp.fromMillis(Date.now() - HOUR),
  });
  return orderId;
}

const orderOf = async (id: string) => (await backend.db.doc(`orders/${id}`).get()).data()!;
const stock = async () => (await backend.db.doc('products/mango').get()).get('stock_quantity') as number;

describe('expireUnpaidOrders, run by the local scheduler', { timeout: RUN_TIMEOUT_MS }, () => {
  it('is found with its schedule, and cancels an overdue order once though two runs overlap', async () => {
    const first = await overdueOrder('rahima@example.com', 3);
    const second = await overdueOrder('karim@example.com', 2);
    expect(await stock()).toBe(5);
    const jobs = scheduler();
    await jobs.start();
    // The shop's other scheduled functions (eveningSummary) are listed beside it.
    expect((await jobs.list()).filter((job) => job.name === 'expireUnpaidOrders')).toEqual([
      expect.objectContaining({
        name: 'expireUnpaidOrders',
        region: 'us-central1',
        schedule: 'every 15 minutes',
        timeZone: 'Asia/Dhaka',
        problem: null,
      }),
    ]);

    const runs = await Promise.all([
      jobs.runNow('expireUnpaidOrders'),
      jobs.runNow('expireUnpaidOrders', { overlap: true }),
    ]);

    expect(runs.map((run) => run.outcome)).toEqual(['succeeded', 'succeeded']);
    for (const id of [first, second]) {
      expect(await orderOf(id)).toMatchObject({ status: 'cancelled', cancel_reason: 'payment_expired' });
    }
    expect(await stock()).toBe(10); // 3 + 2 back, each once
  });

  it('runs by itself on a shortened schedule', async () => {
    const late = await overdueOrder('rahima@example.com', 4);
    const jobs = scheduler({ overrides: { expireUnpaidOrders: 'every 2 seconds' } });
    await jobs.start();

    const deadline = Date.now() + RUN_TIMEOUT_MS - 20_000;
    // The order cancelled and a scheduled run of this scheduler done: on a loaded machine the order can read
    // cancelled while that run is still answering.
    const scheduledRunDone = async () =>
      (await jobs.list())
        .find((j) => j.name === 'expireUnpaidOrders')!
        .runs.some((run) => run.cause === 'schedule' && run.outcome === 'succeeded');
    while (
      ((await orderOf(late)).status !== 'cancelled' || !(await scheduledRunDone())) &&
      Date.now() < deadline
    )
      await new Promise((resolve) => setTimeout(resolve, 200));

    expect(await orderOf(late)).toMatchObject({ status: 'cancelled', cancel_reason: 'payment_expired' });
    expect(await stock()).toBe(10);
    const job = (await jobs.list()).find((j) => j.name === 'expireUnpaidOrders')!;
    expect(job.effectiveSchedule).toBe('every 2 seconds');
    expect(job.runs.some((run) => run.cause === 'schedule' && run.outcome === 'succeeded')).toBe(true);
    expect(job.runs.every((run) => run.cause === 'schedule')).toBe(true);
  });

  it("is run now from the console's Schedules API", async () => {
    const late = await overdueOrder('rahima@example.com', 1);
    const jobs = scheduler();
    await jobs.start();
    const config = readProjectConfig(REPO_ROOT);
    const consoleServer = await startConsole({
      config,
      emulators: backend.emulators,
      port: 0,
      extensions: { scheduledJobs: jobs },
    });
    try {
      const ran = await fetch(`${consoleServer.url}/api/scheduled-jobs/expireUnpaidOrders/run`, {
        method: 'POST',
      });
      expect(ran.status).toBe(200);
      expect(await ran.json()).toMatchObject({ cause: 'manual', outcome: 'succeeded' });
      expect((await orderOf(late)).status).toBe('cancelled');
      const listed = (await (await fetch(`${consoleServer.url}/api/scheduled-jobs`)).json()) as {
        jobs: ScheduledJob[];
      };
      expect(listed.jobs.find((j) => j.name === 'expireUnpaidOrders')).toMatchObject({
        name: 'expireUnpaidOrders',
        lastRun: { cause: 'manual', outcome: 'succeeded' },
      });
    } finally {
      await consoleServer.close();
    }
  });
});

describe("the local shop's scheduler", () => {
  it('has expireUnpaidOrders on its schedule in the emulator console, with its next run', async () => {
    const config = readProjectConfig(REPO_ROOT);
    const response = await fetch(`http://${config.ui.host}:${config.ui.port}/api/scheduled-jobs`);
    expect(response.status).toBe(200);
    const { jobs } = (await response.json()) as { jobs: ScheduledJob[] };
    const job = jobs.find((j) => j.name === 'expireUnpaidOrders');
    expect(job).toMatchObject({ schedule: 'every 15 minutes', timeZone: 'Asia/Dhaka', problem: null });
    expect(Date.parse(job!.nextRunAt!)).toBeGreaterThan(Date.now());
  });
});
