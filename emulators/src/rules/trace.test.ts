/** The rule trace the console's Requests view shows: which allow decided, and for a denial which condition failed. */
import { describe, expect, it } from 'vitest';
import { InMemoryFirestore } from './in-memory-firestore.js';
import { compileRules } from './ruleset.js';
import { firestoreRequest, signedIn, storageObject, storageRequest } from '../testing/rules-requests.js';

const rules = compileRules(
  `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function isAdmin() {
      return request.auth != null && get(/databases/$(database)/documents/roles/$(request.auth.uid)).data.role == 'admin';
    }
    match /orders/{id} {
      allow read: if isAdmin();
      allow get: if request.auth != null && resource.data.user_id == request.auth.uid;
      allow create: if request.resource.data.total > 0 && request.resource.data.items.size() > 0;
    }
    match /products/{id} {
      allow read;
      allow write: if isAdmin();
    }
  }
}`,
  'firestore.rules',
);
const data = new InMemoryFirestore().set('roles/admin1', { role: 'admin' });
const order = { user_id: 'cust1', total: 500 };

describe('the rule trace', () => {
  it('names the allow that granted a request, with its line', () => {
    const decision = rules.evaluate(
      firestoreRequest('orders/o1', { auth: signedIn('cust1'), resource: order }),
      data,
      { trace: true },
    );
    expect(decision.allowed).toBe(true);
    expect(decision.trace).toEqual([
      // cust1 has no roles document: get() gives null, and reading .data of null is an error (which denies).
      expect.objectContaining({ line: 8, outcome: 'error', condition: 'isAdmin()' }),
      expect.objectContaining({
        line: 9,
        outcome: 'granted',
        condition: 'request.auth != null && resource.data.user_id == request.auth.uid',
        conditions: [],
      }),
    ]);
  });

  it('shows, for a denied read of another customer’s order, which condition was false', () => {
    const decision = rules.evaluate(
      firestoreRequest('orders/o1', { auth: signedIn('cust2'), resource: order }),
      data,
      { trace: true },
    );
    expect(decision.allowed).toBe(false);
    const [adminAllow, ownerAllow] = decision.trace ?? [];
    expect(adminAllow).toMatchObject({ line: 8, outcome: 'error', error: expect.stringMatching(/null/) });
    expect(adminAllow.conditions).toEqual([
      { text: 'isAdmin()', outcome: 'error', error: expect.stringMatching(/null/) },
    ]);
    expect(ownerAllow).toMatchObject({ line: 9, outcome: 'false' });
    expect(ownerAllow.conditions).toEqual([
      { text: 'request.auth != null', outcome: 'true' },
      { text: 'resource.data.user_id == request.auth.uid', outcome: 'false' },
    ]);
  });

  it('reports a condition that errored with the error, and skips what production never evaluates', () => {
    const decision = rules.evaluate(
      firestoreRequest('orders/o2', { method: 'create', auth: signedIn('cust1'), requestData: { total: 0 } }),
      data,
      { trace: true },
    );
    expect(decision.allowed).toBe(false);
    const create = decision.trace?.find((t) => t.line === 10);
    expect(create?.conditions).toEqual([
      { text: 'request.resource.data.total > 0', outcome: 'false' },
      { text: 'request.resource.data.items.size() > 0', outcome: 'skipped' },
    ]);

    const missing = rules.evaluate(
      firestoreRequest('orders/o3', { method: 'create', auth: signedIn('cust1'), requestData: { total: 5 } }),
      data,
      { trace: true },
    );
    const failed = missing.trace?.find((t) => t.line === 10);
    expect(failed?.outcome).toBe('error');
    expect(failed?.error).toMatch(/items/);
    expect(failed?.conditions[1]).toMatchObject({ outcome: 'error', error: expect.stringMatching(/items/) });
  });

  it('records a bare allow as granted with no condition', () => {
    const decision = rules.evaluate(firestoreRequest('products/p1', { resource: { name: 'x' } }), data, {
      trace: true,
    });
    expect(decision.trace).toEqual([
      { line: 13, methods: ['read'], condition: null, outcome: 'granted', conditions: [] },
    ]);
  });

  it('says false (not error) for an admin check on a signed-in non-admin with a roles record', () => {
    const withRole = new InMemoryFirestore().set('roles/cust2', { role: 'customer' });
    const decision = rules.evaluate(
      firestoreRequest('products/p1', { method: 'update', auth: signedIn('cust2'), resource: { name: 'x' } }),
      withRole,
      { trace: true },
    );
    expect(decision.trace).toEqual([
      {
        line: 14,
        methods: ['write'],
        condition: 'isAdmin()',
        outcome: 'false',
        conditions: [{ text: 'isAdmin()', outcome: 'false' }],
      },
    ]);
  });

  it('is empty when no allow applied, and absent unless asked for', () => {
    const none = rules.evaluate(firestoreRequest('secrets/s1'), data, { trace: true });
    expect(none).toMatchObject({ allowed: false, trace: [] });
    const plain = rules.evaluate(
      firestoreRequest('orders/o1', { auth: signedIn('cust2'), resource: order }),
      data,
    );
    expect(plain.trace).toBeUndefined();
  });

  it('gives the same verdict traced or not', () => {
    for (const uid of ['admin1', 'cust1', 'cust2']) {
      const request = firestoreRequest('orders/o1', { auth: signedIn(uid), resource: order });
      expect(rules.evaluate(request, data, { trace: true }).allowed).toBe(
        rules.evaluate(request, data).allowed,
      );
    }
  });

  it('traces Storage rules too, with || operands all shown for a denial', () => {
    const storage = compileRules(
      `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /product-images/{file} {
      allow write: if request.resource.size < 5 * 1024 * 1024 || request.auth.token.admin == true;
    }
  }
}`,
      'storage.rules',
    );
    const decision = storage.evaluate(
      storageRequest('product-images/big.jpg', {
        method: 'create',
        auth: signedIn('u1'),
        requestResource: storageObject('product-images/big.jpg', { size: 6 * 1024 * 1024 }),
      }),
      data,
      { trace: true },
    );
    expect(decision.allowed).toBe(false);
    expect(decision.trace?.[0].conditions).toEqual([
      { text: 'request.resource.size < ((5 * 1024) * 1024)', outcome: 'false' },
      { text: 'request.auth.token.admin == true', outcome: 'error', error: expect.any(String) },
    ]);
  });
});
