/** get(), exists(), getAfter(), existsAfter() and production's limits on document access. */
import { describe, expect, it } from 'vitest';
import { InMemoryFirestore } from './in-memory-firestore.js';
import { BATCH_DOCUMENT_ACCESS_LIMIT, compileRules } from './ruleset.js';
import { firestoreRequest, signedIn } from '../testing/rules-requests.js';

const rules = compileRules(
  `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function doc(id) { return /databases/$(database)/documents/docs/$(id); }
    match /reads/{count} {
      // Reads documents docs/0 … docs/(count-1) (docs/(n-1) twice), four per call to stay under the call-depth limit.
      function ok(i) { return get(doc(string(i))).data.ok; }
      function readAll(n) {
        return n <= 0 || exists(doc(string(n - 1))) && ok(n - 1) && (n < 2 || ok(n - 2)) && (n < 3 || ok(n - 3))
          && (n < 4 || ok(n - 4)) && readAll(n - 4);
      }
      allow get: if readAll(int(count));
    }
    match /orders/{orderId} {
      allow create: if getAfter(/databases/$(database)/documents/stock/$(request.resource.data.product)).data.quantity >= 0
        && existsAfter(/databases/$(database)/documents/orders/$(orderId));
      allow delete: if !existsAfter(/databases/$(database)/documents/orders/$(orderId));
    }
    match /profiles/{uid} {
      allow get: if get(/databases/$(database)/documents/users/$(uid)).data.name == 'Rahim'
        && get(/databases/$(database)/documents/users/$(uid)).__name__ == /databases/(default)/documents/users/$(uid)
        && get(/databases/$(database)/documents/users/$(uid)).id == uid;
    }
    match /bad/{id} {
      allow get: if exists(/databases/$(database)/documents/docs);
    }
  }
}`,
  'access.rules',
);

function storeWithDocs(count: number): InMemoryFirestore {
  const data = new InMemoryFirestore();
  for (let i = 0; i < count; i++) data.set(`docs/${i}`, { ok: true });
  return data;
}

describe('document access', () => {
  it('returns the document with data, id and __name__', () => {
    const data = new InMemoryFirestore().set('users/u1', { name: 'Rahim' });
    expect(rules.evaluate(firestoreRequest('profiles/u1'), data)).toEqual({ allowed: true, line: 20 });
    expect(rules.evaluate(firestoreRequest('profiles/u2'), data).allowed).toBe(false);
  });

  it('counts each document once however often the rules read it', () => {
    const data = storeWithDocs(10);
    expect(rules.evaluate(firestoreRequest('reads/10'), data).allowed).toBe(true);
    // exists() and get() of the same document share one read.
    expect(data.reads.filter((p) => p.endsWith('/docs/3'))).toEqual([
      '/databases/(default)/documents/docs/3',
    ]);
  });

  it('denies the 11th distinct document of a single-document request', () => {
    const decision = rules.evaluate(firestoreRequest('reads/11'), storeWithDocs(11));
    expect(decision.allowed).toBe(false);
    expect(decision.message).toContain('Exceeded maximum of 10 document access calls');
  });

  it('allows 20 documents when the caller sets the batch limit, and not 21', () => {
    const options = { documentAccessLimit: BATCH_DOCUMENT_ACCESS_LIMIT };
    expect(rules.evaluate(firestoreRequest('reads/20'), storeWithDocs(20), options).allowed).toBe(true);
    expect(rules.evaluate(firestoreRequest('reads/21'), storeWithDocs(21), options).allowed).toBe(false);
  });

  it('shares one budget across the evaluations of a batch through documentAccessLog', () => {
    const data = storeWithDocs(20);
    const batch = { documentAccessLimit: BATCH_DOCUMENT_ACCESS_LIMIT, documentAccessLog: new Set<string>() };
    expect(rules.evaluate(firestoreRequest('reads/10'), data, batch).allowed).toBe(true);
    expect(rules.evaluate(firestoreRequest('reads/10'), data, batch).allowed).toBe(true); // same 10 documents
    expect(rules.evaluate(firestoreRequest('reads/20'), data, batch).allowed).toBe(true); // 10 more: 20 in all
    expect(batch.documentAccessLog.size).toBe(20);
  });

  it('reads the state after the batch with getAfter() and existsAfter()', () => {
    const data = new InMemoryFirestore()
      .set('stock/mango', { quantity: 3 })
      .setAfter('stock/mango', { quantity: 2 })
      .setAfter('orders/o1', { product: 'mango' });
    const create = firestoreRequest('orders/o1', {
      method: 'create',
      auth: signedIn('u1'),
      requestData: { product: 'mango' },
    });
    expect(rules.evaluate(create, data).allowed).toBe(true);
    data.setAfter('stock/mango', { quantity: -1 });
    expect(rules.evaluate(create, data).allowed).toBe(false);

    const existing = new InMemoryFirestore().set('orders/o2', { product: 'lime' });
    const del = firestoreRequest('orders/o2', { method: 'delete', resource: { product: 'lime' } });
    expect(rules.evaluate(del, existing).allowed).toBe(false); // getAfter defaults to the current state
    existing.setAfter('orders/o2', null);
    expect(rules.evaluate(del, existing).allowed).toBe(true);
  });

  it('denies a get() of something that is not a document path', () => {
    const decision = rules.evaluate(firestoreRequest('bad/x'), new InMemoryFirestore());
    expect(decision.allowed).toBe(false);
    expect(decision.message).toContain('Invalid document path /databases/(default)/documents/docs');
  });
});
