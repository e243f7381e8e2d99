/**
 * The read counter: each kind of read counted as production bills it, through the real server (firebase-admin
 * over gRPC, the web SDK's listener over WebChannel), and GET/DELETE of the usage route.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  getFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  setLogLevel,
  type Firestore as WebFirestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Firestore } from 'firebase-admin/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from './server.js';
import { adminFirestore } from '../testing/admin.js';
import { waitFor } from '../testing/waiting.js';
import type { UsageJson } from './usage.js';

const PROJECT = 'demo-usage';
let emulator: FirestoreEmulator;
let admin: Firestore;
let app: FirebaseApp;
let web: WebFirestore;

const usageUrl = () =>
  `http://127.0.0.1:${emulator.port}/emulator/v1/projects/${PROJECT}/databases/(default)/usage`;

async function usage(method: 'GET' | 'DELETE' = 'GET'): Promise<UsageJson> {
  const response = await fetch(usageUrl(), { method });
  expect(response.status).toBe(200);
  return (await response.json()) as UsageJson;
}

beforeAll(async () => {
  setLogLevel('silent');
  emulator = await startFirestoreEmulator({ port: 0 });
  admin = adminFirestore(PROJECT, emulator.port);
  app = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, 'usage');
  web = getFirestore(app);
  connectFirestoreEmulator(web, '127.0.0.1', emulator.port);
  const batch = admin.batch();
  for (let i = 0; i < 120; i++)
    batch.set(admin.doc(`orders/o${String(i).padStart(3, '0')}`), {
      n: i,
      status: i % 3 === 0 ? 'pending' : 'done',
    });
  await batch.commit();
});

afterAll(async () => {
  await deleteApp(app);
  await emulator?.stop();
});

beforeEach(async () => {
  await usage('DELETE');
});

describe('documents read, counted at the emulator', () => {
  it('starts from zero after DELETE, and writes read nothing', async () => {
    expect(await usage()).toEqual({
      documentReads: 0,
      byKind: { lookups: 0, queries: 0, aggregations: 0, listens: 0 },
      requests: 0,
    });
    await admin.doc('orders/o999').set({ n: 999 });
    await admin.doc('orders/o999').delete();
    expect((await usage()).documentReads).toBe(0);
  });

  it('bills a lookup per document asked for, found or missing', async () => {
    await admin.doc('orders/o001').get();
    await admin.getAll(admin.doc('orders/o002'), admin.doc('orders/none'));
    const u = await usage();
    expect(u.byKind.lookups).toBe(3);
    expect(u.documentReads).toBe(3);
  });

  it('bills a query per document returned, and one for an empty answer', async () => {
    const page = await admin
      .collection('orders')
      .where('status', '==', 'pending')
      .orderBy('n', 'desc')
      .limit(7)
      .get();
    expect(page.size).toBe(7);
    await admin.collection('orders').where('status', '==', 'nothing').get();
    const u = await usage();
    expect(u.byKind.queries).toBe(8);
    expect(u.requests).toBe(2);
  });

  it('bills an aggregation one read per 1,000 entries, at least one', async () => {
    const counted = await admin.collection('orders').count().get();
    expect(counted.data().count).toBe(120);
    expect((await usage()).byKind.aggregations).toBe(1);
  });

  it('bills a listener its first snapshot, then each document added or changed', async () => {
    const newest: number[] = [];
    const stop = onSnapshot(query(collection(web, 'orders'), orderBy('n', 'desc'), limit(5)), (snap) =>
      newest.push(snap.docs[0]?.data().n as number),
    );
    try {
      await waitFor(() => newest.length > 0, 'the first snapshot');
      expect((await usage()).byKind.listens).toBe(5);
      await admin.doc('orders/o001').set({ n: 1, status: 'changed' }); // outside the window: not sent
      await admin.doc('orders/o500').set({ n: 500, status: 'pending' }); // enters the window
      await waitFor(() => newest.includes(500), 'the new order in the snapshot');
    } finally {
      stop();
    }
    const u = await usage();
    expect(u.byKind.listens).toBe(6);
    await admin.doc('orders/o500').delete();
  });

  it('keeps each database apart, and leaves other routes alone', async () => {
    await admin.doc('orders/o001').get();
    const other = await fetch(
      `http://127.0.0.1:${emulator.port}/emulator/v1/projects/demo-other/databases/(default)/usage`,
    );
    expect(((await other.json()) as UsageJson).documentReads).toBe(0);
    expect((await usage()).documentReads).toBe(1);
    const wrongMethod = await fetch(usageUrl(), { method: 'POST' });
    expect(wrongMethod.status).toBe(404);
  });
});
