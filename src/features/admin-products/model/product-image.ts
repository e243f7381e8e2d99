/** Storage rules refuse images of 5 MB or more; the form says so before uploading. */
export const MAX_PRODUCT_IMAGE_BYTES = 5 * 1024 * 1024;

export const PRODUCT_IMAGE_FOLDER = 'product-images';

export type ProductImageProblem = 'imageType' | 'imageTooLarge';

/** Why a chosen file cannot be a product image, or null when it can. */
export function productImageProblem(file: Pick<File, 'type' | 'size'>): ProductImageProblem | null {
  if (!file.type.startsWith('image/')) return 'imageType';
  if (file.size >= MAX_PRODUCT_IMAGE_BYTES) return 'imageTooLarge';
  return null;
}

const extensionOfType: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
};

function extensionOf(file: Pick<File, 'name' | 'type'>): string {
  const match = /\.([a-z0-9]{1,8})$/i.exec(file.name);
  if (match) return match[1].toLowerCase();
  return extensionOfType[file.type] ?? file.type.replace(/^image\//, '').replace(/[^a-z0-9]/gi, '');
}

/**
 * Where a new product image is stored: `product-images/<random>-<timestamp>.<ext>`, keeping the file's
 * extension. The random part keeps two uploads in the same millisecond apart; the name never reuses the
 * seller's file name, which may hold spaces or Bengali letters.
 */
export function productImagePath(
  file: Pick<File, 'name' | 'type'>,
  random: string,
  timestamp: number,
): string {
  return `${PRODUCT_IMAGE_FOLDER}/${random}-${timestamp}.${extensionOf(file) || 'img'}`;
}
