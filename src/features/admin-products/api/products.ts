import { addDoc, collection, deleteDoc, doc, serverTimestamp, updateDoc } from 'firebase/firestore';
import { db } from '@/lib/firebase';
import type { ProductFields } from '@/features/ordering/model/product-record';
import type { Product } from '../model/admin-product';
import type { ProductFormFields } from '../model/product-form';
import { deleteProductImage } from './product-images';

export type ProductImage = Pick<ProductFields, 'image_url' | 'image_path'>;

const products = collection(db, 'products');

export async function createProduct(fields: ProductFormFields, image: ProductImage): Promise<string> {
  const created = await addDoc(products, {
    ...fields,
    ...image,
    created_at: serverTimestamp(),
    updated_at: serverTimestamp(),
  });
  return created.id;
}

export async function updateProduct(
  id: string,
  fields: ProductFormFields,
  image: ProductImage,
): Promise<void> {
  await updateDoc(doc(db, 'products', id), { ...fields, ...image, updated_at: serverTimestamp() });
}

/** The switch in the table: only the active flag changes. */
export async function setProductActive(id: string, isActive: boolean): Promise<void> {
  await updateDoc(doc(db, 'products', id), { is_active: isActive, updated_at: serverTimestamp() });
}

/**
 * Deletes the product, then its image. The document goes first: a product without its image would show a
 * broken picture, an image without its product is only a stray file. A failure to delete the image is
 * logged, not reported as a failed delete, since the product is already gone.
 */
export async function deleteProduct(product: Pick<Product, 'id' | 'image_path'>): Promise<void> {
  await deleteDoc(doc(db, 'products', product.id));
  if (product.image_path) {
    await deleteProductImage(product.image_path).catch((error: unknown) =>
      console.error('Product image could not be deleted', product.image_path, error),
    );
  }
}
