/**
 * "Rules are not filters": a query is allowed when the shop's rules (the repository's firestore.rules) follow
 * from its constraints, whatever the data happens to be today — proved through the JS SDK in Node (gRPC).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  collectionGroup,
  connectFirestoreEmulator,
  getDocs,
  getFirestore,
  limit,
  onSnapshot,
  or,
  orderBy,
  query,
  setLogLevel,
  where,
  type Firestore,
  type Query,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../emulators/src/firestore/server.js';
import { expectCode } from '../../emulators/src/testing/waiting.js';
import { adminFirestore } from '../../emulators/src/testing/admin.js';

const PROJECT = 'demo-query-rules';
let emulator: FirestoreEmulator;
const apps: FirebaseApp[] = [];

function client(uid: string | null, claims: Record<string, unknown> = {}): Firestore {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, `query-rules-${uid ?? 'anon'}`);
  apps.push(app);
  const db = getFirestore(app);
  connectFirestoreEmulator(
    db,
    '127.0.0.1',
    emulator.port,
    uid ? { mockUserToken: { sub: uid, ...claims } } : {},
  );
  return db;
}

let customer: Firestore;
let stranger: Firestore;
let shopAdmin: Firestore;

beforeAll(async () => {
  setLogLevel('silent');
  emulator = await startFirestoreEmulator({ port: 0 });
  const shopRules = fileURLToPath(new URL('../../firestore.rules', import.meta.url));
  emulator.rules.setSource(readFileSync(shopRules, 'utf8'), 'firestore.rules');
  customer = client('cust1');
  stranger = client(null);
  shopAdmin = client('admin1', { email: 'admin1@achar.test', email_verified: true });
  const admin = adminFirestore(PROJECT, emulator.port);
  await admin.doc('roles/admin1').set({ role: 'admin', user_id: 'admin1' });
  // Today every order is cust1's and every product is active and in stock.
  await admin.doc('orders/o1').set({ user_id: 'cust1', status: 'pending', created_at: 1 });
  await admin.doc('orders/o2').set({ user_id: 'cust1', status: 'delivered', created_at: 2 });
  await admin
    .doc('products/p1')
    .set({ name: 'আমের আচার', is_active: true, stock_quantity: 5, created_at: 1 });
});

afterAll(async () => {
  for (const app of apps) await deleteApp(app);
  await emulator?.stop();
});

const ids = async (q: Query) => (await getDocs(q)).docs.map((d) => d.id).sort();

describe("orders: the customer's own", () => {
  it('are refused without the user_id filter even though every order today is theirs', async () => {
    await expectCode(getDocs(collection(customer, 'orders')), 'permission-denied');
    await expectCode(
      getDocs(query(collection(customer, 'orders'), where('status', '==', 'pending'))),
      'permission-denied',
    );
  });

  it('are served once the query carries the constraint the rule checks', async () => {
    expect(await ids(query(collection(customer, 'orders'), where('user_id', '==', 'cust1')))).toEqual([
      'o1',
      'o2',
    ]);
  });

  it("refuse a query for someone else's orders even when none exist", async () => {
    await expectCode(
      getDocs(query(collection(customer, 'orders'), where('user_id', '==', 'other'))),
      'permission-denied',
    );
  });

  it('refuse an OR query when one branch is not provable', async () => {
    await expectCode(
      getDocs(
        query(
          collection(customer, 'orders'),
          or(where('user_id', '==', 'cust1'), where('status', '==', 'pending')),
        ),
      ),
      'permission-denied',
    );
  });

  it('are refused as a collection group: the rules have no {path=**} match for orders', async () => {
    const error = await expectCode(
      getDocs(query(collectionGroup(customer, 'orders'), where('user_id', '==', 'cust1'))),
      'permission-denied',
    );
    expect(error.message).toContain('/documents/{path=**}/orders');
  });

  it('are all served to an admin, whose rule needs no constraint', async () => {
    expect(await ids(query(collection(shopAdmin, 'orders'), orderBy('created_at', 'desc')))).toEqual([
      'o1',
      'o2',
    ]);
  });
});

describe('an empty collection', () => {
  it('does not let an unprovable query through', async () => {
    await expectCode(getDocs(collection(stranger, 'products-empty-never-written')), 'permission-denied');
    // roles has a list rule; no role record of a stranger exists, the query is still refused
    await expectCode(
      getDocs(query(collection(customer, 'roles'), where('role', '==', 'admin'))),
      'permission-denied',
    );
  });
});

describe('products: the storefront query', () => {
  it('is refused without the stock filter, though every product today is in stock', async () => {
    await expectCode(
      getDocs(query(collection(stranger, 'products'), where('is_active', '==', true))),
      'permission-denied',
    );
  });

  it('is served with is_active == true and stock_quantity > 0 (a range that implies the rule)', async () => {
    expect(
      await ids(
        query(
          collection(stranger, 'products'),
          where('is_active', '==', true),
          where('stock_quantity', '>', 0),
        ),
      ),
    ).toEqual(['p1']);
    // >= 0 would let a product with no stock through: refused
    await expectCode(
      getDocs(
        query(
          collection(stranger, 'products'),
          where('is_active', '==', true),
          where('stock_quantity', '>=', 0),
        ),
      ),
      'permission-denied',
    );
  });

  it('refuses a listener the same way, with the listener told', async () => {
    const error = await new Promise<{ code?: string }>((resolve) => {
      const stop = onSnapshot(
        query(collection(stranger, 'products'), limit(5)),
        () => undefined,
        (e) => {
          stop();
          resolve(e);
        },
      );
    });
    expect(error.code).toBe('permission-denied');
  });
});

describe('the role check query', () => {
  it("is served for one's own role records", async () => {
    expect(
      await ids(
        query(
          collection(shopAdmin, 'roles'),
          where('user_id', '==', 'admin1'),
          where('role', '==', 'admin'),
          limit(1),
        ),
      ),
    ).toEqual(['admin1']);
  });
});
