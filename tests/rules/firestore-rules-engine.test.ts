/**
 * The repository's firestore.rules, as this engine decides them: public active in-stock products, customers'
 * own orders, admin-only product changes, and no order written from a browser. Each decision is checked with
 * the allow statement that made it, so a rule that grants for the wrong reason fails too.
 */
import { describe, expect, it } from 'vitest';
import { InMemoryFirestore } from '../../emulators/src/rules/in-memory-firestore.js';
import type { RulesMethod } from '../../emulators/src/rules/types.js';
import { firestoreRequest, signedIn } from '../../emulators/src/testing/rules-requests.js';
import { countedRepoRules } from '../support/repo-rules.js';

const { rules, lineOf } = countedRepoRules('firestore.rules');
const productRead = lineOf('allow read: if (resource.data.is_active == true');
const productCreate = lineOf('allow create: if isAdmin() && isValidProduct');
const productUpdate = lineOf('allow update: if isAdmin()');
const productDelete = lineOf('allow delete: if isAdmin();');
const orderRead = lineOf('allow read: if (signedIn() && resource.data.user_id == request.auth.uid)');
const orderWrite = lineOf('allow create, update, delete: if false;');

const data = new InMemoryFirestore()
  .set('roles/admin1', { user_id: 'admin1', role: 'admin' })
  .set('roles/staff1', { user_id: 'staff1', role: 'packer' });
const admin = signedIn('admin1');
const customer = signedIn('cust1');
type Caller = ReturnType<typeof signedIn> | null;

const mangoPickle = {
  name: 'আমের আচার',
  price: 250,
  stock_quantity: 12,
  is_active: true,
  created_at: new Date('2026-11-01T10:00:00Z'),
};
// A write's own time: what serverTimestamp() becomes, so request.time (whole milliseconds, as a Date holds).
const NOW = '2026-11-21T06:30:00.123Z';
const stamped = { created_at: new Date(NOW), updated_at: new Date(NOW) };

const order = {
  user_id: 'cust1',
  status: 'pending',
  total_amount: 500,
  updated_at: new Date('2026-11-20T10:00:00Z'),
};

const denied = (method: RulesMethod, path: string, line: number) => ({
  allowed: false,
  line,
  message: `Denied ${method} on /databases/(default)/documents/${path}: false for '${method}' @ L${line}`,
});

describe('shop rules: products', () => {
  const read = (product: typeof mangoPickle, auth: Caller = null) =>
    rules.evaluate(firestoreRequest('products/p1', { auth, resource: product }), data);

  it('shows active products in stock to everyone, signed in or not', () => {
    expect(read(mangoPickle)).toEqual({ allowed: true, line: productRead });
    expect(read(mangoPickle, customer)).toEqual({ allowed: true, line: productRead });
  });

  it('hides inactive or sold-out products from customers but not from the admin', () => {
    expect(read({ ...mangoPickle, is_active: false })).toEqual(denied('get', 'products/p1', productRead));
    expect(read({ ...mangoPickle, stock_quantity: 0 }, customer)).toEqual(
      denied('get', 'products/p1', productRead),
    );
    expect(read({ ...mangoPickle, stock_quantity: 0 }, admin)).toEqual({ allowed: true, line: productRead });
  });

  it('lets only the admin create, edit or delete products', () => {
    const write = (method: 'create' | 'update' | 'delete', auth: Caller) =>
      rules.evaluate(
        firestoreRequest('products/p1', {
          method,
          auth,
          resource: method === 'create' ? null : mangoPickle,
          requestData:
            method === 'delete'
              ? null
              : {
                  ...mangoPickle,
                  price: 300,
                  ...(method === 'create' ? stamped : { updated_at: new Date(NOW) }),
                },
          time: NOW,
        }),
        data,
      );
    expect([write('create', admin), write('update', admin), write('delete', admin)]).toEqual([
      { allowed: true, line: productCreate },
      { allowed: true, line: productUpdate },
      { allowed: true, line: productDelete },
    ]);
    expect([write('create', customer), write('update', customer), write('delete', customer)]).toEqual([
      denied('create', 'products/p1', productCreate),
      denied('update', 'products/p1', productUpdate),
      denied('delete', 'products/p1', productDelete),
    ]);
    // staff1 has a role record, but not admin.
    expect(write('update', signedIn('staff1'))).toEqual(denied('update', 'products/p1', productUpdate));
    expect(write('create', null)).toEqual(denied('create', 'products/p1', productCreate));
  });

  it('refuses the admin a product the shop could not sell, or a changed creation time', () => {
    const store = (method: 'create' | 'update', changes: Record<string, unknown>) =>
      rules.evaluate(
        firestoreRequest('products/p1', {
          method,
          auth: admin,
          resource: method === 'create' ? null : mangoPickle,
          requestData: { ...mangoPickle, ...stamped, ...changes } as typeof mangoPickle,
          time: NOW,
        }),
        data,
      );
    expect(store('create', { price: 12.345 })).toEqual(denied('create', 'products/p1', productCreate));
    expect(store('create', { stock_quantity: -1 })).toEqual(denied('create', 'products/p1', productCreate));
    expect(store('update', { created_at: new Date('2026-11-21T00:00:00Z') })).toEqual(
      denied('update', 'products/p1', productUpdate),
    );
  });

  it("lets the admin save a product that carries its photo's sizes mark, a path or null", () => {
    const save = (image_sized_path: unknown) =>
      rules.evaluate(
        firestoreRequest('products/p1', {
          method: 'update',
          auth: admin,
          resource: mangoPickle,
          requestData: {
            ...mangoPickle,
            updated_at: new Date(NOW),
            image_path: 'product-images/p1.jpg',
            image_sized_path,
          } as typeof mangoPickle,
          time: NOW,
        }),
        data,
      );
    expect(save('product-images/p1.jpg')).toEqual({ allowed: true, line: productUpdate });
    expect(save(null)).toEqual({ allowed: true, line: productUpdate });
    expect(save(42)).toEqual(denied('update', 'products/p1', productUpdate));
  });
});

describe('shop rules: orders', () => {
  it('lets customers read their own orders only, and the admin all of them', () => {
    const read = (auth: Caller) =>
      rules.evaluate(firestoreRequest('orders/o1', { auth, resource: order }), data);
    expect(read(customer)).toEqual({ allowed: true, line: orderRead });
    expect(read(signedIn('cust2'))).toEqual(denied('get', 'orders/o1', orderRead));
    expect(read(null)).toEqual(denied('get', 'orders/o1', orderRead));
    expect(read(admin)).toEqual({ allowed: true, line: orderRead });
  });

  it('lets nobody create, change or delete an order from a browser, the admin included: only the Cloud Functions do', () => {
    const write = (method: 'create' | 'update' | 'delete', auth: Caller) =>
      rules.evaluate(
        firestoreRequest('orders/o1', {
          method,
          auth,
          resource: method === 'create' ? null : order,
          requestData: method === 'delete' ? null : { ...order, status: 'shipped' },
        }),
        data,
      );
    for (const auth of [admin, customer]) {
      expect([write('create', auth), write('update', auth), write('delete', auth)]).toEqual([
        denied('create', 'orders/o1', orderWrite),
        denied('update', 'orders/o1', orderWrite),
        denied('delete', 'orders/o1', orderWrite),
      ]);
    }
  });
});

describe('shop rules: roles', () => {
  it("lets a signed-in user read their own role record and no one else's; nobody writes one", () => {
    const get = (path: string, auth: Caller) =>
      rules.evaluate(
        firestoreRequest(path, { auth, resource: { user_id: path.split('/')[1], role: 'admin' } }),
        data,
      ).allowed;
    expect(get('roles/admin1', admin)).toBe(true);
    expect(get('roles/admin1', customer)).toBe(false);
    expect(get('roles/admin1', null)).toBe(false);
    const write = rules.evaluate(
      firestoreRequest('roles/cust1', {
        method: 'create',
        auth: customer,
        requestData: { user_id: 'cust1', role: 'admin' },
      }),
      data,
    );
    expect(write).toEqual(
      denied('create', 'roles/cust1', lineOf('allow write: if false;', 'match /roles/{uid}')),
    );
  });
});
