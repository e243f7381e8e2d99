/** The shop's intended rules style: public active in-stock products, customers' own orders, admin-only changes. */
import { describe, expect, it } from 'vitest';
import { InMemoryFirestore } from './in-memory-firestore.js';
import { compileRules } from './ruleset.js';
import { firestoreRequest, signedIn } from '../testing/rules-requests.js';

const rules = compileRules(
  `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function isAdmin() { return request.auth != null && exists(/databases/$(database)/documents/roles/$(request.auth.uid)) && get(/databases/$(database)/documents/roles/$(request.auth.uid)).data.role == 'admin'; }
    match /products/{id} { allow read: if resource.data.is_active == true && resource.data.stock_quantity > 0 || isAdmin(); allow write: if isAdmin(); }
    match /orders/{id} { allow read: if isAdmin() || request.auth != null && resource.data.user_id == request.auth.uid;
                         allow update: if isAdmin() && request.resource.data.diff(resource.data).affectedKeys().hasOnly(['status','updated_at']); }
  }
}`,
  'firestore.rules',
);

const data = new InMemoryFirestore()
  .set('roles/admin1', { role: 'admin' })
  .set('roles/staff1', { role: 'packer' });
const admin = signedIn('admin1');
const customer = signedIn('cust1');

const mangoPickle = { name: 'আমের আচার', price: 250, stock_quantity: 12, is_active: true };
const order = {
  user_id: 'cust1',
  status: 'pending',
  total: 500,
  updated_at: new Date('2026-11-20T10:00:00Z'),
};

describe('shop rules: products', () => {
  const read = (product: typeof mangoPickle, auth = null as ReturnType<typeof signedIn> | null) =>
    rules.evaluate(firestoreRequest('products/p1', { auth, resource: product }), data).allowed;

  it('shows active products in stock to everyone, signed in or not', () => {
    expect(read(mangoPickle)).toBe(true);
    expect(read(mangoPickle, customer)).toBe(true);
  });

  it('hides inactive or sold-out products from customers but not from the admin', () => {
    expect(read({ ...mangoPickle, is_active: false })).toBe(false);
    expect(read({ ...mangoPickle, stock_quantity: 0 }, customer)).toBe(false);
    expect(read({ ...mangoPickle, stock_quantity: 0 }, admin)).toBe(true);
  });

  it('lets only the admin create, edit or delete products', () => {
    const write = (method: 'create' | 'update' | 'delete', auth: ReturnType<typeof signedIn> | null) =>
      rules.evaluate(
        firestoreRequest('products/p1', {
          method,
          auth,
          resource: method === 'create' ? null : mangoPickle,
          requestData: method === 'delete' ? null : { ...mangoPickle, price: 300 },
        }),
        data,
      ).allowed;
    expect([write('create', admin), write('update', admin), write('delete', admin)]).toEqual([
      true,
      true,
      true,
    ]);
    expect([write('create', customer), write('update', customer), write('delete', customer)]).toEqual([
      false,
      false,
      false,
    ]);
    expect(write('update', signedIn('staff1'))).toBe(false); // has a role, but not admin
    expect(write('create', null)).toBe(false);
  });
});

describe('shop rules: orders', () => {
  it('lets customers read their own orders only, and the admin all of them', () => {
    const read = (auth: ReturnType<typeof signedIn> | null) =>
      rules.evaluate(firestoreRequest('orders/o1', { auth, resource: order }), data).allowed;
    expect(read(customer)).toBe(true);
    expect(read(signedIn('cust2'))).toBe(false);
    expect(read(null)).toBe(false);
    expect(read(admin)).toBe(true);
  });

  it('lets the admin change only the status and updated_at of an order', () => {
    const update = (auth: ReturnType<typeof signedIn>, changes: Partial<typeof order>) =>
      rules.evaluate(
        firestoreRequest('orders/o1', {
          method: 'update',
          auth,
          resource: order,
          requestData: { ...order, ...changes },
        }),
        data,
      );
    expect(update(admin, { status: 'shipped', updated_at: new Date('2026-11-21T06:30:00Z') }).allowed).toBe(
      true,
    );
    const priceChange = update(admin, { status: 'shipped', total: 1 });
    expect(priceChange).toEqual({
      allowed: false,
      line: 7,
      message: "Denied update on /databases/(default)/documents/orders/o1: false for 'update' @ L7",
    });
    expect(update(customer, { status: 'cancelled' }).allowed).toBe(false);
  });

  it('has no rule for creating or deleting orders from the client', () => {
    const create = rules.evaluate(
      firestoreRequest('orders/o9', { method: 'create', auth: customer, requestData: order }),
      data,
    );
    expect(create).toEqual({
      allowed: false,
      message: 'Denied create on /databases/(default)/documents/orders/o9: No matching allow statements.',
    });
  });
});
