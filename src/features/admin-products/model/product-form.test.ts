import {
  productFormSchema,
  productFormValues,
  toProductFields,
  type ProductFormValues,
} from './product-form';
import { MAX_PRODUCT_IMAGE_BYTES, productImagePath, productImageProblem } from './product-image';
import { stockLevel, byRestockUrgency, toAdminProduct } from './admin-product';
import { adminProductsTexts } from '../texts';

const valid: ProductFormValues = {
  ...productFormValues(null),
  name: '  আমের আচার ',
  price: 250.5,
  stock_quantity: 10,
  low_stock_threshold: 5,
};

async function errorsOf(values: Partial<ProductFormValues>): Promise<string[]> {
  try {
    await productFormSchema.validate({ ...valid, ...values }, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

describe('product form', () => {
  it('starts a new product as active with empty fields', () => {
    expect(productFormValues(null)).toMatchObject({ name: '', price: '', is_active: true, image: null });
  });

  it('requires a name, a price and a stock quantity', async () => {
    expect(await errorsOf({ name: ' ', price: '', stock_quantity: '' })).toEqual([
      'পণ্যের নাম দিন।',
      'দাম দিন।',
      'স্টক পরিমাণ দিন।',
    ]);
  });

  it('refuses in Bengali the control and direction characters the rules refuse in product texts', async () => {
    const v = adminProductsTexts.validation;
    expect(await errorsOf({ name: 'আমের\u202E আচার' })).toEqual([v.nameUnsafeCharacters]);
    expect(await errorsOf({ name: 'আমের\nআচার' })).toEqual([v.nameUnsafeCharacters]);
    expect(await errorsOf({ category: 'আম\u2066' })).toEqual([v.categoryUnsafeCharacters]);
    expect(await errorsOf({ description: 'ঝাল\tমিষ্টি' })).toEqual([v.descriptionUnsafeCharacters]);
    expect(await errorsOf({ description: 'ঝাল\u200Fমিষ্টি' })).toEqual([v.descriptionUnsafeCharacters]);
    // A description keeps its paragraphs; Bengali's joiners pass everywhere.
    expect(await errorsOf({ description: 'ঝাল\n\nমিষ্টি', name: 'র\u200D্যাব ক্\u200Cষ আচার' })).toEqual([]);
  });

  it('accepts prices to the poisha but not finer, and refuses zero', async () => {
    expect(await errorsOf({ price: 99.99 })).toEqual([]);
    expect(await errorsOf({ price: 9.999 })).toEqual(['দামে দশমিকের পর সর্বোচ্চ ২টি অঙ্ক থাকতে পারে।']);
    expect(await errorsOf({ price: 0 })).toEqual(['দাম কমপক্ষে ৳০.০১ হতে হবে।']);
  });

  it('refuses a price below one poisha, which every order would store as ৳0', async () => {
    expect(await errorsOf({ price: 0.01 })).toEqual([]);
    expect(await errorsOf({ price: 0.000000001 })).toEqual(['দাম কমপক্ষে ৳০.০১ হতে হবে।']);
    expect(await errorsOf({ price: 0.004 })).toContain('দাম কমপক্ষে ৳০.০১ হতে হবে।');
  });

  it('refuses a price that could never be sold: infinite or above the highest price', async () => {
    expect(await errorsOf({ price: 100_000 })).toEqual([]);
    expect(await errorsOf({ price: Infinity })).toEqual(['দাম সর্বোচ্চ ৳১,০০,০০০ হতে পারে।']);
    expect(await errorsOf({ price: 100_000.01 })).toEqual(['দাম সর্বোচ্চ ৳১,০০,০০০ হতে পারে।']);
    expect(await errorsOf({ price: 12.345 })).toEqual(['দামে দশমিকের পর সর্বোচ্চ ২টি অঙ্ক থাকতে পারে।']);
  });

  it('wants the original price above the price, or none at all', async () => {
    expect(await errorsOf({ original_price: 300 })).toEqual([]);
    expect(await errorsOf({ original_price: '' })).toEqual([]);
    expect(await errorsOf({ original_price: 250.5 })).toEqual(['আগের দাম বর্তমান দামের চেয়ে বেশি হতে হবে।']);
    expect(await errorsOf({ original_price: 100 })).toEqual(['আগের দাম বর্তমান দামের চেয়ে বেশি হতে হবে।']);
  });

  it('wants a whole, non-negative stock', async () => {
    expect(await errorsOf({ stock_quantity: 0 })).toEqual([]);
    expect(await errorsOf({ stock_quantity: 2.5 })).toEqual(['স্টক পূর্ণসংখ্যায় লিখুন।']);
    expect(await errorsOf({ stock_quantity: -1 })).toEqual(['স্টক ০ বা তার বেশি হতে হবে।']);
    expect(await errorsOf({ stock_quantity: 100_000 })).toEqual([]);
    expect(await errorsOf({ stock_quantity: 100_001 })).toEqual(['স্টক সর্বোচ্চ ১,০০,০০০টি হতে পারে।']);
  });

  it('accepts only image files under 5 MB', async () => {
    const pdf = new File(['%PDF'], 'bill.pdf', { type: 'application/pdf' });
    const photo = new File(['x'], 'achar.jpg', { type: 'image/jpeg' });
    expect(await errorsOf({ image: photo })).toEqual([]);
    expect(await errorsOf({ image: pdf })).toEqual(['শুধু ছবির ফাইল (JPG, PNG, WebP, AVIF, GIF) দেওয়া যাবে।']);
    const huge = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: MAX_PRODUCT_IMAGE_BYTES });
    expect(await errorsOf({ image: huge })).toEqual(['ছবির আকার ৫ MB-এর কম হতে হবে।']);
  });

  it('stores trimmed texts, and empty description and category as null', () => {
    expect(toProductFields({ ...valid, description: '  ', category: '' })).toEqual({
      name: 'আমের আচার',
      description: null,
      price: 250.5,
      original_price: null,
      category: null,
      stock_quantity: 10,
      low_stock_threshold: 5,
      is_active: true,
    });
    expect(
      toProductFields({ ...valid, description: ' ঝাল ', category: 'আম', original_price: 300 }),
    ).toMatchObject({
      description: 'ঝাল',
      category: 'আম',
      original_price: 300,
    });
  });

  it('refuses to turn invalid values into stored fields', () => {
    expect(() => toProductFields({ ...valid, price: '' })).toThrow('দাম দিন।');
  });
});

describe('product image', () => {
  it('names the stored file product-images/<random>-<timestamp>.<ext>, the extension of its type', () => {
    expect(productImagePath({ name: 'আমের ছবি.JPG', type: 'image/jpeg' }, 'k3j9x2', 1763700000000)).toBe(
      'product-images/k3j9x2-1763700000000.jpg',
    );
    expect(productImagePath({ name: 'clipboard', type: 'image/webp' }, 'a1', 5)).toBe(
      'product-images/a1-5.webp',
    );
    expect(productImagePath({ name: 'photo.html', type: 'image/png' }, 'b2', 6)).toBe(
      'product-images/b2-6.png',
    );
  });

  it('tells why a file cannot be a product image', () => {
    expect(productImageProblem({ type: 'text/plain', size: 10 })).toBe('imageType');
    expect(productImageProblem({ type: 'image/svg+xml', size: 10 })).toBe('imageType');
    expect(productImageProblem({ type: 'image/x-icon', size: 10 })).toBe('imageType');
    for (const type of ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']) {
      expect(productImageProblem({ type, size: 10 })).toBeNull();
    }
    expect(productImageProblem({ type: 'image/png', size: MAX_PRODUCT_IMAGE_BYTES })).toBe('imageTooLarge');
    expect(productImageProblem({ type: 'image/png', size: MAX_PRODUCT_IMAGE_BYTES - 1 })).toBeNull();
  });
});

describe('admin product', () => {
  it("grades stock as out, low (at or below the product's threshold, 5 unless set) or in stock", () => {
    const level = (stock_quantity: number, low_stock_threshold?: number) =>
      stockLevel({ stock_quantity, low_stock_threshold });
    expect([0, 1, 5, 6].map((stock) => level(stock))).toEqual(['out', 'low', 'low', 'in']);
    expect([0, 2, 3, 12].map((stock) => level(stock, 12))).toEqual(['out', 'low', 'low', 'low']);
    expect(level(13, 12)).toBe('in');
    expect(level(1, 0)).toBe('in');
  });

  it('lists what to restock first: sold out, then low, then the rest, fewest jars first', () => {
    const product = (id: string, stock_quantity: number, low_stock_threshold = 5) =>
      toAdminProduct(id, { name: id, price: 100, is_active: true, stock_quantity, low_stock_threshold });
    const sorted = [product('a', 50), product('b', 4), product('c', 0), product('d', 8, 10), product('e', 2)]
      .sort(byRestockUrgency)
      .map((p) => p.id);
    expect(sorted).toEqual(['c', 'e', 'b', 'd', 'a']);
  });

  it('reads a stored product, empty optional texts as null', () => {
    const product = toAdminProduct('p1', {
      name: 'জলপাই',
      description: '',
      price: 180,
      original_price: null,
      image_url: 'http://x/y',
      image_path: 'product-images/a-1.png',
      category: 'টক',
      stock_quantity: 3,
      is_active: true,
      created_at: { toDate: () => new Date(0) },
    });
    expect(product).toMatchObject({
      description: null,
      category: 'টক',
      is_active: true,
      created_at: new Date(0),
    });
  });
});
