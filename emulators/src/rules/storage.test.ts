/** Cloud Storage rules: object metadata in request.resource/resource and cross-service firestore.get(). */
import { describe, expect, it } from 'vitest';
import { InMemoryFirestore } from './in-memory-firestore.js';
import { compileRules } from './ruleset.js';
import { signedIn, storageObject, storageRequest } from './rules-test-kit.js';

const rules = compileRules(
  `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    function isAdmin() {
      return request.auth != null
        && firestore.exists(/databases/(default)/documents/roles/$(request.auth.uid))
        && firestore.get(/databases/(default)/documents/roles/$(request.auth.uid)).data.role == 'admin';
    }
    match /products/{productId}/{fileName} {
      allow read;
      allow create, update: if isAdmin()
        && request.resource.size < 5 * 1024 * 1024
        && request.resource.contentType.matches('image/.*')
        && request.resource.name == 'products/' + productId + '/' + fileName
        && request.resource.bucket == bucket;
      allow delete: if isAdmin();
    }
    match /users/{uid}/{allPaths=**} {
      allow read, write: if request.auth != null && request.auth.uid == uid
        && (request.resource == null || request.resource.metadata.get('owner', '') == uid);
    }
  }
}`,
  'storage.rules',
);

const data = new InMemoryFirestore()
  .set('roles/admin1', { role: 'admin' })
  .set('roles/c1', { role: 'customer' });
const admin = signedIn('admin1');

function upload(name: string, info: Parameters<typeof storageObject>[1], auth = admin) {
  return storageRequest(name, { method: 'create', auth, requestResource: storageObject(name, info) });
}

describe('storage rules', () => {
  it('lets anyone read product images', () => {
    expect(rules.evaluate(storageRequest('products/p1/front.jpg'), data).allowed).toBe(true);
  });

  it('lets an admin (found through firestore.get) upload an image under 5 MB', () => {
    expect(rules.evaluate(upload('products/p1/front.jpg', { size: 200_000 }), data)).toEqual({
      allowed: true,
      line: 11,
    });
  });

  it('refuses files of 5 MB or more, non-images and non-admins', () => {
    expect(rules.evaluate(upload('products/p1/front.jpg', { size: 5 * 1024 * 1024 }), data).allowed).toBe(
      false,
    );
    expect(
      rules.evaluate(upload('products/p1/list.pdf', { contentType: 'application/pdf' }), data).allowed,
    ).toBe(false);
    expect(rules.evaluate(upload('products/p1/front.jpg', {}, signedIn('c1')), data).allowed).toBe(false);
    expect(rules.evaluate(upload('products/p1/front.jpg', {}, signedIn('nobody')), data).allowed).toBe(false);
  });

  it('binds the bucket and a recursive object path', () => {
    const own = signedIn('u7');
    const write = (name: string, owner: string) =>
      rules.evaluate(
        storageRequest(name, {
          method: 'create',
          auth: own,
          requestResource: storageObject(name, { metadata: { owner } }),
        }),
        data,
      ).allowed;
    expect(write('users/u7/avatars/2026/me.png', 'u7')).toBe(true);
    expect(write('users/u7/avatars/2026/me.png', 'u8')).toBe(false);
    expect(write('users/u8/me.png', 'u7')).toBe(false);
    expect(rules.evaluate(storageRequest('users/u7/a/b/c.txt', { auth: own }), data).allowed).toBe(true);
  });

  it('exposes the stored object as resource for deletes', () => {
    const stored = storageObject('products/p1/front.jpg', {
      md5Hash: 'abc==',
      timeCreated: '2026-11-20T10:00:00Z',
      generation: '17',
    });
    const inspect = compileRules(
      `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o/{path=**} {
    allow delete: if resource.size == 1024 && resource.contentType == 'image/jpeg' && resource.md5Hash == 'abc=='
      && resource.timeCreated < request.time && resource.generation == 17 && resource.metadata.size() == 0
      && path == /products/p1/front.jpg;
  }
}`,
      'inspect.rules',
    );
    expect(
      inspect.evaluate(storageRequest(stored.name, { method: 'delete', resource: stored }), data).allowed,
    ).toBe(true);
  });

  it('has no Firestore get() of its own and denies Firestore requests', () => {
    const plainGet = compileRules(
      `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o/{path=**} { allow read: if get(/databases/(default)/documents/roles/x) == null; }
}`,
      'plain-get.rules',
    );
    expect(plainGet.evaluate(storageRequest('a.txt'), data).message).toContain(
      'Function not found error: Name: [get]',
    );
    const firestoreRequestToStorageRules = rules.evaluate(
      {
        service: 'cloud.firestore',
        path: '/databases/(default)/documents/products/p1',
        method: 'get',
        auth: null,
        time: '2026-11-21T00:00:00Z',
        resource: null,
        requestResource: null,
      },
      data,
    );
    expect(firestoreRequestToStorageRules.allowed).toBe(false);
  });
});
