// @vitest-environment node
/**
 * The seller's save gives each product its page's address in the same transaction, through the real rules:
 * the name's slug, a numbered one when another product holds it, a new one on a rename with the old record
 * still naming the product (its old link redirects), and an unchanged name keeps its address.
 */
import { deleteDoc, doc, setDoc } from 'firebase/firestore';
import { describe, expect, it, vi } from 'vitest';
import { firestoreAsAdminForSuite } from '@/testing/firestore-as-admin';

const firestore = firestoreAsAdminForSuite('products-slug-test');
vi.mock('@/lib/firebase', () => ({
  get db() {
    return firestore.db;
  },
}));

const fields = {
  name: 'আমের আচার',
  description: null,
  price: 250,
  original_price: null,
  category: null,
  stock_quantity: 5,
  is_active: true,
};
const noImage = { image_url: null, image_path: null };
// Imported once the emulator runs: the module takes its collection from the (mocked) db as it loads.
const store = () => import('./products');

const slugOf = async (id: string) =>
  (await firestore.admin.doc(`products/${id}`).get()).get('slug') as string;
const ownerOf = async (slug: string) =>
  (await firestore.admin.doc(`slugs/${slug}`).get()).get('product_id') as string | undefined;

describe('the product save and its slug', () => {
  it('gives a new product its name’s slug, and a second one of that name a numbered slug', async () => {
    const first = await (await store()).createProduct(fields, noImage);
    const second = await (await store()).createProduct(fields, noImage);
    expect(await slugOf(first)).toBe('আমের-আচার');
    expect(await slugOf(second)).toBe('আমের-আচার-2');
    expect(await ownerOf('আমের-আচার')).toBe(first);
    expect(await ownerOf('আমের-আচার-2')).toBe(second);

    // Saved again unchanged, each keeps its own address.
    await (await store()).updateProduct(second, { ...fields, price: 260 }, noImage);
    expect(await slugOf(second)).toBe('আমের-আচার-2');
  });

  it('moves a renamed product to its new name’s slug and keeps the old record naming it', async () => {
    const id = await (await store()).createProduct({ ...fields, name: 'জলপাই' }, noImage);
    await (await store()).updateProduct(id, { ...fields, name: 'টক জলপাই' }, noImage);
    expect(await slugOf(id)).toBe('টক-জলপাই');
    expect(await ownerOf('জলপাই')).toBe(id);
    expect(await ownerOf('টক-জলপাই')).toBe(id);
  });

  it('never gives an address to another product nor deletes it, even for an admin (firestore.rules)', async () => {
    const id = await (await store()).createProduct({ ...fields, name: 'তেঁতুল' }, noImage);
    const record = doc(firestore.db, 'slugs', 'তেঁতুল');
    await expect(setDoc(record, { product_id: 'another' })).rejects.toMatchObject({
      code: 'permission-denied',
    });
    await expect(deleteDoc(record)).rejects.toMatchObject({ code: 'permission-denied' });
    expect(await ownerOf('তেঁতুল')).toBe(id);
  });
});
