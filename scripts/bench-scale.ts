/**
 * `npm run bench:scale`: what the seller's dashboard costs as the shop's history grows. For each size (1,000 and
 * 100,000 orders by default) it starts the whole shop in memory (the same stack as `npm start`, nothing kept),
 * adds that many orders spread over two years with every status, rebuilds the derived data as
 * `npm run stats:rebuild` does, opens /admin as the admin in Chromium (a laptop, no throttling) and prints a
 * table: first order card, JS heap, documents read (counted at the emulator), search by each kind, stats tab,
 * new order to dashboard, then the emulator alone started from that data (start time, memory) and the time of a
 * page of 50 orders. A benchmark, not a test: it asserts nothing and prints numbers.
 *   npm run bench:scale [-- --sizes 1000,100000]   (needs the ports of firebase.json free)
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Page } from 'playwright-core';
import { readProjectConfig } from '../emulators/src/config.js';
import type { OfflineEmulators } from '../emulators/src/index.js';
import type { DocumentJson, Value } from '../emulators/src/firestore/types.js';
import { launchChromium } from '../emulators/src/testing/browser.js';
import { orderSearchFields } from '../functions/src/customer-summary.js';
import {
  ORDER_STATUSES,
  orderTotal,
  shortOrderId,
  toBengaliDigits,
} from '../src/features/ordering/model/index.js';
import { waitForQuietMachine } from './bench/quiet.js';
import { startShop } from './stack/shop.js';
import { rebuildDerivedOrderData } from './stats-rebuild.js';

// Google's auth library otherwise probes the GCE metadata server and warns; nothing here runs on Google Cloud.
process.env.METADATA_SERVER_DETECTION ??= 'none';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = readProjectConfig(root);
const { values } = parseArgs({ options: { sizes: { type: 'string', default: '1000,100000' } } });
const sizes = values.sizes.split(',').map(Number);

const ADMIN = { email: 'admin@achar.test', password: 'admin123' };
const CARD = 'article[aria-label^="অর্ডার #"]';
const DAY_MS = 24 * 60 * 60 * 1000;
const NAMES = ['রহিম উদ্দিন', 'করিম মিয়া', 'ফাতেমা বেগম', 'আয়েশা খাতুন', 'Nusrat Jahan', 'Tanvir Hasan'];

interface Row {
  what: string;
  value: string;
}

/** Deterministic numbers, so every run writes the same orders. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (value: number) => `${Math.round(value)} ms`;

/** `count` orders of the seeded products, spread over the last two years, every status, 2,000 customers. */
/** A plain value as Firestore's REST/JSON form (what an export holds). */
function toValue(value: unknown): Value {
  if (value === null) return { nullValue: null };
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'number')
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (value instanceof Timestamp) return { timestampValue: value.toDate().toISOString() };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toValue) } };
  if (typeof value === 'object')
    return {
      mapValue: {
        fields: Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toValue(item)])),
      },
    };
  throw new Error(`no Firestore value for ${String(value)}`);
}

/**
 * Two years of orders, every status, loaded as an import loads them (the emulator's importDocuments, what
 * `--data-dir` and a snapshot do): history placed long ago fires no trigger now. Written one by one, each
 * would send `notifySellerOfOrder` an event, and the Functions emulator would still be working through them
 * (reading the mail setting each time) while the dashboard is measured.
 */
async function addOrders(
  db: Firestore,
  emulators: OfflineEmulators,
  count: number,
): Promise<{ phone: string; name: string; id: string }> {
  const products = (await db.collection('products').get()).docs.map((doc) => ({
    id: doc.id,
    name: doc.get('name') as string,
    price: doc.get('price') as number,
  }));
  const next = random(count);
  const now = Date.now();
  const database = `projects/${config.projectId}/databases/(default)`;
  let documents: DocumentJson[] = [];
  const flush = () => {
    emulators.firestore.engine.importDocuments([{ database, documents }]);
    documents = [];
  };
  let sample = { phone: '', name: '', id: '' };
  const sampleAt = Math.floor(count / 3);
  for (let i = 0; i < count; i++) {
    const customer = Math.floor(next() * 2000);
    const product = products[Math.floor(next() * products.length)];
    const quantity = 1 + Math.floor(next() * 3);
    const createdAt = new Date(now - Math.floor(next() * 730 * DAY_MS));
    const ref = db.collection('orders').doc();
    // One order in ten paid by bKash, a fifth of those with a TrxID the seller has still to check ("যাচাই বাকি").
    const wallet = next() < 0.1;
    const claimed = wallet && next() < 0.2;
    const order = {
      product_id: product.id,
      product_name: product.name,
      product_price: product.price,
      quantity,
      total_amount: orderTotal(product.price, quantity),
      customer_name: `${NAMES[customer % NAMES.length]} ${customer}`,
      customer_phone: `017${String(10_000_000 + customer * 4_973).slice(-8)}`,
      customer_email: null,
      customer_address: `বাড়ি ${customer}, কেরানীগঞ্জ, ঢাকা`,
      payment_method: wallet ? 'bkash' : 'cash_on_delivery',
      payment_state: claimed ? 'claimed' : wallet ? 'verified' : 'collect_on_delivery',
      payment_trxid: wallet ? `B${String(i).padStart(9, '0')}` : null,
      payment_payer: wallet ? '01812345678' : null,
      payment_reject_reason: null,
      user_id: `bench-customer-${customer}`,
      status: ORDER_STATUSES[Math.floor(next() * ORDER_STATUSES.length)],
      created_at: Timestamp.fromDate(createdAt),
      updated_at: Timestamp.fromDate(createdAt),
    };
    const fields = { ...order, ...orderSearchFields(ref.id, order, createdAt) };
    documents.push({
      name: `${database}/documents/orders/${ref.id}`,
      fields: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, toValue(value)])),
    });
    if (documents.length === 10_000) flush();
    if (i === sampleAt) sample = { phone: order.customer_phone, name: order.customer_name, id: ref.id };
  }
  flush();
  return sample;
}

async function usage(method: 'GET' | 'DELETE'): Promise<number> {
  const { host, port } = config.firestore;
  const response = await fetch(
    `http://${host}:${port}/emulator/v1/projects/${config.projectId}/databases/(default)/usage`,
    { method },
  );
  return ((await response.json()) as { documentReads: number }).documentReads;
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

/** Whether every order card on the page shows `text` (and there is at least one). */
function everyCardShows(page: Page, text: string): Promise<boolean> {
  return page.evaluate(
    ([selector, expected]) => {
      const cards = [...document.querySelectorAll(selector)];
      return cards.length > 0 && cards.every((card) => card.textContent?.includes(expected));
    },
    [CARD, text] as const,
  );
}

/** Milliseconds from typing `text` into the order search until every card on screen is a match. */
async function timeSearch(page: Page, text: string, expected: string): Promise<number> {
  const box = page.getByRole('searchbox', { name: 'অর্ডার খুঁজুন' });
  await box.fill('');
  // Back to the unfiltered list first, so the clock does not start on an answer already on screen.
  for (let tries = 0; tries < 100 && (await everyCardShows(page, expected)); tries++)
    await page.waitForTimeout(50);
  const started = Date.now();
  await box.fill(text);
  while (!(await everyCardShows(page, expected))) {
    if (Date.now() - started > 30_000) throw new Error(`no answer for the search "${text}"`);
    await page.waitForTimeout(5);
  }
  return Date.now() - started;
}

async function signIn(page: Page, shopUrl: string): Promise<void> {
  await page.goto(`${shopUrl}/auth`);
  const form = page.getByRole('form', { name: 'লগইন করুন' });
  await form.getByLabel('ই-মেইল').fill(ADMIN.email);
  await form.getByLabel('পাসওয়ার্ড').fill(ADMIN.password);
  await form.getByRole('button', { name: 'লগইন করুন' }).click();
  await page.waitForURL(`${shopUrl}/`, { timeout: 30_000 });
}

/**
 * A new customer's order through the placeOrder callable, as the order dialog sends it: paid by bKash, which needs
 * no phone code (a cash order would: order-guard.ts), from a number of its own (one number's orders must be a
 * minute apart).
 */
async function placeOrder(productId: string, run: number): Promise<{ orderId: string; placedAt: number }> {
  const auth = `http://${config.auth.host}:${config.auth.port}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`;
  const account = (await (
    await fetch(auth, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: `bench-${Date.now()}@achar.test`,
        password: 'bench-123',
        returnSecureToken: true,
      }),
    })
  ).json()) as { idToken: string };
  const functionsUrl = `http://${config.functions.host}:${config.functions.port}/${config.projectId}/us-central1`;
  const response = await fetch(`${functionsUrl}/placeOrder`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${account.idToken}` },
    body: JSON.stringify({
      data: {
        productId,
        quantity: 1,
        customerName: 'মাপজোখ ক্রেতা',
        customerPhone: `0181234${String(5000 + run).padStart(4, '0')}`,
        customerAddress: 'আটি বাজার, কেরানীগঞ্জ',
        paymentMethod: 'bkash',
      },
    }),
  });
  const placedAt = Date.now();
  const body = (await response.json()) as { result?: { orderId: string }; error?: unknown };
  if (!body.result) throw new Error(`placeOrder failed: ${JSON.stringify(body.error)}`);
  return { orderId: body.result.orderId, placedAt };
}

/**
 * The emulator alone (`npm run emulators`) started from a data folder: time to its ready line, and memory once
 * the background warm-up of the declared indexes has settled (its resident size unchanged for 5 s), with the
 * peak on the way.
 */
async function emulatorFromFolder(
  dataDir: string,
): Promise<{ startMs: number; rssMb: number; peakMb: number }> {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'emulators/src/cli.ts', '--data-dir', dataDir, '--no-console'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const ready = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready/i.test(output)) resolve(Date.now() - started);
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}): ${output}`)));
  });
  const startMs = await ready;
  const { readFile } = await import('node:fs/promises');
  const memory = async () => {
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
  };
  let last = await memory();
  let steadySince = Date.now();
  const giveUp = Date.now() + 120_000;
  while (Date.now() - steadySince < 5000 && Date.now() < giveUp) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await memory();
    if (Math.abs(now.rssMb - last.rssMb) > last.rssMb / 100) steadySince = Date.now();
    last = now;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL'); // no export on the way out: the folder is thrown away
  await exited; // its ports are free again for the next size's shop
  return { startMs, ...last };
}

async function measure(size: number): Promise<Row[]> {
  const rows: Row[] = [];
  const dataDir = await mkdtemp(join(tmpdir(), 'achar-bench-scale-'));
  const shop = await startShop({ root, persist: false });
  process.env.FIRESTORE_EMULATOR_HOST = `${config.firestore.host}:${config.firestore.port}`;
  const app = initializeApp({ projectId: config.projectId }, `bench-scale-${size}`);
  const db = getFirestore(app);
  const browser = await launchChromium();
  try {
    let started = Date.now();
    const sample = await addOrders(db, shop.emulators, size);
    rows.push({
      what: `load ${size.toLocaleString('en')} orders (import, no triggers)`,
      value: ms(Date.now() - started),
    });
    started = Date.now();
    await rebuildDerivedOrderData(db);
    rows.push({ what: 'npm run stats:rebuild over them', value: ms(Date.now() - started) });
    // The seed's own triggers (photo sizes, the demo orders' mail) may still be running in the Functions
    // emulator's workers, reading and writing: the dashboard is measured once they are done and the machine is
    // quiet, or a fresh shop's first size would count their reads and share the CPU with them.
    await shop.emulators.firestore.engine.triggers?.delivery.idle();
    await waitForQuietMachine((line) => console.log(line));

    const pageTimes: number[] = [];
    for (let run = 0; run < 21; run++) {
      const t = performance.now();
      await db
        .collection('orders')
        .where('status', '==', 'pending')
        .orderBy('created_at', 'desc')
        .limit(50)
        .get();
      pageTimes.push(performance.now() - t);
    }
    rows.push({
      what: 'page of 50 pending orders, newest first (firebase-admin, median of 21)',
      value: ms(median(pageTimes)),
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'bn-BD' });
    const page = await context.newPage();
    await signIn(page, shop.shopUrl);
    await usage('DELETE');
    started = Date.now();
    await page.goto(shop.adminUrl);
    await page.locator(CARD).first().waitFor({ timeout: 120_000 });
    rows.push({ what: '/admin: first order card', value: ms(Date.now() - started) });
    await page.waitForTimeout(3000);
    rows.push({ what: '/admin: documents read to open it', value: String(await usage('GET')) });
    rows.push({ what: '/admin: JS heap after GC', value: `${(await heapMb(page)).toFixed(1)} MB` });

    const bengaliPhone = `+৮৮০ ${toBengaliDigits(sample.phone.slice(1, 5))}-${toBengaliDigits(sample.phone.slice(5))}`;
    rows.push({
      what: 'search: order number',
      value: ms(await timeSearch(page, shortOrderId(sample.id), sample.name)),
    });
    rows.push({
      what: 'search: phone (+৮৮০, Bengali digits)',
      value: ms(await timeSearch(page, bengaliPhone, sample.name)),
    });
    const prefix = sample.name.split(' ')[0].slice(0, 3);
    rows.push({
      what: `search: name prefix ("${prefix}")`,
      value: ms(await timeSearch(page, prefix, prefix)),
    });
    await page.getByRole('searchbox', { name: 'অর্ডার খুঁজুন' }).fill('');

    // "যাচাই বাকি": the claimed payments, newest first, and the live count beside it (at most 100 read).
    await page.waitForTimeout(2000);
    await usage('DELETE');
    started = Date.now();
    await page.getByRole('button', { name: /যাচাই বাকি/ }).click();
    while (!(await everyCardShows(page, 'পেমেন্ট যাচাই বাকি'))) {
      if (Date.now() - started > 60_000) throw new Error('no answer for the "to verify" filter');
      await page.waitForTimeout(5);
    }
    rows.push({ what: '"যাচাই বাকি" filter: first card', value: ms(Date.now() - started) });
    await page.waitForTimeout(3000);
    rows.push({ what: '"যাচাই বাকি" filter: documents read', value: String(await usage('GET')) });
    await page.getByRole('button', { name: /যাচাই বাকি/ }).click();

    started = Date.now();
    await page.getByRole('tab', { name: 'পরিসংখ্যান' }).click();
    await page.getByRole('tabpanel').getByText('মোট অর্ডার').waitFor({ timeout: 60_000 });
    await page.locator('.chakra-stat__valueText').first().waitFor();
    rows.push({ what: 'stats tab: figures on screen', value: ms(Date.now() - started) });

    await page.getByRole('tab', { name: /^অর্ডার/ }).click();
    await page.locator(CARD).first().waitFor();
    const product = (await db.collection('products').where('is_active', '==', true).limit(1).get()).docs[0];
    await product.ref.update({ stock_quantity: 1000 }); // enough jars for the orders placed below
    const latencies: number[] = [];
    for (let run = 0; run < 5; run++) {
      // The page notes when the card appears (a MutationObserver, not a poll), in the same clock as this process;
      // the observer is in place before the order is placed.
      await page.evaluate((selector) => {
        const known = new Set(
          [...document.querySelectorAll(selector)].map((card) => card.getAttribute('aria-label')),
        );
        (window as unknown as { cardSeenAt: Promise<number> }).cardSeenAt = new Promise<number>((resolve) => {
          const observer = new MutationObserver(() => {
            const cards = [...document.querySelectorAll(selector)];
            if (cards.some((card) => !known.has(card.getAttribute('aria-label')))) {
              observer.disconnect();
              resolve(Date.now());
            }
          });
          observer.observe(document.body, { childList: true, subtree: true });
        });
      }, CARD);
      const { placedAt } = await placeOrder(product.id, run);
      const seenAt = await page.evaluate(
        () => (window as unknown as { cardSeenAt: Promise<number> }).cardSeenAt,
      );
      latencies.push(Math.max(0, seenAt - placedAt));
    }
    rows.push({ what: 'new order → on the open dashboard (median of 5)', value: ms(median(latencies)) });
    await context.close();
    await shop.emulators.exportData(dataDir);
  } finally {
    await browser.close();
    await deleteApp(app);
    delete process.env.FIRESTORE_EMULATOR_HOST;
    await shop.stop();
  }
  const emulator = await emulatorFromFolder(dataDir);
  rows.push({ what: 'emulator alone from that data: start to ready', value: ms(emulator.startMs) });
  rows.push({
    what: 'emulator alone from that data: memory (RSS) once every index is warm (peak)',
    value: `${Math.round(emulator.rssMb)} MB (${Math.round(emulator.peakMb)} MB)`,
  });
  await rm(dataDir, { recursive: true, force: true });
  return rows;
}

const results = new Map<number, Row[]>();
for (const size of sizes) {
  console.log(`› ${size.toLocaleString('en')} orders…`);
  results.set(size, await measure(size));
}
const header = ['', ...sizes.map((size) => `${size.toLocaleString('en')} orders`)];
const lines = results
  .get(sizes[0])!
  .map((row, index) => [
    row.what.replace(/\d[\d,]* orders \(bulk/, 'the orders (bulk'),
    ...sizes.map((size) => results.get(size)![index]?.value ?? ''),
  ]);
const widths = header.map((_, column) => Math.max(...[header, ...lines].map((line) => line[column].length)));
for (const line of [header, ...lines])
  console.log(line.map((cell, i) => cell.padEnd(widths[i])).join('  │  '));
process.exit(0);
