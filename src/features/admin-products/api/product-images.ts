import { deleteObject, getDownloadURL, ref, uploadBytesResumable } from 'firebase/storage';
import { storage } from '@/lib/firebase';
import { resizeImageForDisplay } from '@/lib/image-resize';
import { productImagePath } from '../model/product-image';

export interface UploadedImage {
  image_url: string;
  image_path: string;
}

function randomPart(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0')).join('');
}

/**
 * The photo as the shop serves it: at most the width the storefront displays (a phone camera's 4000 px,
 * several-MB original would cost shoppers on mobile data for nothing). A re-encoded photo is named for its type.
 */
async function displaySized(file: File): Promise<File> {
  const resized = await resizeImageForDisplay(file);
  if (resized === file) return file;
  const type = resized.type || 'image/webp';
  const name = `${file.name.replace(/\.[^.]*$/, '')}.${type === 'image/jpeg' ? 'jpg' : 'webp'}`;
  return new File([resized], name, { type });
}

/**
 * Uploads a product image, at display size, under a fresh name and reports progress in percent (0–100).
 * Resolves with the download URL the storefront shows and the path used to delete or replace it.
 */
export async function uploadProductImage(
  original: File,
  onProgress: (percent: number) => void,
): Promise<UploadedImage> {
  const file = await displaySized(original);
  const path = productImagePath(file, randomPart(), Date.now());
  const task = uploadBytesResumable(ref(storage, path), file, {
    contentType: file.type,
    cacheControl: 'public, max-age=3600',
  });
  return new Promise((resolve, reject) => {
    task.on(
      'state_changed',
      (snapshot) =>
        onProgress(
          snapshot.totalBytes > 0 ? Math.round((snapshot.bytesTransferred / snapshot.totalBytes) * 100) : 0,
        ),
      reject,
      () => {
        getDownloadURL(task.snapshot.ref).then(
          (url) => resolve({ image_url: url, image_path: path }),
          reject,
        );
      },
    );
  });
}

/** Deletes a stored image; one that is already gone counts as deleted. */
export async function deleteProductImage(path: string): Promise<void> {
  try {
    await deleteObject(ref(storage, path));
  } catch (error) {
    if ((error as { code?: string }).code === 'storage/object-not-found') return;
    throw error;
  }
}
