/**
 * `npm start -- --snapshot <name>`: the shop starts from a saved snapshot instead of the seed. A snapshot is made
 * with the offline emulators alone (a product, a bKash order left unpaid past its limit, one file), then the whole
 * shop is started from it: Firestore and Storage hold exactly the snapshot's data and nothing was seeded. The
 * same start shows the scheduled functions running by themselves: with expireUnpaidOrders' schedule shortened
 * (SCHEDULE_OVERRIDES / scheduleOverrides), the unpaid order is cancelled and its jars are back without anyone
 * asking. (One shop started for both: each start of the whole shop costs the step seconds.)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readProjectConfig, startOfflineEmulators } from '../../emulators/src/index.js';
import { Snapshots } from '../../emulators/src/console-server/snapshots.js';
import { startShop, type RunningShop } from '../../scripts/stack/shop.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const config = readProjectConfig(root);
const DB = `projects/${config.projectId}/databases/(default)`;
let dir: string | undefined;
let shop: RunningShop | undefined;

// firebase-tools takes its time to stop a Functions emulator with workers: more than the 10 s a hook has.
afterAll(async () => {
  await shop?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
}, 120_000);

const at = (millis: number) => ({ timestampValue: new Date(millis).toISOString() });
const PRICE = 99;

/** A document of the shop's Firestore, read in its own process (the engine): its fields as stored. */
function storedFields(path: string): Record<string, Record<string, unknown>> | undefined {
  const doc = shop!.emulators.firestore.engine
    .databasesInUse()
    .flatMap((state) => [...state.all()])
    .find((found) => found.key === path);
  return doc?.fields as Record<string, Record<string, unknown>> | undefined;
}

describe('npm start -- --snapshot <name>', () => {
  it('starts the shop from the snapshot, seeding nothing, and runs the scheduled functions on their (shortened) schedule', async () => {
    dir = await mkdtemp(join(tmpdir(), 'start-from-snapshot-'));
    const emulators = await startOfflineEmulators({ config, ports: { firestore: 0, storage: 0 } });
    try {
      emulators.firestore.engine.commit(
        {
          database: DB,
          writes: [
            {
              update: {
                name: `${DB}/documents/products/only-one`,
                fields: {
                  name: { stringValue: 'শুধু একটি আচার' },
                  price: { integerValue: String(PRICE) },
                  is_active: { booleanValue: true },
                  // Five jars, two of them taken by the unpaid order below (as placeOrder leaves a bKash order).
                  stock_quantity: { integerValue: '3' },
                },
              },
            },
            {
              update: {
                name: `${DB}/documents/orders/unpaid-past-limit`,
                fields: {
                  product_id: { stringValue: 'only-one' },
                  quantity: { integerValue: '2' },
                  total_amount: { integerValue: String(2 * PRICE) },
                  status: { stringValue: 'pending' },
                  user_id: { stringValue: 'late-payer' },
                  customer_phone: { stringValue: '01712345678' },
                  payment_method: { stringValue: 'bkash' },
                  payment_state: { stringValue: 'awaiting_payment' },
                  payment_due_at: at(Date.now() - 60_000),
                  created_at: at(Date.now() - 25 * 60 * 60_000),
                },
              },
            },
          ],
        },
        { kind: 'owner' },
      );
      const upload = await fetch(
        `${emulators.storage.url}/upload/storage/v1/b/${config.projectId}.appspot.com/o?uploadType=media&name=product-images%2Fonly-one.txt`,
        {
          method: 'POST',
          headers: { Authorization: 'Bearer owner', 'Content-Type': 'text/plain' },
          body: 'jar',
        },
      );
      expect(upload.status).toBe(200);
      await new Snapshots({ dir, emulators, projectId: config.projectId }).save('one product');
    } finally {
      await emulators.stop();
    }

    const lines: string[] = [];
    shop = await startShop({
      root,
      persist: false,
      snapshotsDir: dir,
      snapshot: 'one product',
      scheduleOverrides: { expireUnpaidOrders: 'every 3 seconds' },
      log: (line) => lines.push(line),
    });

    // Read at once, in this process: the scheduler's first run is seconds away.
    expect(shop.seeded).toBe(false);
    expect(shop.restoredSnapshot).toBe('one product');
    const documents = shop.emulators.firestore.engine
      .databasesInUse()
      .flatMap((state) => [...state.all()].map((doc) => doc.key));
    expect(documents.sort()).toEqual(['orders/unpaid-past-limit', 'products/only-one']);
    const listed = await fetch(
      `http://${config.storage.host}:${config.storage.port}/storage/v1/b/${config.projectId}.appspot.com/o`,
      { headers: { Authorization: 'Bearer owner' } },
    );
    const items = ((await listed.json()) as { items?: { name: string }[] }).items ?? [];
    expect(items.map((item) => item.name)).toEqual(['product-images/only-one.txt']);
    expect((await shop.snapshots.list()).map((s) => s.name)).toEqual(['one product']);

    expect(lines).toContainEqual(
      expect.stringMatching(
        /^› scheduler: expireUnpaidOrders runs "every 3 seconds" Asia\/Dhaka \(declared "every 15 minutes"\)/,
      ),
    );
    // The scheduler's own word that a run ended, then what it did.
    await expect
      .poll(
        async () => {
          const job = (await shop!.scheduler.list()).find((j) => j.name === 'expireUnpaidOrders')!;
          return job.runs.some((run) => run.cause === 'schedule' && run.outcome === 'succeeded');
        },
        { timeout: 120_000, interval: 100 },
      )
      .toBe(true);
    const order = storedFields(`orders/unpaid-past-limit`);
    expect(order?.status).toEqual({ stringValue: 'cancelled' });
    expect(order?.cancel_reason).toEqual({ stringValue: 'payment_expired' });
    // The jars back on the shelf; the figure every reader shows is counted from the shelf's lots by a trigger
    // a moment after the cancel (docs/live-sale.md).
    await expect
      .poll(() => storedFields('products/only-one')?.stock_quantity, { timeout: 30_000, interval: 100 })
      .toEqual({ integerValue: '5' });
    expect(lines).toContainEqual(expect.stringMatching(/^› scheduler: expireUnpaidOrders ran in \d/));
  }, 300_000);
});
