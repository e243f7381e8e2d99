/**
 * `npm run bench:sale`: a live sale replayed. N new customers (default 100), each with an account and a phone
 * number of their own, order 1 jar of one product with M in stock (default 30), all at once, by bKash, through
 * the placeOrder callable as the order dialog sends it. Prints how many were placed and refused (with each
 * refusal's text), the stock left, and the answer times (p50 / p95 / max) with the load average. A benchmark:
 * it asserts nothing, but exits 1 when the shop sold other than it had (more orders than jars, a shelf that
 * disagrees, a refusal without a Bengali text).
 *   npm run bench:sale [-- --shoppers 100 --stock 30] [-- --compare]
 * Uses the shop already running on firebase.json's ports (`npm start`), or starts the same stack in memory
 * when they are free (run it then under `flock /tmp/shop-ports.lock`). --compare runs the sale twice, each on a
 * shop of its own: first with firebase-tools' Functions emulator as published (one call per worker process),
 * then as the shop runs it (emulators/docs/functions-concurrency.md).
 */
import http from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { readProjectConfig } from '../emulators/src/config.js';
import { exactShelf } from '../functions/src/shelf-lots.js';
import { phoneToE164 } from '../src/features/ordering/model/index.js';
import { takenPorts } from './stack/ports.js';
import { shopPorts, startShop, type RunningShop } from './stack/shop.js';

// Google's auth library otherwise probes the GCE metadata server and warns; nothing here runs on Google Cloud.
process.env.METADATA_SERVER_DETECTION ??= 'none';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = readProjectConfig(root);
const { values } = parseArgs({
  options: {
    shoppers: { type: 'string', default: '100' },
    stock: { type: 'string', default: '30' },
    compare: { type: 'boolean', default: false },
  },
});
const shoppers = Number(values.shoppers);
const stock = Number(values.stock);

interface Answer {
  ms: number;
  orderId?: string;
  refusal?: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * A new customer's account on the Auth emulator with its phone number verified (the shop asks for a verified
 * number before an order by default: order-guard.ts), as a shopper who entered the SMS code has: its ID token.
 */
async function newCustomer(run: number, stamp: number, phone: string): Promise<string> {
  const auth = `http://${config.auth.host}:${config.auth.port}/identitytoolkit.googleapis.com/v1`;
  const call = async (path: string, payload: object, owner = false) => {
    const response = await fetch(`${auth}/${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        ...(owner && { Authorization: 'Bearer owner' }),
      },
      body: JSON.stringify(payload),
    });
    const body = (await response.json()) as { idToken?: string; localId?: string };
    if (!response.ok) throw new Error(`shopper ${run}: ${path}: ${JSON.stringify(body)}`);
    return body;
  };
  const account = { email: `sale-${stamp}-${run}@achar.test`, password: 'sale-123', returnSecureToken: true };
  const { localId } = await call('accounts:signUp?key=demo-api-key', account);
  await call(
    `projects/${config.projectId}/accounts:update`,
    { localId, phoneNumber: phoneToE164(phone) },
    true,
  );
  const { idToken } = await call('accounts:signInWithPassword?key=demo-api-key', account);
  if (!idToken) throw new Error(`no ID token for shopper ${run}`);
  return idToken;
}

const NO_ANSWER_MS = 120_000;

/** POSTs JSON and reads the JSON answer (node:http: fetch gives up on headers after 300 s, silently). */
function postJson(url: string, token: string, payload: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(payload);
    const request = http.request(
      url,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          Authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(text));
          } catch {
            resolve({ error: { message: `HTTP ${response.statusCode}: ${text.slice(0, 200)}` } });
          }
        });
      },
    );
    // A call still unanswered after 2 minutes is counted as unanswered, so a stuck stack still ends the run.
    request.setTimeout(NO_ANSWER_MS, () =>
      request.destroy(new Error(`no answer in ${NO_ANSWER_MS / 1000} s`)),
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** One order as the dialog sends it: 1 jar, bKash (no phone code needed), a number of the shopper's own. */
async function order(productId: string, token: string, phone: string): Promise<Answer> {
  const url = `http://${config.functions.host}:${config.functions.port}/${config.projectId}/us-central1/placeOrder`;
  const started = performance.now();
  const body = (await postJson(url, token, {
    data: {
      productId,
      quantity: 1,
      customerName: 'লাইভের ক্রেতা',
      customerPhone: phone,
      customerAddress: 'আটি বাজার, কেরানীগঞ্জ',
      paymentMethod: 'bkash',
    },
  }).catch((error: Error) => ({ error: { message: error.message } }))) as {
    result?: { orderId: string };
    error?: { message?: string; details?: { message?: string } };
  };
  const ms = performance.now() - started;
  if (body.result) return { ms, orderId: body.result.orderId };
  return { ms, refusal: body.error?.details?.message ?? `(no text) ${JSON.stringify(body.error)}` };
}

/** One sale, on the running shop or on one started for it (and stopped after). */
async function sale(label: string): Promise<void> {
  const ports = shopPorts(root);
  const taken = await takenPorts(ports);
  let shop: RunningShop | null = null;
  if (taken.length === 0) {
    console.log(`\n${label}: starting the shop in memory…`);
    shop = await startShop({ root, persist: false });
    await shop.emulators.firestore.engine.triggers?.delivery.idle();
  } else if (taken.length < ports.length || values.compare) {
    throw new Error(
      `The shop's ports must all be free (--compare starts its own shop twice), or all taken by it`,
    );
  }
  process.env.FIRESTORE_EMULATOR_HOST = `${config.firestore.host}:${config.firestore.port}`;
  const app = initializeApp({ projectId: config.projectId }, `bench-sale-${label}`);
  const db = getFirestore(app);
  try {
    // A product of its own, a copy of a seeded one with M jars, so a sale never touches the demo shelf.
    const [template] = (await db.collection('products').where('is_active', '==', true).limit(1).get()).docs;
    if (!template) throw new Error('no active product to copy: is the shop seeded?');
    const product = db.collection('products').doc();
    // Without the template's server fields (the lots' count, a jar tickets' total): as the seller's form creates it.
    const { jars_total: _total, shelf_counted: _counted, ...copied } = template.data();
    await product.create({
      ...copied,
      name: `লাইভ সেল ${new Date().toISOString().slice(11, 19)}`,
      stock_quantity: stock,
      created_at: FieldValue.serverTimestamp(),
      updated_at: FieldValue.serverTimestamp(),
    });
    // The shelf set on lots by the trigger, as it is long before a live sale starts (else the first orders do it).
    for (const until = Date.now() + 30_000; Date.now() < until;) {
      if ((await product.get()).get('shelf_counted') === stock) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const stamp = Date.now();
    const phones = Array.from({ length: shoppers }, (_, run) => `0171${String(stamp + run).slice(-7)}`);
    const tokens = await Promise.all(phones.map((phone, run) => newCustomer(run, stamp, phone)));
    // Warm the callable (firebase-tools starts a worker for its first call), with a refused order that writes
    // nothing: an unknown product.
    await order('no-such-product', tokens[0], phones[0]);

    console.log(`uptime before: ${loadavg().map((l) => l.toFixed(2))}`);
    const started = performance.now();
    const answers = await Promise.all(tokens.map((token, run) => order(product.id, token, phones[run])));
    const wallMs = performance.now() - started;
    const load = loadavg().map((l) => l.toFixed(2));

    const placed = answers.filter((a) => a.orderId);
    const refusals = new Map<string, number>();
    for (const a of answers) if (a.refusal) refusals.set(a.refusal, (refusals.get(a.refusal) ?? 0) + 1);
    // The exact shelf (its lots), then how long the figure every reader shows took to catch up with it.
    const shelf = await exactShelf(product);
    let shown = (await product.get()).get('stock_quantity') as number;
    while (shown !== shelf && performance.now() - started - wallMs < 60_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      shown = (await product.get()).get('stock_quantity') as number;
    }
    const lagMs = performance.now() - started - wallMs;
    const orders = await db.collection('orders').where('product_id', '==', product.id).count().get();
    const times = answers.map((a) => a.ms).sort((a, b) => a - b);

    console.log(`\n${label}: ${shoppers} shoppers, ${stock} jars, all at once (bKash, 1 jar each)`);
    console.log(`placed:   ${placed.length} (orders in the database: ${orders.data().count})`);
    console.log(`refused:  ${answers.length - placed.length}`);
    for (const [text, count] of refusals) console.log(`  ${count} × ${text}`);
    console.log(`shelf:    ${shelf} left (shown: ${shown}, ${Math.round(lagMs)} ms after the last answer)`);
    console.log(
      `answers:  p50 ${Math.round(percentile(times, 50))} ms, p95 ${Math.round(percentile(times, 95))} ms, max ${Math.round(times[times.length - 1])} ms (all in ${Math.round(wallMs)} ms)`,
    );
    console.log(`load average after: ${load.join(', ')}`);

    const sold = placed.length === orders.data().count && placed.length + shelf === stock && shown === shelf;
    const clear = [...refusals.keys()].every((text) => !text.startsWith('(no text)'));
    if (!sold || !clear || placed.length > stock) {
      console.error('✖ the shop sold other than it had, or a refusal had no text');
      process.exitCode = 1;
    }
  } finally {
    await deleteApp(app);
    await shop?.stop();
  }
}

if (values.compare) {
  // A/B in one sitting: firebase-tools as published (one call per worker process), then as the shop runs it.
  process.env.ONE_CALL_PER_WORKER = '1';
  await sale('one call per worker (firebase-tools as published)');
  delete process.env.ONE_CALL_PER_WORKER;
}
await sale('live sale');
