import {
  collection,
  deleteDoc,
  doc,
  runTransaction,
  serverTimestamp,
  updateDoc,
  type Transaction,
} from 'firebase/firestore';
import { db } from '@/lib/firebase';
import type { ProductFields } from '@/features/ordering/model/product-record';
import { chooseSlug } from '@/features/ordering/model/product-slug';
import type { Product } from '../model/admin-product';
import type { ProductFormFields } from '../model/product-form';
import { deleteProductImage } from './product-images';

export type ProductImage = Pick<ProductFields, 'image_url' | 'image_path'>;

const products = collection(db, 'products');

/**
 * Gives the product the slug its name asks for (ordering/model/product-slug.ts) in the save's transaction:
 * `slugs/{slug}` is read and written with the product, so two saves cannot take one address. A renamed
 * product's old `slugs` record stays, still naming it, so its old link redirects to the new one.
 */
async function claimSlug(transaction: Transaction, productId: string, name: string): Promise<string> {
  const slug = await chooseSlug(name, productId, async (candidate) => {
    const record = await transaction.get(doc(db, 'slugs', candidate));
    return record.exists() ? String(record.get('product_id')) : null;
  });
  transaction.set(doc(db, 'slugs', slug), { product_id: productId });
  return slug;
}

export async function createProduct(fields: ProductFormFields, image: ProductImage): Promise<string> {
  const created = doc(products);
  await runTransaction(db, async (transaction) => {
    const slug = await claimSlug(transaction, created.id, fields.name);
    transaction.set(created, {
      ...fields,
      ...image,
      slug,
      created_at: serverTimestamp(),
      updated_at: serverTimestamp(),
    });
  });
  return created.id;
}

export async function updateProduct(
  id: string,
  fields: ProductFormFields | Omit<ProductFormFields, 'stock_quantity'>,
  image: ProductImage,
): Promise<void> {
  await runTransaction(db, async (transaction) => {
    const slug = await claimSlug(transaction, id, fields.name);
    transaction.update(doc(db, 'products', id), { ...fields, ...image, slug, updated_at: serverTimestamp() });
  });
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
