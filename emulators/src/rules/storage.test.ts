/**
 * Cloud Storage rules as this engine decides them: object metadata in request.resource/resource, path
 * bindings, and no cross-service get(). (The shop's own storage.rules are decided in tests/rules/.)
 */
import { describe, expect, it } from 'vitest';
import { InMemoryFirestore } from './in-memory-firestore.js';
import { compileRules } from './ruleset.js';
import { signedIn, storageObject, storageRequest } from '../testing/rules-requests.js';

const data = new InMemoryFirestore()
  .set('roles/admin1', { role: 'admin' })
  .set('roles/c1', { role: 'customer' });

describe('storage rules', () => {
  it('binds the bucket, the path segments and a recursive object path', () => {
    const binding = compileRules(
      `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /products/{productId}/{fileName} {
      allow create: if request.resource.name == 'products/' + productId + '/' + fileName
        && request.resource.bucket == bucket;
    }
    match /users/{uid}/{allPaths=**} {
      allow read, write: if request.auth != null && request.auth.uid == uid
        && (request.resource == null || request.resource.metadata.get('owner', '') == uid);
    }
  }
}`,
      'binding.rules',
    );
    const own = signedIn('u7');
    const write = (name: string, owner: string) =>
      binding.evaluate(
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
    expect(binding.evaluate(storageRequest('users/u7/a/b/c.txt', { auth: own }), data).allowed).toBe(true);
    const product = (info: Parameters<typeof storageObject>[1]) =>
      binding.evaluate(
        storageRequest('products/p1/front.jpg', {
          method: 'create',
          requestResource: storageObject('products/p1/front.jpg', info),
        }),
        data,
      ).allowed;
    expect(product({})).toBe(true);
    expect(product({ bucket: 'another-bucket' })).toBe(false);
    expect(product({ name: 'products/p2/front.jpg' })).toBe(false);
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

  describe('resource and request.resource fields, as the rules reference documents them', () => {
    const stored = storageObject('docs/a.txt', {
      contentType: 'text/plain',
      size: 4,
      md5Hash: 'md5==',
      crc32c: 'crc==',
      etag: 'etag1',
      generation: '1732000000000001',
      metageneration: '3',
      timeCreated: '2026-11-20T10:00:00Z',
      updated: '2026-11-20T11:00:00Z',
      contentDisposition: 'inline',
      metadata: { shade: 'green' },
    });
    const incoming = storageObject('docs/a.txt', { contentType: 'text/plain', size: 4, md5Hash: 'md5==' });
    function decide(condition: string, request: ReturnType<typeof storageRequest>): boolean {
      const fieldRules = compileRules(
        `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o/{path=**} {
    allow get, create, update, delete: if ${condition};
  }
}`,
        'fields.rules',
      );
      return fieldRules.evaluate(request, data).allowed;
    }
    const read = storageRequest(stored.name, { resource: stored });

    it('types every field of a stored object as production does (ints, timestamps, strings, a string map)', () => {
      const typed = [
        'resource.name is string',
        'resource.bucket is string',
        'resource.generation is int',
        'resource.metageneration is int',
        'resource.size is int',
        'resource.timeCreated is timestamp',
        'resource.updated is timestamp',
        'resource.md5Hash is string',
        'resource.crc32c is string',
        'resource.etag is string',
        'resource.contentType is string',
        'resource.contentDisposition is string',
        'resource.metadata is map',
      ];
      for (const condition of typed) expect([condition, decide(condition, read)]).toEqual([condition, true]);
      expect(
        decide(
          `resource.generation == 1732000000000001 && resource.metageneration == 3 && resource.size == 4
            && resource.updated > resource.timeCreated && resource.etag == 'etag1'
            && resource.metadata.shade == 'green'`,
          read,
        ),
      ).toBe(true);
    });

    it('leaves out of request.resource what only the server assigns: generation, metageneration, etag, timeCreated, updated', () => {
      const create = storageRequest(stored.name, { method: 'create', requestResource: incoming });
      expect(decide(`request.resource.size == 4 && request.resource.md5Hash == 'md5=='`, create)).toBe(true);
      for (const field of ['generation', 'metageneration', 'etag', 'timeCreated', 'updated']) {
        expect([field, decide(`!('${field}' in request.resource)`, create)]).toEqual([field, true]);
        const reading = decide(`request.resource.${field} != null`, create);
        expect([field, reading]).toEqual([field, false]);
      }
      // The stored object keeps them on an update.
      const update = storageRequest(stored.name, {
        method: 'update',
        resource: stored,
        requestResource: incoming,
      });
      expect(decide("resource.generation > 0 && !('generation' in request.resource)", update)).toBe(true);
    });

    it('has no cacheControl field: it is not one of the documented fields', () => {
      const withCache = storageObject('docs/a.txt', { cacheControl: 'no-store' });
      expect(
        decide("!('cacheControl' in resource)", storageRequest(withCache.name, { resource: withCache })),
      ).toBe(true);
    });
  });

  it('gives request.path relative to the service, request.time as a timestamp and the token claims', () => {
    const requestRules = compileRules(
      `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o/{allPaths=**} {
    allow get: if request.path[0] == 'b' && request.path[1] == bucket && request.path[2] == 'o'
      && request.path[3] == 'dir' && request.path[5] == 'image.png'
      && request.path == path('/b/' + bucket + '/o/dir/sub/image.png')
      && request.time is timestamp && request.time > timestamp.value(1795242600123)
      && request.time < timestamp.value(1795242600124)
      && request.auth.uid == 'u7' && request.auth.token.email_verified == true
      && request.auth.token.firebase.sign_in_provider == 'password' && request.auth.token.role == 'admin';
  }
}`,
      'request.rules',
    );
    const get = (name: string, auth = signedIn('u7', { role: 'admin' })) =>
      requestRules.evaluate(storageRequest(name, { auth }), data).allowed;
    expect(get('dir/sub/image.png')).toBe(true);
    expect(get('dir/sub/other.png')).toBe(false);
    expect(get('dir/sub/image.png', signedIn('u7'))).toBe(false);
  });

  describe('list rules match the objects of the listed folder', () => {
    const listRules = compileRules(
      `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /users/{uid}/{file} {
      allow list: if request.auth != null && request.auth.uid == uid && resource == null;
    }
    match /exact {
      allow list;
    }
    match /open/{allPaths=**} {
      allow list;
    }
  }
}`,
      'list.rules',
    );
    const list = (folder: string, auth: ReturnType<typeof signedIn> | null = null) =>
      listRules.evaluate(storageRequest(folder, { method: 'list', auth }), data).allowed;

    it('lets match /folder/{file} allow listing folder/, for that folder only', () => {
      expect(list('users/u7', signedIn('u7'))).toBe(true);
      expect(list('users/u7', signedIn('u8'))).toBe(false);
      expect(list('users/u7', null)).toBe(false);
      expect(list('users/u7/deeper', signedIn('u7'))).toBe(false);
      expect(list('users', signedIn('u7'))).toBe(false);
    });

    it("does not let a match on the folder's own path allow listing it", () => {
      expect(list('exact')).toBe(false);
    });

    it('lets a recursive wildcard allow listing its folder and every folder below it', () => {
      expect(list('open')).toBe(true);
      expect(list('open/a/b')).toBe(true);
      expect(list('')).toBe(false);
    });
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
    const firestoreRequestToStorageRules = plainGet.evaluate(
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
    expect(firestoreRequestToStorageRules).toEqual({
      allowed: false,
      message:
        'Denied get on /databases/(default)/documents/products/p1: the rules are for service firebase.storage.',
    });
  });
});
