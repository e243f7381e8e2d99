import type { Product } from '../model/admin-product';
import { toProductFields, type ProductFormValues } from '../model/product-form';
import { deleteProductImage, uploadProductImage, type UploadedImage } from './product-images';
import { createProduct, updateProduct, type ProductImage } from './products';

export interface SaveProductResult {
  created: boolean;
  /** The new image could not be uploaded, so the product was saved without it. */
  imageUploadFailed: boolean;
}

function logged(what: string) {
  return (error: unknown) => console.error(what, error);
}

/**
 * Saves the product dialog. A new image is uploaded first; if that fails the product is still saved, with
 * no new image (an edited product keeps the one it had). An image that is replaced or removed is deleted
 * only after the product was saved, and a fresh upload is deleted again if the save itself fails, so
 * Storage never holds images that no product points to and no product points to a missing image.
 */
export async function saveProduct(
  existing: Product | null,
  values: ProductFormValues,
  onUploadProgress: (percent: number) => void,
): Promise<SaveProductResult> {
  const fields = toProductFields(values);

  let uploaded: UploadedImage | null = null;
  let imageUploadFailed = false;
  if (values.image) {
    try {
      uploaded = await uploadProductImage(values.image, onUploadProgress);
    } catch (error) {
      imageUploadFailed = true;
      console.error('Product image upload failed', error);
    }
  }

  const previous: ProductImage = {
    image_url: existing?.image_url ?? null,
    image_path: existing?.image_path ?? null,
  };
  const image: ProductImage =
    uploaded ?? (values.remove_image ? { image_url: null, image_path: null } : previous);

  // The shelf is written only when the seller changed it: the figure the form loaded may be older than the jars
  // sold since, and writing it is asking the server to set the shelf to it (functions/src/shelf-lots.ts).
  const { stock_quantity: shelf, ...shelfKept } = fields;
  try {
    if (existing)
      await updateProduct(existing.id, shelf === existing.stock_quantity ? shelfKept : fields, image);
    else await createProduct(fields, image);
  } catch (error) {
    if (uploaded)
      await deleteProductImage(uploaded.image_path).catch(logged('Orphaned product image not deleted'));
    throw error;
  }

  if (previous.image_path && previous.image_path !== image.image_path) {
    await deleteProductImage(previous.image_path).catch(logged('Replaced product image not deleted'));
  }
  return { created: existing === null, imageUploadFailed };
}
