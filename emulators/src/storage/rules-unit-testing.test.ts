/**
 * @firebase/rules-unit-testing against the emulator: it uploads rules with PUT /internal/setRules, signs users
 * in with mock tokens and clears storage as the owner. The rules here are real rules text, compiled by the
 * project's rules engine, with firestore.get() answered from a small in-memory roles table.
 */
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { getBytes, listAll, ref, uploadBytes, type FirebaseStorage } from 'firebase/storage';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentJson } from '../firestore/types.js';
import { startStorageEmulator, type StorageEmulator } from './server.js';

const PROJECT = 'demo-project';
const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /product-images/{image} {
      allow read: if true;
      allow write: if request.auth != null
        && firestore.get(/databases/(default)/documents/roles/$(request.auth.uid)).data.role == 'admin'
        && request.resource.size < 1024
        && request.resource.contentType.matches('image/.*');
    }
  }
}`;

describe('rules-unit-testing against the storage emulator', () => {
  let emulator: StorageEmulator;
  let env: RulesTestEnvironment;
  const roles: Record<string, DocumentJson> = {
    '/databases/(default)/documents/roles/boss': {
      name: `projects/${PROJECT}/databases/(default)/documents/roles/boss`,
      fields: { role: { stringValue: 'admin' } },
    },
  };
  const storageOf = (context: { storage(): unknown }) => context.storage() as FirebaseStorage;

  beforeAll(async () => {
    emulator = await startStorageEmulator({
      host: '127.0.0.1',
      port: 0,
      projectId: PROJECT,
      // Rules uploaded by the test environment replace these.
      rules: () => null,
      firestoreData: { get: (path) => roles[path] ?? null, getAfter: (path) => roles[path] ?? null },
    });
    env = await initializeTestEnvironment({
      projectId: PROJECT,
      storage: { host: '127.0.0.1', port: emulator.port, rules: RULES },
    });
  });
  afterAll(async () => {
    await env?.cleanup();
    await emulator.stop();
  });
  beforeEach(() => env.clearStorage());

  it('enforces uploaded rules: admins may upload small images, others may not', async () => {
    const admin = storageOf(env.authenticatedContext('boss'));
    const customer = storageOf(env.authenticatedContext('alice'));
    await assertSucceeds(
      uploadBytes(ref(admin, 'product-images/a.png'), new Uint8Array(10), { contentType: 'image/png' }),
    );
    await assertFails(
      uploadBytes(ref(customer, 'product-images/b.png'), new Uint8Array(10), { contentType: 'image/png' }),
    );
    await assertFails(
      uploadBytes(ref(admin, 'product-images/c.png'), new Uint8Array(2048), { contentType: 'image/png' }),
    );
    await assertFails(
      uploadBytes(ref(admin, 'product-images/d.txt'), new Uint8Array(10), { contentType: 'text/plain' }),
    );
    await assertSucceeds(getBytes(ref(storageOf(env.unauthenticatedContext()), 'product-images/a.png')));
  });

  it('clears storage and bypasses rules for setup through withSecurityRulesDisabled', async () => {
    await env.withSecurityRulesDisabled(async (context) => {
      await uploadBytes(ref(storageOf(context), 'ledger.bin'), new Uint8Array(5000));
    });
    await assertFails(getBytes(ref(storageOf(env.authenticatedContext('boss')), 'ledger.bin')));
    // clearStorage deletes what listAll() of the root returns: the top-level objects.
    await env.clearStorage();
    await env.withSecurityRulesDisabled(async (context) => {
      expect((await listAll(ref(storageOf(context)))).items).toEqual([]);
    });
  });

  it('reports rules that do not compile, and then denies everything', async () => {
    const response = await fetch(`${emulator.url}/internal/setRules`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        rules: { files: [{ name: 'storage.rules', content: 'service firebase.storage { match' }] },
      }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { message: string; issues: unknown[] } };
    expect(body.error.message).toMatch(/^storage\.rules:1:\d+: /);
    expect(body.error.issues.length).toBeGreaterThan(0);
    await assertFails(getBytes(ref(storageOf(env.unauthenticatedContext()), 'product-images/a.png')));

    const bad = await fetch(`${emulator.url}/internal/setRules`, { method: 'PUT', body: '{"rules": {}}' });
    expect(bad.status).toBe(400);
    await fetch(`${emulator.url}/internal/setRules`, {
      method: 'PUT',
      body: JSON.stringify({ rules: { files: [{ name: 'storage.rules', content: RULES }] } }),
    });
    const admin = storageOf(env.authenticatedContext('boss'));
    await assertSucceeds(
      uploadBytes(ref(admin, 'product-images/e.png'), new Uint8Array(1), { contentType: 'image/png' }),
    );
    await assertSucceeds(getBytes(ref(storageOf(env.unauthenticatedContext()), 'product-images/e.png')));
  });
});
