/**
 * Firestore and Storage triggers delivered by this repository's emulators to firebase-tools' real Functions
 * emulator, running real firebase-functions v1 and v2 functions (functions/src/testing/trigger-fixture.ts, which
 * the shared shop's one Functions emulator serves beside the shop's own functions: tests/support/global-setup.ts):
 * what each function is given (data before and after, params, event id, type, time), which writes fire which
 * triggers, and that a failing, slow or never-matching trigger harms nothing. The fixture's collections and
 * bucket are no one else's, so the suite runs beside the shop's other suites.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getStorage } from 'firebase-admin/storage';
import { getFirestore, type DocumentData, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { readProjectConfig } from '../../emulators/src/config.js';
import { TRIGGER_FIXTURE_BUCKET } from '../../functions/src/testing/trigger-fixture-bucket';
import { RESULTS, ShopBrowser, screenshotPage } from '../support/shop-browser';

const config = readProjectConfig(fileURLToPath(new URL('../..', import.meta.url)));
const PROJECT_ID = config.projectId;
const FIRESTORE = `${config.firestore.host}:${config.firestore.port}`;
const TRIGGERS = `http://${FIRESTORE}/emulator/v1/projects/${PROJECT_ID}/triggers`;

/** Whether the running shop's Functions emulator registered the fixture's triggers with our Firestore. */
async function fixtureServed(): Promise<boolean> {
  const answer = await fetch(TRIGGERS).catch(() => undefined);
  if (!answer?.ok) return false;
  const { triggers } = (await answer.json()) as { triggers: { key: string }[] };
  return triggers.some((trigger) => trigger.key.startsWith('us-central1-v2Created-'));
}

/**
 * A shop the set-up started serves the fixture (it says so in ACHAR_TRIGGER_FIXTURE); one a developer runs
 * (`npm start`) does not: the suite is then skipped, with a line saying why.
 */
const served = await fixtureServed();
const skipped = !served && process.env.ACHAR_TRIGGER_FIXTURE !== 'served';
if (skipped)
  console.log(
    '[triggers] skipped: the shop running on the ports of firebase.json does not serve the trigger fixture ' +
      '(free the ports, and the test set-up starts a shop that does)',
  );

let admin: App;
let db: Firestore;

beforeAll(() => {
  if (skipped) return;
  // The set-up started the shop for the fixture: its triggers must be there.
  expect(served, "the fixture's triggers are registered with the shop's Firestore").toBe(true);
  process.env.FIRESTORE_EMULATOR_HOST = FIRESTORE;
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = `${config.storage.host}:${config.storage.port}`;
  admin = initializeApp({ projectId: PROJECT_ID }, 'triggers');
  db = getFirestore(admin);
});

afterAll(async () => {
  if (admin) await deleteApp(admin);
});

/**
 * Resolves once every Firestore trigger event sent so far has been answered by its function (the Firestore
 * emulator's `…/triggers:settled`): a duplicate or an extra event would have run by then.
 */
async function triggersDelivered(): Promise<void> {
  const answer = await fetch(`${TRIGGERS}:settled`);
  expect(answer.status).toBe(200);
}

/**
 * Each trigger's first event starts a worker for its function (seconds each on the shared 2-core machine), and
 * a test waits for several: more than the project's 60 s per test.
 */
const EVENTS_TIMEOUT_MS = 300_000;

type Entry = DocumentData & { fn: string; logged_at: Timestamp };

/** The invocations of `fn` recorded so far that `where` accepts, in the order they were recorded. */
async function entries(fn: string, where: (entry: Entry) => boolean = () => true): Promise<Entry[]> {
  const snapshot = await db.collection('trigger_log').where('fn', '==', fn).get();
  return snapshot.docs
    .map((doc) => doc.data() as Entry)
    .filter(where)
    .sort((a, b) => a.logged_at.toMillis() - b.logged_at.toMillis());
}

/**
 * Waits for `count` invocations of `fn` (new workers start slowly on a busy machine), then until every
 * Firestore trigger event so far has been answered by its function, so that a duplicate or an extra event
 * would be seen too. A test awaiting several functions asks for them all at once (Promise.all).
 */
async function invocations(fn: string, count: number, where?: (entry: Entry) => boolean): Promise<Entry[]> {
  const deadline = Date.now() + 120_000;
  while ((await entries(fn, where)).length < count && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  await triggersDelivered();
  return entries(fn, where);
}

const forDoc = (id: string) => (entry: Entry) => (entry.params as Record<string, string>)?.docId === id;

describe.skipIf(skipped)('2nd gen Firestore triggers', { timeout: EVENTS_TIMEOUT_MS }, () => {
  it('give created, updated, deleted and written events with the data, params, id, type and time', async () => {
    const ref = db.doc('v2docs/d1');
    const created = await ref.set({ name: 'আম', n: 1 });
    const updated = await ref.update({ n: 2 });
    await ref.delete();

    const [[create, ...extraCreates], updates, deletes, written] = await Promise.all([
      invocations('v2Created', 1, forDoc('d1')),
      invocations('v2Updated', 1, forDoc('d1')),
      invocations('v2Deleted', 1, forDoc('d1')),
      invocations('v2Written', 3, forDoc('d1')),
    ]);
    expect(extraCreates).toEqual([]);
    expect(create).toMatchObject({
      type: 'google.cloud.firestore.document.v1.created',
      source: `//firestore.googleapis.com/projects/${PROJECT_ID}/databases/(default)`,
      subject: 'documents/v2docs/d1',
      document: 'v2docs/d1',
      database: '(default)',
      params: { docId: 'd1' },
      after: { name: 'আম', n: 1 },
      path: 'v2docs/d1',
    });
    // The event's time is the commit's, to the microsecond; the document's createTime is the same moment.
    expect(new Date(create.time as string).getTime()).toBe(created.writeTime.toMillis());
    expect(create.createTime).toBe(created.writeTime.toDate().toISOString());

    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ before: { name: 'আম', n: 1 }, after: { name: 'আম', n: 2 } });
    expect(updated.writeTime.toMillis()).toBeGreaterThan(0);

    expect(deletes).toHaveLength(1);
    expect(deletes[0]).toMatchObject({ before: { name: 'আম', n: 2 }, params: { docId: 'd1' } });

    expect(written.map((w) => [w.before, w.after])).toEqual([
      [null, { name: 'আম', n: 1 }],
      [
        { name: 'আম', n: 1 },
        { name: 'আম', n: 2 },
      ],
      [{ name: 'আম', n: 2 }, null],
    ]);
    expect(written.every((w) => w.type === 'google.cloud.firestore.document.v1.written')).toBe(true);
    // One event id per change; a trigger of each kind sees the same change with the same id.
    expect(new Set(written.map((w) => w.id)).size).toBe(3);
    expect(written[0].id).toBe(create.id);
    expect(written[2].id).toBe(deletes[0].id);
  });

  it('match wildcards in sub-collections and nothing else', async () => {
    await db.doc('shops/s1').set({ name: 'parent' });
    await db.doc('shops/s1/items/i1').set({ qty: 3 });
    await db.doc('shops/s1/items/i1/parts/p1').set({ deeper: true });
    const nested = await invocations('v2Nested', 1);
    expect(nested).toHaveLength(1);
    expect(nested[0]).toMatchObject({ params: { shopId: 's1', itemId: 'i1' }, after: { qty: 3 } });
  });

  it('listen to the database they name', async () => {
    await getFirestore(admin, 'second-db').doc('named/n1').set({ where: 'second' });
    await db.doc('named/n2').set({ where: 'default' });
    const named = await invocations('v2NamedDb', 1);
    expect(named).toHaveLength(1);
    expect(named[0]).toMatchObject({
      database: 'second-db',
      params: { id: 'n1' },
      after: { where: 'second' },
    });
  });

  it('get one event per changed document of a batch or a transaction, and none for a refused write', async () => {
    const batch = db.batch();
    batch.set(db.doc('v2docs/b1'), { k: 1 });
    batch.set(db.doc('v2docs/b2'), { k: 2 });
    batch.set(db.doc('v1docs/b3'), { k: 3 });
    await batch.commit();
    await db.runTransaction(async (tx) => {
      const [one, two] = await Promise.all([tx.get(db.doc('v2docs/b1')), tx.get(db.doc('v2docs/b2'))]);
      tx.update(one.ref, { k: (one.get('k') as number) + 10 });
      tx.update(two.ref, { k: (two.get('k') as number) + 10 });
    });
    // Refused: a client without rights (the rules deny v2docs to everyone), and a create of an existing document.
    const refused = await fetch(
      `http://${FIRESTORE}/v1/projects/${PROJECT_ID}/databases/(default)/documents:commit`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          writes: [
            {
              update: {
                name: `projects/${PROJECT_ID}/databases/(default)/documents/v2docs/refused`,
                fields: { k: { integerValue: '1' } },
              },
            },
          ],
        }),
      },
    );
    expect(refused.status).toBe(403);
    await expect(db.doc('v2docs/b1').create({ k: 0 })).rejects.toThrow(/ALREADY_EXISTS|already exists/i);

    const createdAndUpdated = (id: string) =>
      Promise.all([invocations('v2Created', 1, forDoc(id)), invocations('v2Updated', 1, forDoc(id))]);
    const [b1, b2, b3] = await Promise.all([
      createdAndUpdated('b1'),
      createdAndUpdated('b2'),
      invocations('v1Create', 1, forDoc('b3')),
    ]);
    for (const [created, updated] of [b1, b2]) {
      expect(created).toHaveLength(1);
      expect(updated).toHaveLength(1);
      expect((updated[0].after as { k: number }).k).toBe((updated[0].before as { k: number }).k + 10);
    }
    expect(b3).toHaveLength(1);
    expect(await entries('v2Created', forDoc('refused'))).toHaveLength(0);
    expect(await entries('v2Written', forDoc('refused'))).toHaveLength(0);
  });

  it('deliver the events of one document in commit order', async () => {
    const ref = db.doc('ordered/o1');
    for (let n = 0; n < 6; n++) await ref.set({ n });
    const ordered = await invocations('v2Ordered', 6);
    expect(ordered.map((entry) => entry.n)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('carry who wrote in the …WithAuthContext events', async () => {
    await db.doc('authored/a1').set({ by: 'admin' });
    const [entry] = await invocations('v2WithAuth', 1);
    expect(entry.authType).toBe('service_account');
  });

  it('survive a throwing function, a slow one and one that never matches', async () => {
    await db.doc('throws/t1').set({ boom: true });
    await db.doc('slow/s1').set({ slow: true });
    await db.doc('never/a').set({ close: 'but no' });
    await db.doc('v2docs/after-trouble').set({ fine: true });
    const [[after], [slow], throws] = await Promise.all([
      invocations('v2Created', 1, forDoc('after-trouble')),
      invocations('v2Slow', 1),
      invocations('v2Throws', 1, (entry) => entry.params?.id === 't1'),
    ]);
    expect(after.after).toEqual({ fine: true });
    // The slow function (4 s) did not hold up the others, and still ran.
    expect(slow.logged_at.toMillis()).toBeGreaterThan(after.logged_at.toMillis());
    expect(await entries('v2NeverMatches')).toHaveLength(0);
    // The failing function ran once: a function's failure is not retried.
    expect(throws).toHaveLength(1);
    // The emulator still serves.
    expect((await db.doc('throws/t1').get()).get('boom')).toBe(true);
  });
});

describe.skipIf(skipped)('1st gen Firestore triggers', { timeout: EVENTS_TIMEOUT_MS }, () => {
  it('give create, update, delete and write events with a Change, params, id, type and time', async () => {
    const ref = db.doc('v1docs/d1');
    const created = await ref.set({ name: 'রসুন', n: 1 });
    await ref.update({ n: 2 });
    await ref.delete();

    const [[create], [update], [remove], written] = await Promise.all([
      invocations('v1Create', 1, forDoc('d1')),
      invocations('v1Update', 1, forDoc('d1')),
      invocations('v1Delete', 1, forDoc('d1')),
      invocations('v1Write', 3, forDoc('d1')),
    ]);
    expect(create).toMatchObject({
      eventType: 'google.firestore.document.create',
      resource: `projects/${PROJECT_ID}/databases/(default)/documents/v1docs/d1`,
      params: { docId: 'd1' },
      after: { name: 'রসুন', n: 1 },
      path: 'v1docs/d1',
    });
    expect(new Date(create.time as string).getTime()).toBe(created.writeTime.toMillis());
    expect(update).toMatchObject({ before: { name: 'রসুন', n: 1 }, after: { name: 'রসুন', n: 2 } });
    expect(remove).toMatchObject({ before: { name: 'রসুন', n: 2 } });
    expect(written.map((w) => [w.before, w.after])).toEqual([
      [null, { name: 'রসুন', n: 1 }],
      [
        { name: 'রসুন', n: 1 },
        { name: 'রসুন', n: 2 },
      ],
      [{ name: 'রসুন', n: 2 }, null],
    ]);
    expect(written.every((w) => w.eventType === 'google.firestore.document.write')).toBe(true);
    expect(written[0].id).toBe(create.id);
  });
});

describe.skipIf(skipped)('Storage triggers', { timeout: EVENTS_TIMEOUT_MS }, () => {
  it('fire finalize, metadata update and delete, 1st and 2nd gen, with the object', async () => {
    const bucket = getStorage(admin).bucket(TRIGGER_FIXTURE_BUCKET);
    const file = bucket.file('photos/pickle.txt');
    await file.save('আচার', { contentType: 'text/plain', metadata: { metadata: { kind: 'test' } } });
    await file.setMetadata({ metadata: { kind: 'changed' } });
    await file.delete();

    const functions = [
      'v2ObjectFinalized',
      'v1ObjectFinalize',
      'v2ObjectMetadataUpdated',
      'v1ObjectMetadataUpdate',
      'v2ObjectDeleted',
      'v1ObjectDelete',
    ];
    const named = (name: string) => (entry: Entry) => entry.name === name;
    await Promise.all(functions.map((fn) => invocations(fn, 1, named('photos/pickle.txt'))));
    // The Functions emulator takes Storage's events before it runs them: the same three events of a later
    // object, once every function has recorded them, mark the end, as a duplicate or an extra event of the
    // pickle's, sent before them, would have run by then too.
    const later = bucket.file('photos/after-pickle.txt');
    await later.save('শেষ', { contentType: 'text/plain' });
    await later.setMetadata({ metadata: { kind: 'later' } });
    await later.delete();
    await Promise.all(functions.map((fn) => invocations(fn, 1, named('photos/after-pickle.txt'))));
    const [[finalized], [finalize], [updated], v1Updated, v2Deleted, v1Deleted] = await Promise.all(
      functions.map((fn) => entries(fn, named('photos/pickle.txt'))),
    );
    expect(finalized).toMatchObject({
      type: 'google.cloud.storage.object.v1.finalized',
      bucket: TRIGGER_FIXTURE_BUCKET,
      bucketAttr: TRIGGER_FIXTURE_BUCKET,
      contentType: 'text/plain',
      size: String(Buffer.byteLength('আচার')),
      metadata: { kind: 'test' },
    });
    expect(finalize).toMatchObject({
      eventType: 'google.storage.object.finalize',
      contentType: 'text/plain',
    });
    expect(updated.metadata).toEqual({ kind: 'changed' });
    expect(v1Updated).toHaveLength(1);
    expect(v1Updated[0].metadata).toEqual({ kind: 'changed' });
    expect(v2Deleted).toHaveLength(1);
    expect(v1Deleted).toHaveLength(1);
  });
});

describe.skipIf(skipped)('the console', { timeout: EVENTS_TIMEOUT_MS }, () => {
  it('shows each trigger invocation on its Logs page', async () => {
    await db.doc('v2docs/logged').set({ shown: true });
    await db.doc('throws/logged').set({ boom: true });
    await invocations('v2Created', 1, forDoc('logged'));
    const browser = await ShopBrowser.open();
    try {
      const page = await browser.newVisitor(1280);
      await page.goto(`http://${config.ui.host}:${config.ui.port}/logs`);
      // One function's lines at a time: the page shows the newest 500 lines, and the whole run's functions log.
      const functionFilter = page.getByLabel('ফাংশন');
      await functionFilter.locator('option[value="us-central1-v2Created"]').waitFor({ state: 'attached' });
      await functionFilter.selectOption('us-central1-v2Created');
      const invocation = page.locator('[data-testid="logs"] [data-function="us-central1-v2Created"]');
      await invocation.filter({ hasText: 'Beginning execution of "us-central1-v2Created' }).first().waitFor();
      await invocation.filter({ hasText: 'Finished "us-central1-v2Created' }).first().waitFor();
      // The throwing function's error is there too, under its name.
      await functionFilter.selectOption('us-central1-v2Throws');
      await page
        .locator('[data-testid="logs"] [data-function="us-central1-v2Throws"]', { hasText: 'always fails' })
        .first()
        .waitFor();
      await screenshotPage(page, `${RESULTS}/console-logs-triggers.png`);
    } finally {
      await browser.close();
    }
  });
});
