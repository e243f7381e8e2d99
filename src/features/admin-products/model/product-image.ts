/** Storage rules refuse images of 5 MB or more; the form says so before uploading. */
export const MAX_PRODUCT_IMAGE_BYTES = 5 * 1024 * 1024;

export const PRODUCT_IMAGE_FOLDER = 'product-images';

export type ProductImageProblem = 'imageType' | 'imageTooLarge';

/**
 * The picture formats a product image may have, the same list as storage.rules. SVG is left out on purpose:
 * it is a document that can carry script, not a picture.
 */
export const PRODUCT_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
] as const;

/** Why a chosen file cannot be a product image, or null when it can. */
export function productImageProblem(file: Pick<File, 'type' | 'size'>): ProductImageProblem | null {
  if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'imageType';
  if (file.size >= MAX_PRODUCT_IMAGE_BYTES) return 'imageTooLarge';
  return null;
}

const extensionOfType: Record<(typeof PRODUCT_IMAGE_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

// The extension follows the checked type, never the file's name: 'photo.html' sent as image/png is a .png.
function extensionOf(file: Pick<File, 'type'>): string {
  return extensionOfType[file.type as keyof typeof extensionOfType] ?? 'img';
}

/**
 * Where a new product image is stored: `product-images/<random>-<timestamp>.<ext>`, the extension of
 * its type. The random part keeps two uploads in the same millisecond apart; the name never reuses the
 * seller's file name, which may hold spaces or Bengali letters.
 */
export function productImagePath(
  file: Pick<File, 'name' | 'type'>,
  random: string,
  timestamp: number,
): string {
  return `${PRODUCT_IMAGE_FOLDER}/${random}-${timestamp}.${extensionOf(file)}`;
}
