/**
 * `npx tsx scripts/bench/stock-patterns.ts`: the live sale's stock step alone, in firebase-admin transactions
 * against our Firestore emulator (in this process, on a free port: nothing of the shop is started), for each way
 * of keeping a product's stock that docs/live-sale.md weighs. N orders (100) of 1 jar, M jars (30), all at once:
 *   one-document   every order reads and writes products/{id} (placeOrder today)
 *   shards-S       the jars split over S shard documents; an order reads one shard picked at random and takes a
 *                  jar from it, or reads the next one while the one it read is empty (refused when all are)
 * Each order's transaction also reads three other documents first, as placeOrder does (--stock-last: after).
 * Prints placed / refused / jars left / p50 / p95 / max / transaction attempts / CPU time (this process: the
 * emulator and the clients) per pattern, and the load average.
 * A benchmark: it asserts nothing, but exits 1 if a pattern sold more or fewer jars than it had.
 *   jar tickets    a document per jar sold, n < a total that never goes down (the shop's stock before lots)
 *   lots           the shelf as lots of free jars (the shop's stock, functions/src/shelf-lots.ts)
 *   npx tsx scripts/bench/stock-patterns.ts [--orders 100 --stock 30 --shards 5,10,30 --sold 0 --read-locks shared]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { AggregateField, FieldPath, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { adminFirestore } from '../../emulators/src/testing/admin.js';
import { startFirestoreEmulator } from '../../emulators/src/firestore/server.js';
import type { TransactionReadLocks } from '../../emulators/src/firestore/write/transactions.js';

process.env.METADATA_SERVER_DETECTION ??= 'none';

const { values } = parseArgs({
  options: {
    orders: { type: 'string', default: '100' },
    stock: { type: 'string', default: '30' },
    shards: { type: 'string', default: '5,10,30' },
    // Jars the product sold before the sale: the tickets' orders read one document each of them, lots none.
    sold: { type: 'string', default: '0' },
    'stock-last': { type: 'boolean', default: false },
    // The lock a transaction's read takes in the emulator (emulators/docs/firestore-transactions.md).
    'read-locks': { type: 'string', default: 'exclusive' },
  },
});
const ORDERS = Number(values.orders);
const STOCK = Number(values.stock);
const SOLD = Number(values.sold);
// placeOrder's limit (functions/src/place-order.ts).
const MAX_ATTEMPTS = 30;

interface Outcome {
  ms: number;
  placed: boolean;
}

/**
 * How an order takes one jar inside its transaction: reads, then answers the write that takes the jar (made
 * after every read), or null when none is left.
 */
type TakeJar = (t: Transaction, order: number) => Promise<(() => void) | null>;

interface Pattern {
  name: string;
  setUp(db: Firestore, product: string): Promise<void>;
  take(db: Firestore, product: string): TakeJar;
  left(db: Firestore, product: string): Promise<number>;
}

/**
 * placeOrder's other reads in its transaction (the customer's and the number's markers, the payment
 * settings): documents of the order's own or read by all, written by none of the others.
 */
const others = (db: Firestore, t: Transaction, order: number) =>
  Promise.all([
    t.get(db.doc(`order-limits/customer-${order}`)),
    t.get(db.doc(`order-limits/phone-${order}`)),
    t.get(db.doc('settings/payments')),
  ]);

const oneDocument: Pattern = {
  name: 'one-document',
  setUp: async (db, product) => {
    await db.doc(`products/${product}`).set({ stock_quantity: STOCK });
  },
  take: (db, product) => async (t) => {
    const ref = db.doc(`products/${product}`);
    const stock = (await t.get(ref)).get('stock_quantity') as number;
    if (stock < 1) return null;
    return () => t.update(ref, { stock_quantity: stock - 1 });
  },
  left: async (db, product) => (await db.doc(`products/${product}`).get()).get('stock_quantity') as number,
};

function shards(count: number): Pattern {
  const shard = (db: Firestore, product: string, i: number) =>
    db.doc(`products/${product}/stock_shards/${i}`);
  return {
    name: `shards-${count}`,
    setUp: async (db, product) => {
      const batch = db.batch();
      for (let i = 0; i < count; i++) {
        // M jars dealt out as evenly as they go.
        const jars = Math.floor(STOCK / count) + (i < STOCK % count ? 1 : 0);
        batch.set(shard(db, product, i), { jars });
      }
      await batch.commit();
    },
    take: (db, product) => async (t, order) => {
      // Each order starts at a shard of its own (spread evenly), then walks on while the one it read is empty.
      const start = (order * 7919) % count;
      for (let k = 0; k < count; k++) {
        const ref = shard(db, product, (start + k) % count);
        const jars = (await t.get(ref)).get('jars') as number;
        if (jars < 1) continue;
        return () => t.update(ref, { jars: jars - 1 });
      }
      return null;
    },
    left: async (db, product) => {
      const all = await db.collection(`products/${product}/stock_shards`).get();
      return all.docs.reduce((sum, doc) => sum + (doc.get('jars') as number), 0);
    },
  };
}

/**
 * A reservation settled by one writer: the order writes a reservation without reading anything (no lock for
 * others to wait on), then settles: in one transaction, whoever comes first reads the product and every
 * pending reservation of it, gives jars in the reservations' order while there are any and refuses the rest,
 * and writes the product once. A later settler finds its reservation settled already and reads no further.
 */
const reserveAndSettle: Pattern & {
  order(db: Firestore, product: string, n: number, attempt?: () => void): Promise<boolean>;
} = {
  name: 'reserve-settle',
  setUp: oneDocument.setUp,
  take: () => {
    throw new Error('reserve-settle places its orders itself');
  },
  left: oneDocument.left,
  async order(db, product, n, attempt = () => {}) {
    const reservations = db.collection(`products/${product}/reservations`);
    const mine = reservations.doc(String(n).padStart(4, '0'));
    await mine.create({ state: 'pending', at: Date.now() });
    return db.runTransaction(
      async (t) => {
        attempt();
        const own = await t.get(mine);
        if (own.get('state') !== 'pending') return own.get('state') === 'placed';
        const productRef = db.doc(`products/${product}`);
        let stock = (await t.get(productRef)).get('stock_quantity') as number;
        const pending = await t.get(reservations.where('state', '==', 'pending').orderBy('at').limit(500));
        let placed = false;
        for (const doc of pending.docs) {
          const state = stock > 0 ? 'placed' : 'refused';
          if (state === 'placed') {
            stock--;
            t.create(db.collection('orders').doc(), { product, quantity: 1 });
          }
          t.update(doc.ref, { state });
          if (doc.id === mine.id) placed = state === 'placed';
        }
        t.update(productRef, { stock_quantity: stock });
        return placed;
      },
      { maxAttempts: MAX_ATTEMPTS },
    );
  },
};

/**
 * Jar tickets: the product says how many jars it has ever had (`jars_total`, written by a restock, never by
 * an order); each jar sold is a ticket document `products/{id}/tickets/{n}`, n < jars_total, which the order
 * creates in its transaction. Which numbers are free is read outside the transaction (no lock: production
 * would lock a query's whole range, and every create in it would then wound the others); a create is exact by
 * itself, as it fails when the ticket exists. Two orders that picked the same number meet at commit
 * (ALREADY_EXISTS for the second), which picks again at once, without the SDK's back-off. Refused when every
 * number is taken. A cancellation deletes its ticket; the shelf is jars_total minus the tickets' count.
 */
const tickets: Pattern & {
  order(db: Firestore, product: string, n: number, attempt: () => void): Promise<boolean>;
} = {
  name: 'tickets',
  setUp: async (db, product) => {
    await db.doc(`products/${product}`).set({ jars_total: STOCK + SOLD });
    // Jars sold before the sale: their tickets stay (delivered orders' tickets were never removed).
    for (let from = 0; from < SOLD; from += 400) {
      const batch = db.batch();
      for (let n = from; n < Math.min(SOLD, from + 400); n++)
        batch.create(db.doc(`products/${product}/tickets/${STOCK + n}`), { order: -1 });
      await batch.commit();
    }
  },
  take: () => {
    throw new Error('tickets places its orders itself');
  },
  left: async (db, product) => {
    const total = (await db.doc(`products/${product}`).get()).get('jars_total') as number;
    const taken = await db.collection(`products/${product}/tickets`).count().get();
    return total - taken.data().count;
  },
  async order(db, product, n, attempt) {
    for (;;) {
      const total = (await db.doc(`products/${product}`).get()).get('jars_total') as number;
      const taken = new Set(
        (await db.collection(`products/${product}/tickets`).select().get()).docs.map((d) => d.id),
      );
      const free = Array.from({ length: total }, (_, i) => String(i)).filter((id) => !taken.has(id));
      if (free.length === 0) return false;
      const ticket = free[Math.floor(Math.random() * free.length)];
      try {
        await db.runTransaction(
          async (t) => {
            attempt();
            await others(db, t, n);
            t.create(db.doc(`products/${product}/tickets/${ticket}`), { order: n });
            t.create(db.collection('orders').doc(), { product, quantity: 1 });
          },
          { maxAttempts: MAX_ATTEMPTS },
        );
        return true;
      } catch (error) {
        // Another order took the same number first: pick again.
        if ((error as { code?: number }).code !== 6) throw error;
      }
    }
  },
};

/**
 * Lots of free jars (the shop's design, functions/src/shelf-lots.ts): `products/{id}/shelf/{lot}` = { jars }, 30
 * one-jar lots for 30 jars. An order reads 1 + 4 lots from a random auto-id (the first lots instead when fewer
 * are after it), outside its transaction, picks one and deletes it in its transaction with an `exists` precondition;
 * two orders that picked the same lot meet at commit (NOT_FOUND for the second), which reads and picks again at
 * once. Refused when every lot was read and none is left. What was sold leaves nothing to read.
 */
const lots: Pattern & {
  order(db: Firestore, product: string, n: number, attempt: () => void): Promise<boolean>;
} = {
  name: 'lots',
  setUp: async (db, product) => {
    const batch = db.batch();
    for (let n = 0; n < STOCK; n++)
      batch.create(db.collection(`products/${product}/shelf`).doc(), { jars: 1 });
    await batch.commit();
  },
  take: () => {
    throw new Error('lots places its orders itself');
  },
  left: async (db, product) =>
    (
      await db
        .collection(`products/${product}/shelf`)
        .aggregate({ jars: AggregateField.sum('jars') })
        .get()
    ).data().jars,
  async order(db, product, n, attempt) {
    const shelf = db.collection(`products/${product}/shelf`);
    const byId = shelf.orderBy(FieldPath.documentId());
    for (;;) {
      const start = shelf.doc().id;
      const after = (await byId.startAt(start).limit(5).get()).docs;
      const seen = after.length === 5 ? after : (await byId.limit(5).get()).docs;
      if (seen.length === 0) return false;
      const lot = seen[Math.floor(Math.random() * seen.length)];
      try {
        await db.runTransaction(
          async (t) => {
            attempt();
            await others(db, t, n);
            t.delete(lot.ref, { exists: true });
            t.create(db.collection('orders').doc(), { product, quantity: 1 });
          },
          { maxAttempts: MAX_ATTEMPTS },
        );
        return true;
      } catch (error) {
        // Another order took the same lot first: read and pick again.
        if ((error as { code?: number }).code !== 5) throw error;
      }
    }
  },
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function run(db: Firestore, pattern: Pattern): Promise<boolean> {
  const product = `${pattern.name}-${Date.now()}`;
  await pattern.setUp(db, product);
  let attempts = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const outcomes: Outcome[] = await Promise.all(
    Array.from({ length: ORDERS }, async (_, order) => {
      if (pattern === lots) {
        const placed = await lots.order(db, product, order, () => attempts++);
        return { ms: performance.now() - started, placed };
      }
      if (pattern === tickets) {
        const placed = await tickets.order(db, product, order, () => attempts++);
        return { ms: performance.now() - started, placed };
      }
      if (pattern === reserveAndSettle) {
        const placed = await reserveAndSettle.order(db, product, order, () => attempts++);
        return { ms: performance.now() - started, placed };
      }
      const take = pattern.take(db, product);
      const placed = await db.runTransaction(
        async (t) => {
          attempts++;
          if (!values['stock-last']) await others(db, t, order);
          const takeJar = await take(t, order);
          if (values['stock-last']) await others(db, t, order);
          if (!takeJar) return false;
          takeJar();
          // The order document itself: a new id, written by no one else.
          t.create(db.collection('orders').doc(), { product, quantity: 1 });
          return true;
        },
        { maxAttempts: MAX_ATTEMPTS },
      );
      return { ms: performance.now() - started, placed };
    }),
  );
  const cpuMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpu));
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  const placed = outcomes.filter((o) => o.placed).length;
  const left = await pattern.left(db, product);
  console.log(
    [
      pattern.name.padEnd(14),
      `placed ${placed}`,
      `refused ${ORDERS - placed}`,
      `left ${left}`,
      `p50 ${Math.round(percentile(times, 50))} ms`,
      `p95 ${Math.round(percentile(times, 95))} ms`,
      `max ${Math.round(times[times.length - 1])} ms`,
      `attempts ${attempts}`,
      `CPU ${Math.round(cpuMs)} ms`,
    ].join('  '),
  );
  return placed === Math.min(ORDERS, STOCK) && left === STOCK - placed;
}

const emulator = await startFirestoreEmulator({
  port: 0,
  transactionReadLocks: values['read-locks'] as TransactionReadLocks,
});
const db = adminFirestore('demo-stock-patterns', emulator.port);
try {
  console.log(
    `${ORDERS} orders of 1 jar at once, ${STOCK} jars (${SOLD} sold before), ${values['read-locks']} read locks; load average ${loadavg().map((l) => l.toFixed(2))}`,
  );
  const patterns = [
    oneDocument,
    ...values.shards.split(',').map(Number).map(shards),
    reserveAndSettle,
    tickets,
    lots,
  ];
  let exact = true;
  for (const pattern of patterns) exact = (await run(db, pattern)) && exact;
  console.log(`load average after: ${loadavg().map((l) => l.toFixed(2))}`);
  if (!exact) {
    console.error('✖ a pattern sold other than it had');
    process.exitCode = 1;
  }
} finally {
  await emulator.stop();
}
