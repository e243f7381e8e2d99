/**
 * firebase-admin's transactions against the emulator with real concurrency: they take production's locks
 * (emulators/README.md, "Transactions and locks"), so a transaction never sees a mix of before and after
 * another one's commit, conflicts end as wound-wait decides, and a lock held too long is let go.
 */
import { AggregateField, FieldPath, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFirestore, adminOverRest } from '../../testing/admin.js';
import { OWNER, rawRequest } from '../../testing/http.js';
import { startFirestoreEmulator, type FirestoreEmulator } from '../server.js';

process.env.METADATA_SERVER_DETECTION = 'none';

/** A moment one transaction signals and another awaits (Promise.withResolvers, which Node 20 lacks). */
function signal(): { done: Promise<void>; give: () => void } {
  let give!: () => void;
  const done = new Promise<void>((resolve) => (give = resolve));
  return { done, give };
}

/** Settles to 'pending' when the promise has not settled after `ms`. */
const stateAfter = async (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => 'done',
      () => 'failed',
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), ms)),
  ]);

describe.each(['gRPC', 'REST'] as const)('transactions of firebase-admin over %s take locks', (transport) => {
  const preferRest = transport === 'REST';
  const project = `demo-locks-${transport.toLowerCase()}`;
  const expiring = `${project}-expiring`;
  let emulator: FirestoreEmulator;
  /** A second emulator whose transactions expire after 400 ms idle, as production's do after 60 s. */
  let shortLived: FirestoreEmulator;
  let db: Firestore;
  let dbShort: Firestore;

  beforeAll(async () => {
    emulator = await startFirestoreEmulator({ port: 0 });
    shortLived = await startFirestoreEmulator({
      port: 0,
      transactionTimeouts: { idleMs: 400, lockWaitMs: 8000 },
    });
    const connect = preferRest ? adminOverRest : adminFirestore;
    db = connect(project, emulator.port);
    dbShort = connect(expiring, shortLived.port);
  });

  afterAll(async () => {
    await Promise.all([emulator?.stop(), shortLived?.stop()]);
  });

  it('ten identical un-cancels of one order all answer, take the stock once and never see a mixed world', async () => {
    const order = db.doc('orders/o-uncancel');
    const product = db.doc('products/mango-pickle');
    await order.set({ status: 'cancelled', quantity: 3, productId: 'mango-pickle' });
    await product.set({ stock: 5 });
    const seen: { status: string; stock: number }[] = [];
    // setOrderStatus's shape: read the order; if cancelled, read the product, check its stock, write both.
    const uncancel = () =>
      db.runTransaction(async (t) => {
        const o = await t.get(order);
        if (o.get('status') !== 'cancelled') return 'already un-cancelled';
        const stock = (await t.get(product)).get('stock') as number;
        seen.push({ status: o.get('status') as string, stock });
        if (stock < (o.get('quantity') as number)) throw new Error('not enough stock');
        t.update(product, { stock: stock - 3 });
        t.update(order, { status: 'pending' });
        return 'un-cancelled';
      });
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, uncancel));
    const answers = outcomes.map((o) =>
      o.status === 'fulfilled' ? o.value : String((o.reason as Error).message),
    );
    // ABORTED after the SDK's five attempts would be an honest answer under contention; a mixed world is not.
    expect(answers.filter((a) => /not enough stock/.test(a))).toEqual([]);
    expect(answers.filter((a) => a === 'un-cancelled')).toHaveLength(1);
    expect(
      answers.every((a) => a === 'un-cancelled' || a === 'already un-cancelled' || /ABORTED/.test(a)),
    ).toBe(true);
    // Whoever read the order as cancelled read the stock from before the un-cancel.
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.every((s) => s.stock === 5)).toBe(true);
    expect((await product.get()).get('stock')).toBe(2);
    expect((await order.get()).get('status')).toBe('pending');
    expect(emulator.engine.transactions.locks.size).toBe(0);
  });

  it('makes a younger read-modify-write wait at its read for the older one’s commit while the older progresses', async () => {
    const counter = db.doc('counters/queue');
    await counter.set({ n: 0 });
    const attempts = { older: 0, younger: 0 };
    const youngerSaw: number[] = [];
    let youngerSawWhileOlderHeld: number[] | undefined;
    const olderHasRead = signal();
    const older = db.runTransaction(async (t) => {
      attempts.older++;
      const n = (await t.get(counter)).get('n') as number;
      olderHasRead.give();
      // The younger one asks to read meanwhile; this one commits as soon as it is seen waiting.
      while (emulator.engine.transactions.locks.waiters === 0) await new Promise((r) => setTimeout(r, 2));
      youngerSawWhileOlderHeld ??= [...youngerSaw];
      t.update(counter, { n: n + 1 });
    });
    await olderHasRead.done;
    const younger = db.runTransaction(async (t) => {
      attempts.younger++;
      const n = (await t.get(counter)).get('n') as number;
      youngerSaw.push(n);
      t.update(counter, { n: n + 1 });
    });
    await Promise.all([older, younger]);
    expect(youngerSawWhileOlderHeld).toEqual([]);
    // With shared read locks both would read 0 and the younger be wounded and retried after the SDK's back-off.
    expect({ attempts, youngerSaw }).toEqual({ attempts: { older: 1, younger: 1 }, youngerSaw: [1] });
    expect((await counter.get()).get('n')).toBe(2);
  });

  it('read-then-write races end as wound-wait says: the older wins even when the younger commits first', async () => {
    const counter = db.doc('counters/race');
    await counter.set({ n: 0 });
    const attempts = { older: 0, younger: 0 };
    const olderHasRead = signal();
    const youngerHasRead = signal();
    const older = db.runTransaction(async (t) => {
      const n = (await t.get(counter)).get('n') as number;
      if (++attempts.older === 1) {
        olderHasRead.give();
        // Both hold a read lock; the younger asks to write first, this one a moment later.
        await youngerHasRead.done;
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      t.update(counter, { n: n + 1 });
    });
    await olderHasRead.done;
    const younger = db.runTransaction(async (t) => {
      const n = (await t.get(counter)).get('n') as number;
      if (++attempts.younger === 1) youngerHasRead.give();
      t.update(counter, { n: n + 1 });
    });
    await Promise.all([older, younger]);
    expect((await counter.get()).get('n')).toBe(2);
    // The older one was idle, holding its read, so the younger read beside it; the younger's commit waited for
    // the older's lock, the older's commit then wounded it, and its retry read 1. Optimistically the younger
    // would have won and the older been retried.
    expect(attempts).toEqual({ older: 1, younger: 2 });
  });

  // googleapis/nodejs-firestore, system-test/firestore.ts, 'retries transactions that fail with contention'
  // (run against production): two transactions hold a read of one document at once, each waiting for the other.
  it('lets two transactions hold a read of one document at once, as Google’s contention test expects', async () => {
    const ref = db.doc('contention/doc');
    let attempts = 0;
    const contention = [signal(), signal()];
    const first = db.runTransaction(async (t) => {
      ++attempts;
      await t.get(ref);
      contention[0].give();
      await contention[1].done;
      t.set(ref, { first: true }, { merge: true });
    });
    const second = db.runTransaction(async (t) => {
      ++attempts;
      await t.get(ref);
      contention[1].give();
      await contention[0].done;
      t.set(ref, { second: true }, { merge: true });
    });
    await first;
    await second;
    expect(attempts).toBe(3);
    expect((await ref.get()).data()).toEqual({ first: true, second: true });
    expect(emulator.engine.transactions.locks.size).toBe(0);
  });

  it('breaks a real deadlock (two documents read in opposite orders) by wound-wait: the older wins', async () => {
    const [a, b] = [db.doc('jars/deadlock-a'), db.doc('jars/deadlock-b')];
    await Promise.all([a.set({ n: 0 }), b.set({ n: 0 })]);
    const attempts = { older: 0, younger: 0 };
    const olderHasRead = signal();
    const youngerHasRead = signal();
    const older = db.runTransaction(async (t) => {
      attempts.older++;
      const na = (await t.get(a)).get('n') as number;
      olderHasRead.give();
      await youngerHasRead.done;
      // b is the younger's: this read wounds it (the younger is waiting for a, held here).
      const nb = (await t.get(b)).get('n') as number;
      t.update(a, { n: na + 1 });
      t.update(b, { n: nb + 1 });
    });
    await olderHasRead.done;
    const younger = db.runTransaction(async (t) => {
      attempts.younger++;
      const nb = (await t.get(b)).get('n') as number;
      youngerHasRead.give();
      const na = (await t.get(a)).get('n') as number;
      t.update(a, { n: na + 10 });
      t.update(b, { n: nb + 10 });
    });
    await Promise.all([older, younger]);
    expect(attempts).toEqual({ older: 1, younger: 2 });
    expect([(await a.get()).get('n'), (await b.get()).get('n')]).toEqual([11, 11]);
    expect(emulator.engine.transactions.locks.size).toBe(0);
  });

  it('makes a write outside the transaction wait for the lock, then apply after the commit', async () => {
    const jar = db.doc('jars/lime');
    await jar.set({ by: 'nobody' });
    let outside: Promise<unknown> | undefined;
    let whileLocked: unknown;
    await db.runTransaction(async (t) => {
      await t.get(jar);
      outside ??= jar.set({ by: 'outside' });
      whileLocked = await stateAfter(outside, 150);
      t.set(jar, { by: 'transaction' });
    });
    expect(whileLocked).toBe('pending');
    await outside;
    // Optimistically the outside write would have landed first and the transaction been retried over it.
    expect((await jar.get()).get('by')).toBe('outside');
  });

  it('locks what a query in the transaction returned: a write to one of those documents waits for the commit', async () => {
    await db.doc('shelves/a').set({ row: 1, jars: 1 });
    await db.doc('stalls/b').set({ row: 1, jars: 1 });
    let outside: Promise<unknown> | undefined;
    let whileLocked: unknown;
    let unlocked: unknown;
    await db.runTransaction(async (t) => {
      const rows = await t.get(db.collection('shelves').where('row', '==', 1));
      expect(rows.docs.map((d) => d.id)).toEqual(['a']);
      outside ??= db.doc('shelves/a').update({ jars: 5 });
      whileLocked = await stateAfter(outside, 150);
      // A document of another collection is not locked.
      unlocked = await stateAfter(db.doc('stalls/b').update({ jars: 7 }), 1000);
      t.update(db.doc('shelves/a'), { jars: 2 });
    });
    await outside;
    expect({ whileLocked, unlocked }).toEqual({ whileLocked: 'pending', unlocked: 'done' });
    expect((await db.doc('shelves/a').get()).get('jars')).toBe(5);
  });

  /**
   * 'done' (or 'failed') once `writer` settled without waiting for a lock, 'pending' as soon as the emulator's
   * lock table shows one more waiter than `waitersBefore`. Read from the table, not after a time window: on a
   * loaded host a write that went through once took longer than the 150 ms window this used.
   */
  async function outcomeOf(writer: Promise<unknown>, waitersBefore: number): Promise<string> {
    let settled: string | undefined;
    writer.then(
      () => (settled = 'done'),
      () => (settled = 'failed'),
    );
    while (settled === undefined && emulator.engine.transactions.locks.waiters <= waitersBefore)
      await new Promise((resolve) => setTimeout(resolve, 2));
    return settled ?? 'pending';
  }

  /** Runs `read` in a transaction, then `write` while it holds the read: 'pending' when the write waited. */
  /** The write is still waiting when the transaction holding the query commits, which ran once. */
  const WAITED_FOR_THE_COMMIT = { state: 'pending', attempts: 1 };
  /** The write was done while the query was held, and the transaction was not retried. */
  const WENT_THROUGH = { state: 'done', attempts: 1 };

  async function whileQueryHeld(read: (t: Transaction) => Promise<unknown>, write: () => Promise<unknown>) {
    let writer: Promise<unknown> | undefined;
    let state: unknown;
    let attempts = 0;
    await db.runTransaction(async (t) => {
      attempts++;
      await read(t);
      if (writer) return;
      const waitersBefore = emulator.engine.transactions.locks.waiters;
      writer = write();
      state = await outcomeOf(writer, waitersBefore);
    });
    await writer;
    return { state, attempts };
  }

  it('keeps a query’s range: a document created into it (a phantom) or taken out of it waits for the commit, wherever it sorts', async () => {
    await db.doc('lots/m').set({ jars: 1 });
    await db.doc('lots/p').set({ jars: 2 });
    const fromCursor = (t: Transaction) =>
      t.get(db.collection('lots').orderBy(FieldPath.documentId()).startAt('m').limit(1));
    // Inside the span read, after the limit's last document, and a document the query did not return.
    expect(await whileQueryHeld(fromCursor, () => db.doc('lots/n').create({ jars: 5 }))).toEqual(
      WAITED_FOR_THE_COMMIT,
    );
    expect(await whileQueryHeld(fromCursor, () => db.doc('lots/z').create({ jars: 5 }))).toEqual(
      WAITED_FOR_THE_COMMIT,
    );
    expect(await whileQueryHeld(fromCursor, () => db.doc('lots/p').delete())).toEqual(WAITED_FOR_THE_COMMIT);
    // Another collection is free.
    expect(await whileQueryHeld(fromCursor, () => db.doc('lots-other/n').create({ jars: 5 }))).toEqual(
      WENT_THROUGH,
    );
  });

  it('keeps a filter’s range: a document entering it (created or updated to match) waits, one that matches neither before nor after goes through', async () => {
    await db.doc('stock/a').set({ jars: 1 });
    await db.doc('stock/b').set({ jars: 2 });
    const ones = (t: Transaction) => t.get(db.collection('stock').where('jars', '==', 1));
    expect(await whileQueryHeld(ones, () => db.doc('stock/c').create({ jars: 1 }))).toEqual(
      WAITED_FOR_THE_COMMIT,
    );
    expect(await whileQueryHeld(ones, () => db.doc('stock/b').update({ jars: 1 }))).toEqual(
      WAITED_FOR_THE_COMMIT,
    );
    expect(await whileQueryHeld(ones, () => db.doc('stock/d').create({ jars: 5 }))).toEqual(WENT_THROUGH);
  });

  it('keeps an aggregation’s range: a jar put back by another transaction waits, so a cap on the sum holds', async () => {
    await db.doc('caps/x/shelf/a').set({ jars: 3 });
    const CAP = 4;
    const putBack = (id: string) =>
      db.runTransaction(async (t) => {
        const sum = await t.get(
          db.collection('caps/x/shelf').aggregate({ jars: AggregateField.sum('jars') }),
        );
        if (sum.data().jars + 1 > CAP) return 'over the cap';
        t.create(db.doc(`caps/x/shelf/${id}`), { jars: 1 });
        return 'put back';
      });
    const answers = await Promise.all([putBack('b'), putBack('c'), putBack('d')]);
    expect(answers.sort()).toEqual(['over the cap', 'over the cap', 'put back']);
    const total = await db
      .collection('caps/x/shelf')
      .aggregate({ jars: AggregateField.sum('jars') })
      .get();
    expect(total.data().jars).toBe(CAP);
  });

  it('keeps a collection group’s range: a document created in any collection of that id under the parent waits', async () => {
    await db.doc('groups/g/boxes/a').set({ n: 1 });
    const group = (t: Transaction) => t.get(db.collectionGroup('boxes'));
    expect(await whileQueryHeld(group, () => db.doc('groups/h/boxes/b').create({ n: 2 }))).toEqual(
      WAITED_FOR_THE_COMMIT,
    );
    expect(await whileQueryHeld(group, () => db.doc('groups/h/crates/b').create({ n: 2 }))).toEqual(
      WENT_THROUGH,
    );
  });

  it('settles a write into a range another transaction holds by wound-wait: the older query wounds a younger writer, the younger waits', async () => {
    await db.doc('bins/a').set({ n: 1 });
    const attempts = { older: 0, younger: 0 };
    const olderHasRead = signal();
    const youngerHasRead = signal();
    const older = db.runTransaction(async (t) => {
      attempts.older++;
      await t.get(db.doc('bins-other/o'));
      olderHasRead.give();
      await youngerHasRead.done;
      // The younger holds the range: this query wounds it, and the older's create goes in.
      await t.get(db.collection('bins'));
      t.create(db.doc('bins/older'), { n: 2 });
    });
    await olderHasRead.done;
    const younger = db.runTransaction(async (t) => {
      attempts.younger++;
      await t.get(db.collection('bins'));
      youngerHasRead.give();
      // Waits for the older, which holds this document; the older's query then wounds it.
      await t.get(db.doc('bins-other/o'));
      t.create(db.doc(`bins/younger-${attempts.younger}`), { n: 3 });
    });
    await Promise.all([older, younger]);
    expect(attempts).toEqual({ older: 1, younger: 2 });
    expect((await db.collection('bins').get()).docs.map((d) => d.id)).toEqual(['a', 'older', 'younger-2']);
    expect(emulator.engine.transactions.locks.size).toBe(0);
  });

  it('releases the locks of a transaction that never commits once it expires, and the waiting writer proceeds', async () => {
    const database = `projects/${expiring}/databases/(default)`;
    const name = `${database}/documents/jars/olive`;
    await dbShort.doc('jars/olive').set({ stock: 1 });
    const begun = await rawRequest(
      shortLived.port,
      'POST',
      `/v1/${database}/documents:batchGet`,
      { documents: [name], newTransaction: { readWrite: {} } },
      OWNER,
    );
    const transaction = (begun.body as { transaction?: string }[])[0].transaction;
    expect(transaction).toBeTruthy();
    const started = Date.now();
    const writer = dbShort.doc('jars/olive').set({ stock: 2 });
    expect(await stateAfter(writer, 100)).toBe('pending');
    await writer;
    // Released by the 400 ms idle expiry, well before the writer's own 8 s lock wait would end.
    expect(Date.now() - started).toBeLessThan(6000);
    expect((await dbShort.doc('jars/olive').get()).get('stock')).toBe(2);
    const late = await rawRequest(
      shortLived.port,
      'POST',
      `/v1/${database}/documents:commit`,
      { transaction, writes: [] },
      OWNER,
    );
    // Production's words, which the SDKs match to retry the whole transaction.
    expect(late.body).toMatchObject({
      error: { status: 'INVALID_ARGUMENT', message: expect.stringMatching(/transaction has expired/) },
    });
  });

  it('answers a write that waits past the lock wait with ABORTED, and leaves the document as it was', async () => {
    const impatient = await startFirestoreEmulator({ port: 0, transactionTimeouts: { lockWaitMs: 300 } });
    try {
      const database = `projects/${project}/databases/(default)`;
      const name = `${database}/documents/jars/amla`;
      const call = (verb: string, body: unknown) =>
        rawRequest(impatient.port, 'POST', `/v1/${database}/documents:${verb}`, body, OWNER);
      const stock = (n: number) => ({ update: { name, fields: { stock: { integerValue: String(n) } } } });
      expect((await call('commit', { writes: [stock(1)] })).status).toBe(200);
      const held = await call('batchGet', { documents: [name], newTransaction: { readWrite: {} } });
      const transaction = (held.body as { transaction?: string }[])[0].transaction;
      const started = Date.now();
      const refused = await call('commit', { writes: [stock(2)] });
      expect(refused.body).toMatchObject({
        error: { status: 'ABORTED', message: expect.stringMatching(/lock timeout.*\/jars\/amla/) },
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      // The holder is untouched by the writer's timeout: it still commits.
      expect((await call('commit', { transaction, writes: [stock(3)] })).status).toBe(200);
      const read = await call('batchGet', { documents: [name] });
      expect(read.body).toMatchObject([{ found: { fields: { stock: { integerValue: '3' } } } }]);
    } finally {
      await impatient.stop();
    }
  });

  it('keeps a web SDK caller’s transaction optimistic: it locks nothing and its commit is aborted instead', async () => {
    const database = `projects/${project}/databases/(default)`;
    await db.doc('jars/pepper').set({ stock: 4 });
    const anonymousRead = await rawRequest(emulator.port, 'POST', `/v1/${database}/documents:batchGet`, {
      documents: [`${database}/documents/jars/pepper`],
      newTransaction: { readWrite: {} },
    });
    const transaction = (anonymousRead.body as { transaction?: string }[])[0].transaction;
    expect(transaction).toBeTruthy();
    // The owner's write does not wait: nothing is locked.
    expect(await stateAfter(db.doc('jars/pepper').set({ stock: 3 }), 1000)).toBe('done');
    const commit = await rawRequest(emulator.port, 'POST', `/v1/${database}/documents:commit`, {
      transaction,
      writes: [
        { update: { name: `${database}/documents/jars/pepper`, fields: { stock: { integerValue: '1' } } } },
      ],
    });
    expect(commit.body).toMatchObject({ error: { status: 'ABORTED' } });
    expect((await db.doc('jars/pepper').get()).get('stock')).toBe(3);
  });
});
