/** Which match blocks apply to a request path, what the wildcards bind, and how methods map to allows. */
import { describe, expect, it } from 'vitest';
import { InMemoryFirestore } from './in-memory-firestore.js';
import { compileRules } from './ruleset.js';
import { firestoreRequest } from '../testing/rules-requests.js';

const data = new InMemoryFirestore();

describe('match paths', () => {
  const rules = compileRules(
    `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /shops/{shopId} {
      allow get: if shopId == 'keraniganj' && database == '(default)';
      match /reviews/{reviewId} {
        allow get: if shopId == 'keraniganj' && reviewId.size() > 2;
      }
    }
    match /archive/{rest=**} {
      allow get: if rest == /2025/orders/o1 || rest == /top;
    }
    match /public/{doc=**} {
      allow read;
    }
  }
}`,
    'paths.rules',
  );

  it('binds single-segment wildcards, including those of enclosing blocks', () => {
    expect(rules.evaluate(firestoreRequest('shops/keraniganj'), data).allowed).toBe(true);
    expect(rules.evaluate(firestoreRequest('shops/gulshan'), data).allowed).toBe(false);
    expect(rules.evaluate(firestoreRequest('shops/keraniganj/reviews/r100'), data).allowed).toBe(true);
    expect(rules.evaluate(firestoreRequest('shops/keraniganj/reviews/r1'), data).allowed).toBe(false);
  });

  it('binds the rest of the path to a recursive wildcard as a path', () => {
    expect(rules.evaluate(firestoreRequest('archive/2025/orders/o1'), data).allowed).toBe(true);
    expect(rules.evaluate(firestoreRequest('archive/top'), data).allowed).toBe(true);
    expect(rules.evaluate(firestoreRequest('archive/other'), data).allowed).toBe(false);
    expect(rules.evaluate(firestoreRequest('public/a/b/c/d'), data).allowed).toBe(true);
  });

  it('does not let a parent block grant access to its subcollections', () => {
    const decision = rules.evaluate(firestoreRequest('shops/keraniganj/owners/x'), data);
    expect(decision).toEqual({
      allowed: false,
      message:
        'Denied get on /databases/(default)/documents/shops/keraniganj/owners/x: No matching allow statements.',
    });
  });

  it('matches zero segments with {name=**} in rules_version 2 but not in version 1', () => {
    const body = `service cloud.firestore {
  match /databases/{database}/documents {
    match /cities/{city}/{rest=**} { allow read; }
  }
}`;
    const v2 = compileRules(`rules_version = '2';\n${body}`, 'v2.rules');
    const v1 = compileRules(body, 'v1.rules');
    expect(v2.evaluate(firestoreRequest('cities/dhaka'), data).allowed).toBe(true);
    expect(v1.evaluate(firestoreRequest('cities/dhaka'), data).allowed).toBe(false);
    expect(v1.evaluate(firestoreRequest('cities/dhaka/landmarks/l1'), data).allowed).toBe(true);
  });

  it('ORs the allows of every matching block', () => {
    const overlapping = compileRules(
      `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /items/{id} { allow read: if false; }
    match /{collection}/{id} { allow read: if collection == 'items'; }
  }
}`,
      'overlap.rules',
    );
    expect(overlapping.evaluate(firestoreRequest('items/i1'), data)).toEqual({ allowed: true, line: 5 });
  });

  it('matches list requests made on the collection path', () => {
    const listRules = compileRules(
      `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /products/{id} { allow list: if request.query.limit <= 20; }
  }
}`,
      'list.rules',
    );
    const list = (limit: number) =>
      listRules.evaluate(
        { ...firestoreRequest('products', { method: 'list' }), query: { limit, orderBy: ['name'] } },
        data,
      ).allowed;
    expect(list(20)).toBe(true);
    expect(list(50)).toBe(false);
  });
});

describe('methods', () => {
  const rules = compileRules(
    `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /readable/{id} { allow read; }
    match /writable/{id} { allow write; }
    match /split/{id} {
      allow get, create;
      allow update: if false;
    }
  }
}`,
    'methods.rules',
  );
  const decide = (path: string, method: 'get' | 'list' | 'create' | 'update' | 'delete') =>
    rules.evaluate(firestoreRequest(path, { method, requestData: method === 'delete' ? null : {} }), data)
      .allowed;

  it('lets read cover get and list, and write cover create, update and delete', () => {
    expect(
      ['get', 'list', 'create', 'update', 'delete'].map((m) => decide('readable/a', m as 'get')),
    ).toEqual([true, true, false, false, false]);
    expect(
      ['get', 'list', 'create', 'update', 'delete'].map((m) => decide('writable/a', m as 'get')),
    ).toEqual([false, false, true, true, true]);
  });

  it('grants only the listed methods and reports the line of the allow that said no', () => {
    expect(decide('split/a', 'get')).toBe(true);
    expect(decide('split/a', 'create')).toBe(true);
    expect(decide('split/a', 'delete')).toBe(false);
    expect(rules.evaluate(firestoreRequest('split/a', { method: 'update', requestData: {} }), data)).toEqual({
      allowed: false,
      line: 8,
      message: "Denied update on /databases/(default)/documents/split/a: false for 'update' @ L8",
    });
  });

  it('denies requests for another service', () => {
    const decision = rules.evaluate(
      {
        service: 'firebase.storage',
        path: '/b/bucket/o/readable/a',
        method: 'get',
        auth: null,
        time: '2026-11-21T00:00:00Z',
        resource: null,
        requestResource: null,
      },
      data,
    );
    expect(decision.allowed).toBe(false);
    expect(decision.message).toContain('the rules are for service cloud.firestore');
  });

  it('denies, without throwing, a request whose time cannot be read', () => {
    const decision = rules.evaluate({ ...firestoreRequest('readable/a'), time: 'yesterday' }, data);
    expect(decision.allowed).toBe(false);
    expect(decision.message).toContain('request.time "yesterday" is not an RFC 3339 timestamp');
  });
});
