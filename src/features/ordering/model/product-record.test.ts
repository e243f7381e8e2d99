import { describe, expect, it } from 'vitest';
import { readProduct } from './product-record';

describe('readProduct, the one reader of a product document', () => {
  it('trims optional texts and reads blank ones as null, for the storefront and the seller alike', () => {
    const { product, malformed } = readProduct('p1', {
      name: 'আমের আচার',
      description: '  টক-ঝাল  ',
      category: '   ',
      image_url: '',
      image_path: 'product-images/a.webp',
      price: 250,
      original_price: 300,
      stock_quantity: 4,
      is_active: true,
      slug: ' আমের-আচার ',
      created_at: { toDate: () => new Date(5) },
      updated_at: 'yesterday',
    });
    expect(malformed).toBe(false);
    expect(product).toEqual({
      id: 'p1',
      name: 'আমের আচার',
      description: 'টক-ঝাল',
      category: null,
      image_url: null,
      image_path: 'product-images/a.webp',
      price: 250,
      original_price: 300,
      stock_quantity: 4,
      low_stock_threshold: 5,
      is_active: true,
      slug: 'আমের-আচার',
      created_at: new Date(5),
      updated_at: null,
    });
  });

  it('marks a record without a name, a numeric price or a stock count malformed and reads those as empty', () => {
    for (const data of [
      { price: 10, stock_quantity: 1 },
      { name: 'আচার', price: '10', stock_quantity: 1 },
      { name: 'আচার', price: 10 },
      { name: 'আচার', price: Number.NaN, stock_quantity: 1 },
    ]) {
      const { product, malformed } = readProduct('x', data);
      expect(malformed).toBe(true);
      expect([typeof product.name, typeof product.price, typeof product.stock_quantity]).toEqual([
        'string',
        'number',
        'number',
      ]);
      expect(Number.isFinite(product.price) && Number.isFinite(product.stock_quantity)).toBe(true);
    }
  });

  it('reads the mark of its photo sizes only when the function wrote one', () => {
    const fields = { name: 'x', price: 1, stock_quantity: 1, image_path: 'product-images/a.webp' };
    expect(readProduct('p1', fields).product).not.toHaveProperty('image_sized_path');
    expect(
      readProduct('p1', { ...fields, image_sized_path: 'product-images/a.webp' }).product.image_sized_path,
    ).toBe('product-images/a.webp');
  });

  it('reads anything but true as inactive', () => {
    expect(readProduct('x', { is_active: 'true' }).product.is_active).toBe(false);
  });
});
