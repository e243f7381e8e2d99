/**
 * Product photos in phone sizes. For each photo the seller uploads (`product-images/<name>.<ext>`) the
 * `resizeProductPhoto` Cloud Function stores three WebP copies, 320, 640 and 960 px wide (never enlarged),
 * named after Firebase's "Resize Images" extension: in a `resized/` folder beside the photo, the name
 * suffixed with the size, the type WebP:
 *
 *   product-images/abc-123.jpg  →  product-images/resized/abc-123_320w.webp, …_640w.webp, …_960w.webp
 *
 * (`_<width>w` rather than the extension's `_<W>x<H>`: the copies are sized by width, as `srcset` asks.)
 * Then it records on the product the photo its sizes were made for (`image_sized_path`): the storefront offers
 * `srcset` only while that is the product's photo, so a new photo shows as itself until its sizes exist.
 * Shared by the function, the seed and the storefront's cards; pure, and small, for the storefront's first paint.
 */

export const PRODUCT_PHOTO_WIDTHS = [320, 640, 960] as const;
export type ProductPhotoWidth = (typeof PRODUCT_PHOTO_WIDTHS)[number];

const FOLDER = 'product-images/';
const RESIZED = `${FOLDER}resized/`;

/** An uploaded product photo (directly under product-images/), not one of its sizes nor anything else. */
export function isProductPhoto(path: string): boolean {
  return path.startsWith(FOLDER) && path.length > FOLDER.length && !path.slice(FOLDER.length).includes('/');
}

/** Where the copy of `photoPath` that is `width` px wide is stored. */
export function productPhotoSizePath(photoPath: string, width: ProductPhotoWidth): string {
  const name = photoPath.slice(FOLDER.length).replace(/\.[^.]*$/, '');
  return `${RESIZED}${name}_${width}w.webp`;
}

/** Every size of `photoPath`, smallest first. */
export function productPhotoSizePaths(photoPath: string): string[] {
  return PRODUCT_PHOTO_WIDTHS.map((width) => productPhotoSizePath(photoPath, width));
}

/**
 * The public address of one size, from the photo's download URL: the same host and bucket, the size's object
 * name, without the photo's download token (storage.rules let anyone read product images).
 */
function sizeUrl(imageUrl: string, photoPath: string, width: ProductPhotoWidth): string | null {
  const photoObject = `/o/${encodeURIComponent(photoPath)}`;
  const at = imageUrl.indexOf(photoObject);
  if (at < 0) return null;
  const base = imageUrl.slice(0, at);
  return `${base}/o/${encodeURIComponent(productPhotoSizePath(photoPath, width))}?alt=media`;
}

/** What a card needs of a product to show its photo in phone sizes. */
export interface SizedPhoto {
  image_url: string | null;
  image_path: string | null;
  image_sized_path?: string | null;
}

/**
 * The `srcset` of a product's photo once its sizes exist (`image_sized_path` names its photo), else null: the
 * card then shows the photo itself, as uploaded.
 */
export function productPhotoSrcset(product: SizedPhoto): string | null {
  const { image_url: url, image_path: path } = product;
  if (!url || !path || product.image_sized_path !== path || !isProductPhoto(path)) return null;
  const candidates = PRODUCT_PHOTO_WIDTHS.map((width) => {
    const address = sizeUrl(url, path, width);
    return address && `${address} ${width}w`;
  });
  return candidates.every(Boolean) ? candidates.join(', ') : null;
}
