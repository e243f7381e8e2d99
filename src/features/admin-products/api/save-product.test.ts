import type { Product } from '../model/admin-product';
import { productFormValues } from '../model/product-form';
import { saveProduct } from './save-product';

const images = vi.hoisted(() => ({ uploadProductImage: vi.fn(), deleteProductImage: vi.fn() }));
vi.mock('./product-images', () => images);
const store = vi.hoisted(() => ({ createProduct: vi.fn(), updateProduct: vi.fn() }));
vi.mock('./products', () => store);

const existing: Product = {
  id: 'p1',
  name: 'আমের আচার',
  description: null,
  price: 250,
  original_price: null,
  image_url: 'http://storage/old.jpg',
  image_path: 'product-images/old-1.jpg',
  category: null,
  stock_quantity: 5,
  is_active: true,
  slug: null,
  created_at: null,
  updated_at: null,
};
const photo = new File(['jpeg'], 'new.jpg', { type: 'image/jpeg' });
const fresh = { image_url: 'http://storage/new.jpg', image_path: 'product-images/new-2.jpg' };

beforeEach(() => {
  vi.resetAllMocks();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  images.deleteProductImage.mockResolvedValue(undefined);
  store.createProduct.mockResolvedValue('new-id');
  store.updateProduct.mockResolvedValue(undefined);
});

describe('saveProduct', () => {
  it('creates a product with its uploaded image, reporting upload progress', async () => {
    images.uploadProductImage.mockImplementation(async (_file: File, onProgress: (p: number) => void) => {
      onProgress(40);
      onProgress(100);
      return fresh;
    });
    const progress = vi.fn();
    const result = await saveProduct(
      null,
      { ...productFormValues(null), name: 'জলপাই', price: 180, stock_quantity: 7, image: photo },
      progress,
    );
    expect(result).toEqual({ created: true, imageUploadFailed: false });
    expect(progress.mock.calls).toEqual([[40], [100]]);
    expect(store.createProduct).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'জলপাই', price: 180, description: null, is_active: true }),
      fresh,
    );
  });

  it('replaces the image of an edited product and deletes the old one only after saving', async () => {
    images.uploadProductImage.mockResolvedValue(fresh);
    await saveProduct(existing, { ...productFormValues(existing), image: photo }, () => {});
    expect(store.updateProduct).toHaveBeenCalledWith(
      'p1',
      expect.objectContaining({ name: 'আমের আচার' }),
      fresh,
    );
    expect(images.deleteProductImage).toHaveBeenCalledWith('product-images/old-1.jpg');
    expect(store.updateProduct.mock.invocationCallOrder[0]).toBeLessThan(
      images.deleteProductImage.mock.invocationCallOrder[0],
    );
  });

  it('writes the shelf only when the seller changed it, so jars sold since the form opened stay sold', async () => {
    await saveProduct(existing, { ...productFormValues(existing), name: 'আমের টক আচার' }, () => {});
    expect(store.updateProduct.mock.calls[0][1]).not.toHaveProperty('stock_quantity');
    await saveProduct(existing, { ...productFormValues(existing), stock_quantity: 9 }, () => {});
    expect(store.updateProduct.mock.calls[1][1]).toMatchObject({ stock_quantity: 9 });
  });

  it('still saves when the upload fails, keeping the previous image of an edited product', async () => {
    images.uploadProductImage.mockRejectedValue(new Error('storage/unauthorized'));
    const result = await saveProduct(existing, { ...productFormValues(existing), image: photo }, () => {});
    expect(result.imageUploadFailed).toBe(true);
    expect(store.updateProduct).toHaveBeenCalledWith('p1', expect.anything(), {
      image_url: 'http://storage/old.jpg',
      image_path: 'product-images/old-1.jpg',
    });
    expect(images.deleteProductImage).not.toHaveBeenCalled();
  });

  it('saves a new product without an image when its upload fails', async () => {
    images.uploadProductImage.mockRejectedValue(new Error('network'));
    await saveProduct(
      null,
      { ...productFormValues(null), name: 'রসুন', price: 200, stock_quantity: 1, image: photo },
      () => {},
    );
    expect(store.createProduct).toHaveBeenCalledWith(expect.anything(), {
      image_url: null,
      image_path: null,
    });
  });

  it('deletes the fresh upload again when the product cannot be saved', async () => {
    images.uploadProductImage.mockResolvedValue(fresh);
    store.updateProduct.mockRejectedValue(new Error('permission-denied'));
    await expect(
      saveProduct(existing, { ...productFormValues(existing), image: photo }, () => {}),
    ).rejects.toThrow('permission-denied');
    expect(images.deleteProductImage).toHaveBeenCalledWith('product-images/new-2.jpg');
    expect(images.deleteProductImage).not.toHaveBeenCalledWith('product-images/old-1.jpg');
  });

  it('removes the image when the seller asked to, deleting it from storage', async () => {
    await saveProduct(existing, { ...productFormValues(existing), remove_image: true }, () => {});
    expect(store.updateProduct).toHaveBeenCalledWith('p1', expect.anything(), {
      image_url: null,
      image_path: null,
    });
    expect(images.deleteProductImage).toHaveBeenCalledWith('product-images/old-1.jpg');
  });

  it('refuses invalid values without touching storage or the database', async () => {
    await expect(saveProduct(null, { ...productFormValues(null), image: photo }, () => {})).rejects.toThrow();
    expect(images.uploadProductImage).not.toHaveBeenCalled();
    expect(store.createProduct).not.toHaveBeenCalled();
  });
});
