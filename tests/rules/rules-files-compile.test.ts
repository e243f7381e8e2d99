/** The shop's own rules files (written by the rules-matrix owners) must always compile with this engine. */
import { describe, expect, it } from 'vitest';
import { InMemoryFirestore } from '../../emulators/src/rules/in-memory-firestore.js';
import {
  firestoreRequest,
  signedIn,
  storageObject,
  storageRequest,
} from '../../emulators/src/testing/rules-requests.js';
import { repoRules } from '../support/repo-rules.js';

describe("the repository's rules files", () => {
  it('compiles firestore.rules and answers a public product read and a customer order update', () => {
    const rules = repoRules('firestore.rules').rules;
    expect(rules.service).toBe('cloud.firestore');
    const data = new InMemoryFirestore();
    const product = { name: 'আমের আচার', price: 250, stock_quantity: 3, is_active: true };
    expect(rules.evaluate(firestoreRequest('products/p1', { resource: product }), data).allowed).toBe(true);
    const order = { user_id: 'c1', status: 'pending' };
    const update = firestoreRequest('orders/o1', {
      method: 'update',
      auth: signedIn('c1'),
      resource: order,
      requestData: { ...order, status: 'delivered' },
    });
    expect(rules.evaluate(update, data).allowed).toBe(false);
  });

  it('compiles storage.rules and keeps signed-out users from uploading', () => {
    const rules = repoRules('storage.rules').rules;
    expect(rules.service).toBe('firebase.storage');
    const upload = storageRequest('product-images/x.jpg', {
      method: 'create',
      requestResource: storageObject('product-images/x.jpg'),
    });
    expect(rules.evaluate(upload, new InMemoryFirestore()).allowed).toBe(false);
    expect(rules.evaluate(storageRequest('product-images/x.jpg'), new InMemoryFirestore()).allowed).toBe(
      true,
    );
  });
});
