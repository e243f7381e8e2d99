import type { Product } from '@/features/ordering/model/product-record';

/**
 * A product as the web app reads it back, for tests: `আচার <id>`, ৳300, five jars in stock, active, no photo,
 * no discount, no dates. Tests change what they are about.
 */
export function aProduct(id: string, changes: Partial<Product> = {}): Product {
  return {
    id,
    name: `আচার ${id}`,
    description: null,
    price: 300,
    original_price: null,
    image_url: null,
    image_path: null,
    category: null,
    stock_quantity: 5,
    is_active: true,
    slug: null,
    created_at: null,
    updated_at: null,
    ...changes,
  };
}
