/**
 * The shop's storage.rules as the emulators' rules engine decides them: product images public to read, written
 * and deleted by admins only, within the size and type limits. Each decision is checked with its allow line.
 */
import { describe, expect, it } from 'vitest';
import { InMemoryFirestore } from '../../emulators/src/rules/in-memory-firestore.js';
import { signedIn, storageObject, storageRequest } from '../../emulators/src/testing/rules-requests.js';
import { countedRepoRules } from '../support/repo-rules.js';

const { rules, lineOf } = countedRepoRules('storage.rules');
const imageRead = lineOf('allow get: if true;');
const imageWrite = lineOf('allow create: if isAdmin()');
const imageDelete = lineOf('allow delete: if isAdmin();');
const sizeDelete = lineOf('allow delete: if isAdmin();', 'match /product-images/resized/{sizeName}');

const data = new InMemoryFirestore()
  .set('roles/admin1', { role: 'admin' })
  .set('roles/c1', { role: 'customer' });
const admin = signedIn('admin1');

type Caller = ReturnType<typeof signedIn> | null;

function upload(name: string, info: Parameters<typeof storageObject>[1], auth: Caller = admin) {
  return storageRequest(name, { method: 'create', auth, requestResource: storageObject(name, info) });
}

const deniedCreate = (name: string) => ({
  allowed: false,
  line: imageWrite,
  message: `Denied create on /b/demo-project.appspot.com/o/${name}: false for 'create' @ L${imageWrite}`,
});

describe("the shop's storage.rules", () => {
  it('lets anyone read product images', () => {
    expect(rules.evaluate(storageRequest('product-images/mango-1.webp'), data)).toEqual({
      allowed: true,
      line: imageRead,
    });
  });

  it('lets an admin (found through firestore.get) upload a photo under 5 MB', () => {
    for (const contentType of ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']) {
      expect([
        contentType,
        rules.evaluate(upload('product-images/p1.img', { size: 200_000, contentType }), data),
      ]).toEqual([contentType, { allowed: true, line: imageWrite }]);
    }
  });

  it('refuses files of 5 MB or more, SVGs and other non-photos, and non-admins', () => {
    const name = 'product-images/p1.jpg';
    expect(rules.evaluate(upload(name, { size: 5 * 1024 * 1024 }), data)).toEqual(deniedCreate(name));
    expect(rules.evaluate(upload(name, { contentType: 'image/svg+xml' }), data)).toEqual(deniedCreate(name));
    expect(rules.evaluate(upload(name, { contentType: 'application/pdf' }), data)).toEqual(
      deniedCreate(name),
    );
    expect(rules.evaluate(upload(name, {}, signedIn('c1')), data)).toEqual(deniedCreate(name));
    expect(rules.evaluate(upload(name, {}, signedIn('nobody')), data)).toEqual(deniedCreate(name));
    expect(rules.evaluate(upload(name, {}, null), data)).toEqual(deniedCreate(name));
  });

  it('lets only an admin delete a photo, and nobody write below product-images/ or outside it', () => {
    const remove = (auth: Caller) =>
      rules.evaluate(
        storageRequest('product-images/p1.jpg', {
          method: 'delete',
          auth,
          resource: storageObject('product-images/p1.jpg'),
        }),
        data,
      );
    expect(remove(admin)).toEqual({ allowed: true, line: imageDelete });
    expect([remove(signedIn('c1')).allowed, remove(null).allowed]).toEqual([false, false]);
    expect(rules.evaluate(upload('product-images/nested/p1.jpg', {}), data)).toEqual({
      allowed: false,
      message:
        'Denied create on /b/demo-project.appspot.com/o/product-images/nested/p1.jpg: No matching allow statements.',
    });
    expect(rules.evaluate(upload('avatars/p1.jpg', {}), data).allowed).toBe(false);
    expect(rules.evaluate(storageRequest('avatars/p1.jpg'), data).allowed).toBe(false);
  });

  it("lets anyone read a photo's phone sizes, only an admin delete them, and no browser write them", () => {
    const size = 'product-images/resized/p1_640w.webp';
    expect(rules.evaluate(storageRequest(size), data)).toEqual({ allowed: true, line: imageRead });
    const remove = (auth: Caller) =>
      rules.evaluate(storageRequest(size, { method: 'delete', auth, resource: storageObject(size) }), data);
    expect(remove(admin)).toEqual({ allowed: true, line: sizeDelete });
    expect([remove(signedIn('c1')).allowed, remove(null).allowed]).toEqual([false, false]);
    expect(rules.evaluate(upload(size, { contentType: 'image/webp' }), data).allowed).toBe(false);
  });
});
