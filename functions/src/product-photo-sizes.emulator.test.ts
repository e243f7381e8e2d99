// The photo sizes against the repo's Firestore and Storage emulators, in-process: the handlers the Storage and
// Firestore triggers call, in both orders of the race between the upload and the product's save.
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import sharp from 'sharp';
import { logger } from 'firebase-functions';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readProjectConfig, startOfflineEmulators, type OfflineEmulators } from '../../emulators/src/index';
import {
  productPhotoSizePath,
  productPhotoSizePaths,
} from '../../src/features/ordering/model/product-photo-sizes';
import {
  deleteProductPhotoSizes,
  markProductPhotoSized,
  MAX_PHOTO_PIXELS,
  resizeProductPhoto,
} from './product-photo-sizes';

const PROJECT_ID = 'demo-achar-shop';
let emulators: OfflineEmulators;
let app: App;
let db: Firestore;
const bucket = () => getStorage(app).bucket();

beforeAll(async () => {
  emulators = await startOfflineEmulators({
    config: readProjectConfig(new URL('../..', import.meta.url).pathname),
    ports: { firestore: 0, storage: 0 },
  });
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${emulators.firestore.port}`;
  process.env.FIREBASE_STORAGE_EMULATOR_HOST = `127.0.0.1:${emulators.storage.port}`;
  process.env.STORAGE_EMULATOR_HOST = `http://127.0.0.1:${emulators.storage.port}`;
  app = initializeApp(
    { projectId: PROJECT_ID, storageBucket: `${PROJECT_ID}.appspot.com` },
    'photo-sizes-test',
  );
  db = getFirestore(app);
});

afterAll(async () => {
  if (app) await deleteApp(app);
  await emulators?.stop();
});

beforeEach(async () => {
  const [files] = await bucket().getFiles({ prefix: 'product-images/' });
  await Promise.all(files.map((file) => file.delete({ ignoreNotFound: true })));
  const products = await db.collection('products').get();
  await Promise.all(products.docs.map((doc) => doc.ref.delete()));
});

/** A 1200 × 900 JPEG, as a phone camera (resized by the dialog or not) might send. */
const cameraPhoto = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 120, b: 30 } } })
    .jpeg()
    .toBuffer();

async function upload(path: string, bytes: Buffer, contentType = 'image/jpeg') {
  await bucket().file(path).save(bytes, { resumable: false, contentType });
  return { name: path, contentType };
}

async function stored(path: string) {
  const [exists] = await bucket().file(path).exists();
  if (!exists) return null;
  const [bytes] = await bucket().file(path).download();
  const [metadata] = await bucket().file(path).getMetadata();
  return { meta: await sharp(bytes).metadata(), contentType: metadata.contentType, size: bytes.length };
}

const product = (image_path: string | null) => ({
  name: 'লেবুর আচার',
  price: 160,
  stock_quantity: 5,
  is_active: true,
  image_url: image_path && `http://x/o/${encodeURIComponent(image_path)}?alt=media`,
  image_path,
});

describe('resizeProductPhoto', () => {
  it('stores 320, 640 and 960 px wide WebP copies of an uploaded photo and marks its product', async () => {
    const path = 'product-images/abc-1.jpg';
    await db.doc('products/lemon').set(product(path));
    expect(await resizeProductPhoto(bucket(), db, await upload(path, await cameraPhoto()))).toBe('resized');

    const sizes = await Promise.all(productPhotoSizePaths(path).map(stored));
    expect(
      sizes.map((size) => [size?.meta.width, size?.meta.height, size?.meta.format, size?.contentType]),
    ).toEqual([
      [320, 240, 'webp', 'image/webp'],
      [640, 480, 'webp', 'image/webp'],
      [960, 720, 'webp', 'image/webp'],
    ]);
    expect((await db.doc('products/lemon').get()).get('image_sized_path')).toBe(path);
  });

  it('makes the sizes once: a second delivery of the upload only marks a product still unmarked', async () => {
    const path = 'product-images/twice.jpg';
    const event = await upload(path, await cameraPhoto());
    expect(await resizeProductPhoto(bucket(), db, event)).toBe('resized');
    const [before] = await bucket().file(productPhotoSizePath(path, 640)).getMetadata();
    await db.doc('products/lime').set(product(path));

    expect(await resizeProductPhoto(bucket(), db, event)).toBe('already-resized');
    const [after] = await bucket().file(productPhotoSizePath(path, 640)).getMetadata();
    expect(after.generation).toBe(before.generation);
    expect((await db.doc('products/lime').get()).get('image_sized_path')).toBe(path);
  });

  it('never enlarges a small photo', async () => {
    const small = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await resizeProductPhoto(bucket(), db, await upload('product-images/small.png', small, 'image/png'));
    const widths = await Promise.all(
      productPhotoSizePaths('product-images/small.png').map(async (p) => (await stored(p))?.meta.width),
    );
    expect(widths).toEqual([320, 500, 500]);
  });

  it('leaves its own outputs and other objects alone, so it does not trigger itself again', async () => {
    const photo = await cameraPhoto();
    expect(
      await resizeProductPhoto(bucket(), db, await upload('product-images/resized/abc-1_320w.webp', photo)),
    ).toBe('not-a-product-photo');
    expect(await resizeProductPhoto(bucket(), db, await upload('avatars/me.jpg', photo))).toBe(
      'not-a-product-photo',
    );
    expect(
      await resizeProductPhoto(
        bucket(),
        db,
        await upload('product-images/notes.txt', Buffer.from('hi'), 'text/plain'),
      ),
    ).toBe('not-an-image');
    const [files] = await bucket().getFiles({ prefix: 'product-images/resized/' });
    expect(files.map((file) => file.name)).toEqual(['product-images/resized/abc-1_320w.webp']);
  });

  it('refuses a file that claims to be an image but is not one, and stores nothing', async () => {
    const event = await upload('product-images/broken.jpg', Buffer.from('not a jpeg at all'));
    await expect(resizeProductPhoto(bucket(), db, event)).rejects.toThrow();
    const [files] = await bucket().getFiles({ prefix: 'product-images/resized/' });
    expect(files).toEqual([]);
  });

  it('makes no sizes of a photo over the pixel limit: logged, no crash, nothing stored, the product unmarked', async () => {
    // 8,000 × 6,000 = 48 MP of one colour: a PNG of a few hundred KB, well under the upload limit, that would
    // decode to 192 MB in each of the three pipelines.
    const huge = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: { r: 200, g: 120, b: 30 } },
      limitInputPixels: false,
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.byteLength).toBeLessThan(5 * 1024 * 1024);
    const path = 'product-images/huge-1763700000000.png';
    await db.doc('products/p-huge').set({ name: 'আমের আচার', image_path: path });
    const event = await upload(path, huge, 'image/png');
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    try {
      expect(await resizeProductPhoto(bucket(), db, event)).toBe('too-many-pixels');
      expect(warn).toHaveBeenCalledWith(
        expect.stringContaining('too many pixels'),
        expect.objectContaining({ photo: path, width: 8000, height: 6000, limit: MAX_PHOTO_PIXELS }),
      );
    } finally {
      warn.mockRestore();
    }
    const [files] = await bucket().getFiles({ prefix: 'product-images/resized/' });
    expect(files).toEqual([]);
    expect((await db.doc('products/p-huge').get()).get('image_sized_path')).toBeUndefined();
    expect((await bucket().file(path).exists())[0]).toBe(true); // the photo stays, shown as uploaded
  });

  it('deletes the sizes again when the photo was deleted while they were made', async () => {
    const path = 'product-images/gone.jpg';
    const event = await upload(path, await cameraPhoto());
    await bucket().file(path).delete();
    expect(await resizeProductPhoto(bucket(), db, event)).toBe('photo-gone');
    const [files] = await bucket().getFiles({ prefix: 'product-images/resized/' });
    expect(files).toEqual([]);
  });
});

describe('the race between the upload and the product’s save', () => {
  it('marks a product saved after its photo was resized, when the product is saved', async () => {
    const path = 'product-images/early.jpg';
    await resizeProductPhoto(bucket(), db, await upload(path, await cameraPhoto()));
    await db.doc('products/mango').set(product(path));
    const saved = (await db.doc('products/mango').get()).data();

    expect(await markProductPhotoSized(bucket(), db, 'mango', saved)).toBe(true);
    expect((await db.doc('products/mango').get()).get('image_sized_path')).toBe(path);
    // Its own write triggers it again: now nothing is left to do.
    expect(
      await markProductPhotoSized(bucket(), db, 'mango', (await db.doc('products/mango').get()).data()),
    ).toBe(false);
  });

  it('does not mark a product whose photo has no sizes yet; the resize marks it when they exist', async () => {
    const path = 'product-images/late.jpg';
    const event = await upload(path, await cameraPhoto());
    await db.doc('products/olive').set(product(path));
    expect(await markProductPhotoSized(bucket(), db, 'olive', product(path))).toBe(false);
    expect((await db.doc('products/olive').get()).get('image_sized_path')).toBeUndefined();

    await resizeProductPhoto(bucket(), db, event);
    expect((await db.doc('products/olive').get()).get('image_sized_path')).toBe(path);
  });

  it('does not mark a product whose photo was replaced since the event', async () => {
    const old = 'product-images/old.jpg';
    await resizeProductPhoto(bucket(), db, await upload(old, await cameraPhoto()));
    await db.doc('products/plum').set(product('product-images/new.jpg'));
    expect(await markProductPhotoSized(bucket(), db, 'plum', product(old))).toBe(false);
    expect((await db.doc('products/plum').get()).get('image_sized_path')).toBeUndefined();
  });
});

describe('deleteProductPhotoSizes', () => {
  it('deletes every size with the photo, and nothing of other photos', async () => {
    await resizeProductPhoto(bucket(), db, await upload('product-images/a.jpg', await cameraPhoto()));
    await resizeProductPhoto(bucket(), db, await upload('product-images/b.jpg', await cameraPhoto()));
    await bucket().file('product-images/a.jpg').delete();

    expect(await deleteProductPhotoSizes(bucket(), 'product-images/a.jpg')).toBe(true);
    expect(await deleteProductPhotoSizes(bucket(), 'product-images/a.jpg')).toBe(true); // a retry is harmless
    expect(await deleteProductPhotoSizes(bucket(), 'product-images/resized/b_320w.webp')).toBe(false);

    const [files] = await bucket().getFiles({ prefix: 'product-images/' });
    expect(files.map((file) => file.name).sort()).toEqual([
      'product-images/b.jpg',
      ...productPhotoSizePaths('product-images/b.jpg'),
    ]);
  });
});
