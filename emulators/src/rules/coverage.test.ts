/** Rule coverage: how often each allow and each part of its condition was evaluated, true, false or an error. */
import { describe, expect, it } from 'vitest';
import { addCoverage } from './coverage.js';
import { InMemoryFirestore } from './in-memory-firestore.js';
import { compileRules } from './ruleset.js';
import { firestoreRequest, signedIn, storageObject, storageRequest } from '../testing/rules-requests.js';
import type { RulesRequest } from './types.js';
import type { CallerAuth } from '../shared/auth-token.js';

const source = `rules_version = '2';
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
      allow write: if isAdmin() || request.resource.data.draft == true;
    }
    match /notes/{id} {
      allow get: if resource.data.count;
    }
  }
}`;
const rules = compileRules(source, 'firestore.rules');
const data = new InMemoryFirestore().set('roles/admin1', { role: 'admin' });
const order = { user_id: 'cust1', total: 500 };

function lineOf(text: string): number {
  return source.split('\n').findIndex((line) => line.includes(text)) + 1;
}

/** Every kind of outcome: granted, false, errors forgiven by the other side of && / ||, a non-bool condition. */
const SCRIPT: RulesRequest[] = [
  firestoreRequest('orders/o1', { auth: signedIn('cust1'), resource: order }), // own order
  firestoreRequest('orders/o1', { auth: signedIn('cust2'), resource: order }), // another's order
  firestoreRequest('orders/o1', { auth: signedIn('admin1'), resource: order }), // the admin
  firestoreRequest('orders/o1', { resource: order }), // signed out
  firestoreRequest('orders/o2', { method: 'create', auth: signedIn('cust1'), requestData: { total: 0 } }),
  firestoreRequest('orders/o2', {
    method: 'create',
    auth: signedIn('cust1'),
    requestData: { total: 5, items: ['x'] },
  }),
  firestoreRequest('products/p1', { auth: signedIn('cust1'), resource: { name: 'আম' } }),
  firestoreRequest('products/p1', {
    method: 'update',
    auth: signedIn('cust1'),
    requestData: { draft: true },
  }),
  firestoreRequest('products/p1', { method: 'update', auth: signedIn('cust1'), requestData: { price: 1 } }),
  firestoreRequest('notes/n1', { auth: signedIn('cust1'), resource: { count: 3 } }),
];

describe('rule coverage', () => {
  it('decides every request exactly as the ruleset does without it (outcome, line and message)', () => {
    const coverage = rules.createCoverage!();
    for (const request of SCRIPT) {
      const plain = rules.evaluate(request, data, { trace: true });
      expect(rules.evaluate(request, data, { coverage, trace: true })).toEqual(plain);
    }
  });

  it('counts each allow and each part of its condition for a scripted sequence of requests', () => {
    const coverage = rules.createCoverage!();
    for (const request of SCRIPT) rules.evaluate(request, data, { coverage });
    const report = coverage.report();
    const at = (text: string) => report.allows.find((a) => a.line === lineOf(text))!;

    // `allow read: if isAdmin()` on orders: the four gets (cust1 and cust2 have no roles document: an error;
    // signed out: false; the admin: true).
    expect(at('allow read: if isAdmin();')).toMatchObject({
      evaluated: 4,
      true: 1,
      false: 1,
      error: 2,
      connective: null,
      conditions: [{ text: 'isAdmin()', evaluated: 4, true: 1, false: 1, error: 2 }],
    });
    // The owner's get is judged only after the admin's read failed: cust1, cust2, signed out.
    const ownerGet = at('allow get: if request.auth != null && resource.data.user_id');
    expect(ownerGet).toMatchObject({ evaluated: 3, true: 1, false: 2, error: 0, connective: '&&' });
    expect(ownerGet.conditions).toEqual([
      { text: 'request.auth != null', evaluated: 3, true: 2, false: 1, error: 0 },
      // Not evaluated for the signed-out request: && stopped at its first false.
      { text: 'resource.data.user_id == request.auth.uid', evaluated: 2, true: 1, false: 1, error: 0 },
    ]);
    // create: total 0 stops at the first part; the second request passes both.
    expect(at('allow create:')).toMatchObject({
      evaluated: 2,
      true: 1,
      false: 1,
      conditions: [
        { evaluated: 2, true: 1, false: 1, error: 0 },
        { evaluated: 1, true: 1, false: 0, error: 0 },
      ],
    });
    expect(at('allow read;')).toMatchObject({ evaluated: 1, true: 1, condition: null, conditions: [] });
    // `isAdmin() || draft == true`: cust1's isAdmin() errs both times; the error is forgiven once by a true draft.
    expect(at('allow write: if isAdmin() ||')).toMatchObject({
      evaluated: 2,
      true: 1,
      false: 0,
      error: 1,
      connective: '||',
      conditions: [
        { text: 'isAdmin()', evaluated: 2, true: 0, false: 0, error: 2 },
        // price-only update: `draft` is missing, an error too.
        { text: 'request.resource.data.draft == true', evaluated: 2, true: 1, false: 0, error: 1 },
      ],
    });
    // A condition that is not a bool is an error.
    expect(at('allow get: if resource.data.count')).toMatchObject({ evaluated: 1, error: 1 });
  });

  it('lists allows no request reached with zero counts, and starts again from zero on reset', () => {
    const coverage = rules.createCoverage!();
    expect(coverage.report().allows.map((a) => a.line)).toEqual(
      [
        'allow read: if isAdmin();',
        'allow get: if request.auth != null',
        'allow create:',
        'allow read;',
        'allow write:',
        'allow get: if resource.data.count',
      ].map(lineOf),
    );
    expect(coverage.report().allows.every((a) => a.evaluated === 0)).toBe(true);
    rules.evaluate(SCRIPT[0], data, { coverage });
    expect(coverage.report().allows[0].evaluated).toBe(1);
    coverage.reset();
    const after = coverage.report();
    expect(after.allows.every((a) => a.evaluated === 0 && a.conditions.every((c) => c.evaluated === 0))).toBe(
      true,
    );
  });

  it('adds two reports of the same rules, and refuses to add reports of different rules', () => {
    const a = rules.createCoverage!();
    const b = rules.createCoverage!();
    rules.evaluate(SCRIPT[0], data, { coverage: a });
    rules.evaluate(SCRIPT[1], data, { coverage: b });
    const sum = addCoverage(a.report(), b.report());
    expect(sum.allows[0]).toMatchObject({ evaluated: 2, error: 2 });
    expect(sum.allows[1]).toMatchObject({ evaluated: 2, true: 1, false: 1 });
    const other = compileRules(
      `rules_version = '2';\nservice firebase.storage { match /b/{b}/o { match /{f} { allow read; } } }`,
      'storage.rules',
    );
    expect(() => addCoverage(a.report(), other.createCoverage!().report())).toThrow(/different rules/);
  });

  it('counts Storage rules the same way', () => {
    const storage = compileRules(
      `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /images/{file} {
      allow read;
      allow write: if request.auth != null && request.resource.size < 1024;
    }
  }
}`,
      'storage.rules',
    );
    const coverage = storage.createCoverage!();
    const upload = (size: number, auth: CallerAuth | null = signedIn('u1')) =>
      storage.evaluate(
        storageRequest('images/a.jpg', {
          method: 'create',
          auth,
          requestResource: storageObject('images/a.jpg', { size }),
        }),
        new InMemoryFirestore(),
        { coverage },
      );
    expect(upload(10).allowed).toBe(true);
    expect(upload(4096).allowed).toBe(false);
    expect(upload(10, null).allowed).toBe(false);
    expect(coverage.report().allows[1]).toMatchObject({
      evaluated: 3,
      true: 1,
      false: 2,
      conditions: [
        { evaluated: 3, true: 2, false: 1 },
        { evaluated: 2, true: 1, false: 1 },
      ],
    });
  });
});
