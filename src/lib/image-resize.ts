// Product photos from a phone camera are 3000–4000 px and several MB; the storefront shows them at most
// ~480 CSS px wide (960 device px on a 2× screen). Shrinking before upload means shoppers on mobile data
// download what they see, not a 4 MB original.

/** The largest width a product image is ever displayed at, in device pixels (480 CSS px × 2). */
export const PRODUCT_IMAGE_MAX_WIDTH = 960;

export interface ImageSize {
  width: number;
  height: number;
}

/** The size `source` scales down to so it fits in `maxWidth` × `maxHeight`, keeping its shape; never enlarges. */
export function fitWithin(
  source: ImageSize,
  maxWidth: number,
  maxHeight = Number.POSITIVE_INFINITY,
): ImageSize {
  if (!(source.width > 0 && source.height > 0)) {
    throw new RangeError(`Image size must be positive, got ${source.width}×${source.height}`);
  }
  if (!(maxWidth > 0 && maxHeight > 0))
    throw new RangeError(`Bounds must be positive, got ${maxWidth}×${maxHeight}`);
  const scale = Math.min(1, maxWidth / source.width, maxHeight / source.height);
  return {
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  };
}

export interface ResizeOptions {
  maxWidth?: number;
  maxHeight?: number;
  /** Output type; WebP is ~30% smaller than JPEG at the same look and every current browser shows it. */
  type?: 'image/webp' | 'image/jpeg';
  quality?: number;
}

/**
 * Re-encodes an image file at display size in the browser (canvas). Returns the original file untouched
 * when it is already small enough or the browser cannot decode it, so an upload never fails because of this.
 */
export async function resizeImageForDisplay(file: File, options: ResizeOptions = {}): Promise<Blob> {
  const { maxWidth = PRODUCT_IMAGE_MAX_WIDTH, maxHeight, type = 'image/webp', quality = 0.85 } = options;
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const target = fitWithin(bitmap, maxWidth, maxHeight);
    if (target.width === bitmap.width && target.height === bitmap.height && file.type === type) return file;
    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, target.width, target.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
    // Some encoders make a small PNG bigger as WebP; keep whichever is smaller.
    return blob && blob.size < file.size ? blob : file;
  } finally {
    bitmap.close();
  }
}
