/**
 * The phone sizes of product photos (naming and the storefront's use: src/features/ordering/model/
 * product-photo-sizes.ts): made when a photo is uploaded, recorded on its product, deleted with the photo.
 * Triggers run at least once and in any order against the product's save, so every step may run again.
 */
import { logger } from 'firebase-functions';
import type Sharp from 'sharp';
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import type { getStorage } from 'firebase-admin/storage';
import {
  isProductPhoto,
  PRODUCT_PHOTO_WIDTHS,
  productPhotoSizePath,
  productPhotoSizePaths,
  type ProductPhotoWidth,
} from '../../src/features/ordering/model/product-photo-sizes';

type Bucket = ReturnType<ReturnType<typeof getStorage>['bucket']>;

// Photos on a phone's screen: WebP at 75 is hard to tell from the upload there; the demo jars at 640 px come out
// about half the bytes of their quality-90 originals.
const WEBP_QUALITY = 75;
// A size's name is derived from a photo name used once (random + timestamp), so its bytes never change.
const SIZE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * The most pixels a photo may have for its sizes to be made: 40 megapixels, above any phone camera's default
 * photo (12–13 MP; 48–50 MP only in a "high resolution" mode the admin form resizes before upload anyway) and
 * below what the function's memory holds: libvips decodes a PNG or WebP whole, 4 bytes a pixel, so three
 * pipelines at once on a 40 MP photo need ~480 MB of the 1 GiB. sharp's own default (~268 MP, 0x3FFF²) would
 * let a 5 MB upload of a 16,000 × 16,000 one-colour PNG ask for a gigabyte per pipeline and kill the instance.
 */
export const MAX_PHOTO_PIXELS = 40_000_000;

/** A photo whose sizes are not made because it has more pixels than MAX_PHOTO_PIXELS (logged, nothing stored). */
export class PhotoTooLargeError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`photo of ${width} × ${height} px is over the ${MAX_PHOTO_PIXELS} pixel limit`);
    this.name = 'PhotoTooLargeError';
  }
}

/** An uploaded object, as the Storage event names it. */
export interface UploadedObject {
  name: string;
  contentType?: string;
}

/** The three sizes of one photo, as WebP: by width, never enlarged, the orientation the camera stored applied. */
export async function photoSizes(photo: Buffer): Promise<{ width: ProductPhotoWidth; webp: Buffer }[]> {
  // Loaded here, not at the top: every function's instance loads this bundle, and only this one needs libvips
  // (a cold start of notifySellerOfOrder or placeOrder should not pay for it). `require`, not `import()`: this
  // package is CommonJS, and tsx (the seed, npm start) cannot resolve a dynamic import from a CommonJS module.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sharp = require('sharp') as typeof Sharp;
  // The header tells the size before anything is decoded (an animation's first frame is what is resized); the
  // limit on each pipeline is the backstop, as sharp checks it before decoding too.
  const { width = 0, height = 0 } = await sharp(photo, { limitInputPixels: false }).metadata();
  if (width * height > MAX_PHOTO_PIXELS) throw new PhotoTooLargeError(width, height);
  return Promise.all(
    PRODUCT_PHOTO_WIDTHS.map(async (width) => ({
      width,
      webp: await sharp(photo, { limitInputPixels: MAX_PHOTO_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer(),
    })),
  );
}

async function deleteIfThere(bucket: Bucket, path: string): Promise<void> {
  await bucket.file(path).delete({ ignoreNotFound: true });
}

async function allSizesExist(bucket: Bucket, photoPath: string): Promise<boolean> {
  const present = await Promise.all(
    productPhotoSizePaths(photoPath).map(async (size) => (await bucket.file(size).exists())[0]),
  );
  return present.every(Boolean);
}

/** Records, on every product showing `photoPath`, that its sizes exist. */
async function markSized(db: Firestore, photoPath: string): Promise<void> {
  const products = await db.collection('products').where('image_path', '==', photoPath).get();
  const stale = products.docs.filter((doc) => doc.get('image_sized_path') !== photoPath);
  await Promise.all(stale.map((doc) => doc.ref.update({ image_sized_path: photoPath })));
}

export type ResizeOutcome =
  'not-a-product-photo' | 'not-an-image' | 'too-many-pixels' | 'photo-gone' | 'already-resized' | 'resized';

/**
 * On an upload: the photo's three sizes, then the mark on its product. Its own outputs (in resized/) and any
 * other object are left alone, so writing the sizes does not trigger it again. A photo deleted while its sizes
 * were made (the seller replaced it at once) has its sizes deleted again, so none is left without its photo.
 */
export async function resizeProductPhoto(
  bucket: Bucket,
  db: Firestore,
  object: UploadedObject,
): Promise<ResizeOutcome> {
  if (!isProductPhoto(object.name)) return 'not-a-product-photo';
  if (!object.contentType?.startsWith('image/')) return 'not-an-image';
  // A photo's name is used once (random + timestamp), so sizes already there are this photo's: a second
  // delivery of the event, or the seed having made them before the trigger ran. Only the mark may be missing.
  if (await allSizesExist(bucket, object.name)) {
    await markSized(db, object.name);
    return 'already-resized';
  }
  const photo = bucket.file(object.name);
  let bytes: Buffer;
  try {
    [bytes] = await photo.download();
  } catch (error) {
    if ((error as { code?: unknown }).code === 404) return 'photo-gone';
    throw error;
  }
  let sizes: Awaited<ReturnType<typeof photoSizes>>;
  try {
    sizes = await photoSizes(bytes);
  } catch (error) {
    // Not retried and not a crash: the same bytes would be refused again. The product shows its photo as
    // uploaded (the storefront falls back to it without sizes).
    if (error instanceof PhotoTooLargeError) {
      logger.warn('resizeProductPhoto: no sizes made, the photo has too many pixels', {
        photo: object.name,
        width: error.width,
        height: error.height,
        limit: MAX_PHOTO_PIXELS,
      });
      return 'too-many-pixels';
    }
    throw error;
  }
  await Promise.all(
    sizes.map(({ width, webp }) =>
      bucket.file(productPhotoSizePath(object.name, width)).save(webp, {
        resumable: false,
        contentType: 'image/webp',
        metadata: { cacheControl: SIZE_CACHE_CONTROL, metadata: { resizedFrom: object.name } },
      }),
    ),
  );
  const [stillThere] = await photo.exists();
  if (!stillThere) {
    await Promise.all(productPhotoSizePaths(object.name).map((path) => deleteIfThere(bucket, path)));
    return 'photo-gone';
  }
  await markSized(db, object.name);
  return 'resized';
}

/**
 * On a product's save: the photo is uploaded before the product is saved, so its sizes may have been made
 * before there was a product to mark. Marks it if they all exist; otherwise resizeProductPhoto will.
 */
export async function markProductPhotoSized(
  bucket: Bucket,
  db: Firestore,
  productId: string,
  product: DocumentData | undefined,
): Promise<boolean> {
  const path = product?.image_path;
  if (typeof path !== 'string' || !isProductPhoto(path) || product?.image_sized_path === path) return false;
  if (!(await allSizesExist(bucket, path))) return false;
  // Read again in the transaction: the seller may have replaced the photo since the event.
  return db.runTransaction(async (transaction) => {
    const ref = db.collection('products').doc(productId);
    const current = await transaction.get(ref);
    if (current.get('image_path') !== path || current.get('image_sized_path') === path) return false;
    transaction.update(ref, { image_sized_path: path });
    return true;
  });
}

/** On a deletion: a product photo's sizes go with it (the product was deleted, or its photo replaced). */
export async function deleteProductPhotoSizes(bucket: Bucket, deletedPath: string): Promise<boolean> {
  if (!isProductPhoto(deletedPath)) return false;
  await Promise.all(productPhotoSizePaths(deletedPath).map((path) => deleteIfThere(bucket, path)));
  return true;
}
