/**
 * The unmodified web SDK in headless Chromium against the emulator, in both WebChannel modes:
 * streaming (the SDK's default detection) and forced long-polling.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HarnessSite } from '../testing/browser.js';
import { startFirestoreEmulator, type FirestoreEmulator } from './server.js';
import { adminFirestore } from '../testing/admin.js';

type Harness = {
  write(path: string, data: object): Promise<void>;
  read(path: string): Promise<Record<string, unknown> | null>;
  inStockByPriceDesc(collectionId: string): Promise<string[]>;
  listen(collectionId: string): void;
  events(): { ids: string[]; pending: boolean; at: number }[];
  transferStock(from: string, to: string, amount: number): Promise<number>;
  copyInTransaction(from: string, to: string): Promise<string>;
  reservedQueryCode(): Promise<string>;
  batchOfThree(prefix: string): Promise<void>;
  readCode(path: string): Promise<string>;
  writeCode(path: string, data: object): Promise<string>;
};

declare const harness: Harness;

let emulator: FirestoreEmulator;
let site: HarnessSite;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0 });
  emulator.rules.setSource(
    `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{collection}/{id} { allow read, write: if collection != 'private'; }
    match /private/{id} { allow read, write: if request.auth != null && request.auth.uid == 'owner-of-private'; }
  }
}`,
    'browser.rules',
  );
  site = await HarnessSite.open(fileURLToPath(new URL('./__browser__', import.meta.url)));
}, 120_000);

afterAll(async () => {
  await site?.close();
  await emulator?.stop();
});

const openHarness = (project: string, mode: string): Promise<Page> =>
  site.openPage(`port=${emulator.port}&mode=${mode}&project=${project}`);

describe.each(['streaming', 'longpoll'])('web SDK in Chromium over WebChannel (%s)', (mode) => {
  const project = `demo-browser-${mode}`;
  let page: Page;
  const admin = () => adminFirestore(project, emulator.port);

  beforeAll(async () => {
    page = await openHarness(project, mode);
  });
  afterAll(async () => {
    await page?.close();
  });

  it('writes a document that another client reads, and reads what another client wrote', async () => {
    await page.evaluate(() => harness.write('jars/mango', { name: 'আমের আচার', price: 250, stock: 4 }));
    const stored = await admin().doc('jars/mango').get();
    expect(stored.data()).toEqual({ name: 'আমের আচার', price: 250, stock: 4 });

    await admin().doc('jars/olive').set({ name: 'জলপাইয়ের আচার', price: 180, stock: 0 });
    expect(await page.evaluate(() => harness.read('jars/olive'))).toEqual({
      name: 'জলপাইয়ের আচার',
      price: 180,
      stock: 0,
    });
    expect(await page.evaluate(() => harness.read('jars/none'))).toBeNull();
  });

  it('runs a filtered, ordered query', async () => {
    await admin().doc('jars/garlic').set({ name: 'রসুনের আচার', price: 300, stock: 2 });
    await admin().doc('jars/chilli').set({ name: 'মরিচের আচার', price: 120, stock: 9 });
    expect(await page.evaluate(() => harness.inStockByPriceDesc('jars'))).toEqual([
      'garlic',
      'mango',
      'chilli',
    ]);
  });

  it('delivers a change made by another client to onSnapshot within one second', async () => {
    await page.evaluate(() => harness.listen('jars'));
    await page.waitForFunction(() => harness.events().length > 0);
    const before = Date.now();
    await admin().doc('jars/tamarind').set({ name: 'তেঁতুলের আচার', price: 150, stock: 5 });
    await page.waitForFunction(() => harness.events().some((e) => e.ids.includes('tamarind')), undefined, {
      timeout: 1000,
    });
    const event = (await page.evaluate(() => harness.events())).find((e) => e.ids.includes('tamarind'))!;
    expect(event.at - before).toBeLessThan(1000);
    expect(event.ids).toEqual(['chilli', 'tamarind', 'olive', 'mango', 'garlic']);

    await admin().doc('jars/olive').delete();
    await page.waitForFunction(() => !harness.events().at(-1)!.ids.includes('olive'), undefined, {
      timeout: 1000,
    });
  });

  it('shows a local write at once as pending, then confirmed', async () => {
    const count = (await page.evaluate(() => harness.events())).length;
    await page.evaluate(() => harness.write('jars/lemon', { name: 'লেবুর আচার', price: 90, stock: 3 }));
    await page.waitForFunction(
      (n) =>
        harness
          .events()
          .slice(n)
          .some((e) => e.ids.includes('lemon') && !e.pending),
      count,
    );
    const fresh = (await page.evaluate(() => harness.events()))
      .slice(count)
      .filter((e) => e.ids.includes('lemon'));
    expect(fresh[0].pending).toBe(true);
    expect(fresh.at(-1)!.pending).toBe(false);
  });

  it('commits a transaction that reads and writes two documents', async () => {
    await admin().doc('stock/a').set({ stock: 10 });
    await admin().doc('stock/b').set({ stock: 1 });
    expect(await page.evaluate(() => harness.transferStock('stock/a', 'stock/b', 3))).toBe(7);
    expect((await admin().doc('stock/a').get()).data()).toEqual({ stock: 7 });
    expect((await admin().doc('stock/b').get()).data()).toEqual({ stock: 4 });
  });

  it('commits a transaction that reads a document it does not write (the read is verified at commit)', async () => {
    await admin().doc('stock/source').set({ stock: 5 });
    expect(await page.evaluate(() => harness.copyInTransaction('stock/source', 'stock/copy'))).toBe('ok');
    expect((await admin().doc('stock/copy').get()).data()).toEqual({ copied: 5 });
  });

  it('settles a query on a reserved collection id with invalid-argument instead of reconnecting forever', async () => {
    expect(await page.evaluate(() => harness.reservedQueryCode())).toBe('invalid-argument');
  });

  it('commits a batch atomically, including a field transform', async () => {
    await admin().doc('batch/counter').set({ n: 1 });
    await page.evaluate(() => harness.batchOfThree('batch'));
    const docs = await admin().collection('batch').get();
    expect(Object.fromEntries(docs.docs.map((d) => [d.id, d.data().n]))).toEqual({
      counter: 6,
      one: 1,
      two: 2,
    });
  });

  it('surfaces a security-rules denial as permission-denied', async () => {
    expect(await page.evaluate(() => harness.readCode('private/secret'))).toBe('permission-denied');
    expect(await page.evaluate(() => harness.writeCode('private/secret', { x: 1 }))).toBe(
      'permission-denied',
    );
    expect((await admin().doc('private/secret').get()).exists).toBe(false);
  });
});
