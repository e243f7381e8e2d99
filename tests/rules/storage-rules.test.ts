import { assertFails, assertSucceeds, type RulesTestContext } from '@firebase/rules-unit-testing';
import { doc, setDoc, type Firestore } from 'firebase/firestore';
import {
  deleteObject,
  getBytes,
  getMetadata,
  list,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  type FirebaseStorage,
} from 'firebase/storage';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFirestoreRulesEnv } from '../support/firestore-rules-env';

const rules = useFirestoreRulesEnv({ storage: true });

const MB = 1024 * 1024;
const image = (bytes: number) => new Uint8Array(bytes).fill(7);
const imagePath = 'product-images/k3j9x2-1763700000000.webp';

const storageOf = (context: RulesTestContext) => context.storage() as unknown as FirebaseStorage;
const anonymous = () => storageOf(rules.env().unauthenticatedContext());
const customer = () => storageOf(rules.env().authenticatedContext('alice'));
const verified = { email: 'admin@achar.test', email_verified: true };
const admin = () => storageOf(rules.env().authenticatedContext('admin', verified));
/** The admin's uid, so its role record, but an e-mail not verified: rules treat it as a customer. */
const unverifiedAdmin = () =>
  storageOf(rules.env().authenticatedContext('admin', { ...verified, email_verified: false }));

beforeEach(async () => {
  const env = rules.env();
  await env.clearFirestore();
  await env.clearStorage();
  await env.withSecurityRulesDisabled(async (context) => {
    // Storage rules ask Firestore who is an admin.
    await setDoc(doc(context.firestore() as unknown as Firestore, 'roles/admin'), {
      user_id: 'admin',
      role: 'admin',
    });
    await uploadBytes(ref(storageOf(context), imagePath), image(2048), { contentType: 'image/webp' });
  });
});

describe('product images', () => {
  it('anyone, signed in or not, sees a product image', async () => {
    await assertSucceeds(getBytes(ref(anonymous(), imagePath)));
    await assertSucceeds(getMetadata(ref(customer(), imagePath)));
  });

  it('a customer or a visitor cannot upload an image', async () => {
    await assertFails(
      uploadBytes(ref(customer(), 'product-images/mine.jpg'), image(1024), { contentType: 'image/jpeg' }),
    );
    await assertFails(
      uploadBytes(ref(anonymous(), 'product-images/mine.jpg'), image(1024), { contentType: 'image/jpeg' }),
    );
  });

  it('an admin uploads an image just under 5 MB', async () => {
    await assertSucceeds(
      uploadBytes(ref(admin(), 'product-images/abc123-1763700000001.png'), image(1024), {
        contentType: 'image/png',
      }),
    );
    await assertSucceeds(
      uploadBytes(ref(admin(), 'product-images/abc124-1763700000002.jpg'), image(5 * MB - 1), {
        contentType: 'image/jpeg',
      }),
    );
  });

  it('an upload of 5 MB or more is refused, even for an admin', async () => {
    await assertFails(
      uploadBytes(ref(admin(), 'product-images/big-1763700000003.jpg'), image(5 * MB), {
        contentType: 'image/jpeg',
      }),
    );
  });

  it('a file that is not an image is refused, even for an admin', async () => {
    await assertFails(
      uploadBytes(ref(admin(), 'product-images/notes-1763700000004.txt'), image(100), {
        contentType: 'text/plain',
      }),
    );
    await assertFails(
      uploadBytes(ref(admin(), 'product-images/page-1763700000005.html'), image(100), {
        contentType: 'text/html',
      }),
    );
  });

  it('an SVG or another image type outside the allow-list is refused, even for an admin, over an existing image', async () => {
    for (const contentType of ['image/svg+xml', 'image/x-icon', 'image/tiff', 'image/jpeg; charset=x']) {
      await assertFails(uploadBytes(ref(admin(), imagePath), image(100), { contentType }));
    }
    await assertFails(
      uploadBytes(ref(admin(), 'product-images/logo-1763700000006.svg'), image(100), {
        contentType: 'image/svg+xml',
      }),
    );
    // The image that was there is untouched.
    expect((await getMetadata(ref(anonymous(), imagePath))).contentType).toBe('image/webp');
  });

  it('an admin uploads each allowed type: JPEG, PNG, WebP, AVIF and GIF', async () => {
    for (const [index, contentType] of [
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/avif',
      'image/gif',
    ].entries()) {
      await assertSucceeds(
        uploadBytes(ref(admin(), `product-images/jar-${1763700000100 + index}`), image(100), { contentType }),
      );
    }
  });

  it('an admin cannot upload outside product-images, nor into sub-folders', async () => {
    await assertFails(uploadBytes(ref(admin(), 'other/file.jpg'), image(100), { contentType: 'image/jpeg' }));
    await assertFails(
      uploadBytes(ref(admin(), 'product-images/a/b.jpg'), image(100), { contentType: 'image/jpeg' }),
    );
  });

  it('only an admin deletes an image', async () => {
    await assertFails(deleteObject(ref(customer(), imagePath)));
    await assertFails(deleteObject(ref(anonymous(), imagePath)));
    await assertSucceeds(deleteObject(ref(admin(), imagePath)));
  });

  it('nobody lists the photos, not even an admin: a photo is seen only by one who knows its name', async () => {
    for (const storage of [anonymous(), customer(), admin()]) {
      await assertFails(listAll(ref(storage, 'product-images')));
      await assertFails(list(ref(storage, 'product-images'), { maxResults: 10 }));
      await assertFails(list(ref(storage, 'product-images/resized'), { maxResults: 10 }));
    }
    await assertSucceeds(getBytes(ref(anonymous(), imagePath)));
  });

  it('a photo is never overwritten, not even by an admin with a valid photo: a new one gets a new name', async () => {
    await assertFails(uploadBytes(ref(admin(), imagePath), image(4096), { contentType: 'image/webp' }));
    await assertFails(updateMetadata(ref(admin(), imagePath), { cacheControl: 'no-store' }));
    const stored = await getMetadata(ref(anonymous(), imagePath));
    expect(stored.size).toBe(2048);
    await assertSucceeds(
      uploadBytes(ref(admin(), 'product-images/k3j9x3-1763700000007.webp'), image(4096), {
        contentType: 'image/webp',
      }),
    );
  });

  it('an admin whose e-mail is not verified uploads and deletes nothing', async () => {
    await assertFails(
      uploadBytes(ref(unverifiedAdmin(), 'product-images/q1-1763700000008.jpg'), image(100), {
        contentType: 'image/jpeg',
      }),
    );
    await assertFails(deleteObject(ref(unverifiedAdmin(), imagePath)));
    await assertSucceeds(getMetadata(ref(anonymous(), imagePath)));
  });
});
