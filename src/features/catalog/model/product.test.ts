import { describe, expect, it } from 'vitest';
import { aProduct } from '@/testing/products';
import {
  discountPercent,
  filterProductsByName,
  hasDiscount,
  productFromDocument,
  sameProducts,
} from './product';

describe('productFromDocument', () => {
  it('reads a stored product, turning the timestamp into a Date and empty image URLs into null', () => {
    const createdAt = new Date('2026-11-01T10:00:00Z');
    const product = productFromDocument('p1', {
      name: 'জলপাইয়ের আচার',
      price: 280,
      stock_quantity: 5,
      is_active: true,
      image_url: '',
      created_at: { toDate: () => createdAt },
    });
    expect(product).toEqual({
      id: 'p1',
      name: 'জলপাইয়ের আচার',
      description: null,
      price: 280,
      original_price: null,
      image_url: null,
      image_path: null,
      category: null,
      stock_quantity: 5,
      low_stock_threshold: 5, // the default when a product has none
      is_active: true,
      slug: null,
      created_at: createdAt,
      updated_at: null,
    });
  });

  it('skips a record without a name, a numeric price or a stock count', () => {
    expect(productFromDocument('x', { price: 10, stock_quantity: 1 })).toBeNull();
    expect(productFromDocument('x', { name: 'আচার', price: '10', stock_quantity: 1 })).toBeNull();
    expect(productFromDocument('x', { name: 'আচার', price: 10 })).toBeNull();
  });
});

describe('discounts', () => {
  it('counts only an original price above the price', () => {
    expect(hasDiscount({ price: 300, original_price: 400 })).toBe(true);
    expect(hasDiscount({ price: 300, original_price: 300 })).toBe(false);
    expect(hasDiscount({ price: 300, original_price: null })).toBe(false);
  });

  it('rounds the percentage down', () => {
    expect(discountPercent({ price: 299, original_price: 400 })).toBe(25);
    expect(discountPercent({ price: 300, original_price: null })).toBe(0);
  });
});

describe('filterProductsByName', () => {
  const products = [{ name: 'আমের আচার' }, { name: 'Garlic Achar' }, { name: 'রসুনের আচার' }];

  it('keeps everything for an empty search', () => {
    expect(filterProductsByName(products, '  ')).toHaveLength(3);
  });

  it('matches part of a name, ignoring case and spaces around the term', () => {
    expect(filterProductsByName(products, ' garlic ')).toEqual([{ name: 'Garlic Achar' }]);
    expect(filterProductsByName(products, 'রসুন')).toEqual([{ name: 'রসুনের আচার' }]);
    expect(filterProductsByName(products, 'আচার')).toHaveLength(2);
  });
});

describe('sameProducts', () => {
  const jar = aProduct('mango', {
    name: 'আমের আচার',
    price: 250,
    original_price: 300,
    created_at: new Date('2026-11-01T10:00:00Z'),
  });

  it('holds for the same cards read twice (new objects, new dates)', () => {
    expect(sameProducts([jar], [{ ...jar, created_at: new Date('2026-11-01T10:00:00Z') }])).toBe(true);
  });

  it('fails for any change a shopper could see, or a different order', () => {
    expect(sameProducts([jar], [{ ...jar, price: 240 }])).toBe(false);
    expect(sameProducts([jar], [{ ...jar, created_at: new Date('2026-11-02T10:00:00Z') }])).toBe(false);
    expect(sameProducts([jar], [])).toBe(false);
    const olive = { ...jar, id: 'olive' };
    expect(sameProducts([jar, olive], [olive, jar])).toBe(false);
  });

  it("fails when a photo's sizes arrive: the mark is on the new read only", () => {
    expect(sameProducts([jar], [{ ...jar, image_sized_path: 'product-images/m.webp' }])).toBe(false);
    expect(sameProducts([{ ...jar, image_sized_path: 'product-images/m.webp' }], [jar])).toBe(false);
  });
});
