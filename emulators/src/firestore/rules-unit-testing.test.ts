/**
 * The emulator as @firebase/rules-unit-testing drives it: rules loaded through the emulator API, contexts with
 * mock tokens and custom claims (over gRPC, as the SDK runs in Node), security rules disabled through the owner
 * token, clearFirestore(), and a ruleset with a syntax error that denies everything until it is fixed.
 */
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { setLogLevel } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from './server.js';
import { rawRequest } from '../testing/http.js';

const PROJECT = 'demo-rules-unit-testing';

const RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    function signedIn() { return request.auth != null; }
    function isAdmin() {
      return signedIn() && (request.auth.token.admin == true
        || get(/databases/$(database)/documents/roles/$(request.auth.uid)).data.role == 'admin');
    }
    match /roles/{uid} {
      allow read: if signedIn() && request.auth.uid == uid;
    }
    match /products/{id} {
      allow read: if true;
      allow create, update: if isAdmin()
        && request.resource.data.name is string
        && request.resource.data.price is number
        && request.resource.data.price > 0;
      allow delete: if isAdmin();
    }
    match /orders/{id} {
      allow create: if signedIn()
        && request.resource.data.user_id == request.auth.uid
        && request.resource.data.quantity is int
        && request.resource.data.quantity >= 1;
      allow read: if signedIn() && (resource.data.user_id == request.auth.uid || isAdmin());
    }
  }
}
`;

let emulator: FirestoreEmulator;
let env: RulesTestEnvironment;

beforeAll(async () => {
  setLogLevel('silent'); // denials are the expected outcome of half of these tests
  emulator = await startFirestoreEmulator({ port: 0 });
  env = await initializeTestEnvironment({
    projectId: PROJECT,
    firestore: { host: '127.0.0.1', port: emulator.port, rules: RULES },
  });
});

afterAll(async () => {
  await env?.cleanup();
  await emulator?.stop();
});

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await db.doc('roles/carol').set({ role: 'admin' });
    await db.doc('products/mango').set({ name: 'আমের আচার', price: 120 });
    await db.doc('orders/alice-1').set({ user_id: 'alice', quantity: 1 });
  });
});

describe('@firebase/rules-unit-testing against the emulator', () => {
  it('grants admin work through a custom claim or a roles document, and refuses everyone else', async () => {
    const claimAdmin = env.authenticatedContext('alice', { admin: true }).firestore();
    const roleAdmin = env.authenticatedContext('carol').firestore();
    const customer = env.authenticatedContext('bob').firestore();
    await assertSucceeds(claimAdmin.doc('products/lemon').set({ name: 'লেবুর আচার', price: 80 }));
    await assertSucceeds(roleAdmin.doc('products/olive').set({ name: 'জলপাইয়ের আচার', price: 150 }));
    await assertFails(customer.doc('products/chili').set({ name: 'মরিচের আচার', price: 100 }));
    await assertFails(customer.doc('products/mango').delete());
    await assertSucceeds(roleAdmin.doc('products/mango').delete());
  });

  it('validates request.resource.data on create and update', async () => {
    const admin = env.authenticatedContext('alice', { admin: true }).firestore();
    await assertFails(admin.doc('products/free').set({ name: 'free', price: 0 }));
    await assertFails(admin.doc('products/nameless').set({ price: 10 }));
    await assertFails(admin.doc('products/mango').update({ price: 'cheap' }));
    await assertSucceeds(admin.doc('products/mango').update({ price: 130 }));
    const bob = env.authenticatedContext('bob').firestore();
    await assertSucceeds(bob.doc('orders/bob-1').set({ user_id: 'bob', quantity: 2 }));
    await assertFails(bob.doc('orders/bob-2').set({ user_id: 'alice', quantity: 2 }));
    await assertFails(bob.doc('orders/bob-3').set({ user_id: 'bob', quantity: 0 }));
    await assertFails(bob.doc('orders/bob-4').set({ user_id: 'bob', quantity: 1.5 }));
  });

  it('lets visitors browse but not order, and keeps orders private to their owner and admins', async () => {
    const visitor = env.unauthenticatedContext().firestore();
    await assertSucceeds(visitor.collection('products').get());
    await assertFails(visitor.doc('orders/v-1').set({ user_id: 'nobody', quantity: 1 }));
    const bob = env.authenticatedContext('bob').firestore();
    await assertFails(bob.doc('orders/alice-1').get());
    await assertFails(bob.collection('orders').get());
    await assertSucceeds(env.authenticatedContext('alice').firestore().doc('orders/alice-1').get());
    await assertSucceeds(env.authenticatedContext('carol').firestore().collection('orders').get());
  });

  it('clears every document with clearFirestore()', async () => {
    await env.clearFirestore();
    await env.withSecurityRulesDisabled(async (context) => {
      const db = context.firestore();
      expect((await db.collection('products').get()).size).toBe(0);
      expect((await db.doc('roles/carol').get()).exists).toBe(false);
    });
  });

  it('reports a rules syntax error with file:line:column and denies everything until valid rules return', async () => {
    const broken = await rawRequest(emulator.port, 'PUT', `/emulator/v1/projects/${PROJECT}:securityRules`, {
      rules: {
        files: [
          { name: 'firestore.rules', content: RULES.replace('allow read: if true;', 'allow read: if ;') },
        ],
      },
    });
    expect(broken.status).toBe(400);
    expect((broken.body as { error: { message: string } }).error.message).toMatch(/firestore\.rules:\d+:\d+/);
    const visitor = env.unauthenticatedContext().firestore();
    await assertFails(visitor.collection('products').get());
    await assertFails(
      env.authenticatedContext('alice', { admin: true }).firestore().doc('products/mango').get(),
    );
    await env.withSecurityRulesDisabled(async (context) => {
      // The owner token still bypasses rules, as in the official emulator.
      expect((await context.firestore().doc('products/mango').get()).exists).toBe(true);
    });
    const fixed = await rawRequest(emulator.port, 'PUT', `/emulator/v1/projects/${PROJECT}:securityRules`, {
      rules: { files: [{ name: 'firestore.rules', content: RULES }] },
    });
    expect(fixed.status).toBe(200);
    await assertSucceeds(visitor.collection('products').get());
  });
});
