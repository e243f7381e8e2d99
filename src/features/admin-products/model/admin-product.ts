import { readProduct, type Product } from '@/features/ordering/model/product-record';

export type { Product };

/**
 * Reads one stored product for the dashboard. Unlike the storefront, the seller must see every product,
 * even one with a malformed field, so it can be fixed or deleted: bad fields read as empty.
 */
export function toAdminProduct(id: string, data: Record<string, unknown>): Product {
  return readProduct(id, data).product;
}

/** At or below this many jars the seller is warned to restock. */
export const LOW_STOCK_THRESHOLD = 5;

export type StockLevel = 'out' | 'low' | 'in';

export function stockLevel(stockQuantity: number): StockLevel {
  if (stockQuantity <= 0) return 'out';
  return stockQuantity <= LOW_STOCK_THRESHOLD ? 'low' : 'in';
}
