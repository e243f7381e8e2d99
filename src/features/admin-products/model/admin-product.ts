import {
  DEFAULT_LOW_STOCK_THRESHOLD,
  stockLevelOf,
  type StockLevel,
} from '@/features/ordering/model/low-stock';
import { readProduct, type Product } from '@/features/ordering/model/product-record';

export type { Product };

/**
 * Reads one stored product for the dashboard. Unlike the storefront, the seller must see every product,
 * even one with a malformed field, so it can be fixed or deleted: bad fields read as empty.
 */
export function toAdminProduct(id: string, data: Record<string, unknown>): Product {
  return readProduct(id, data).product;
}

export type { StockLevel } from '@/features/ordering/model/low-stock';

/** The product's stock against its own threshold: sold out, low, or in stock. */
export function stockLevel(product: Pick<Product, 'stock_quantity' | 'low_stock_threshold'>): StockLevel {
  return stockLevelOf(product.stock_quantity, product.low_stock_threshold ?? DEFAULT_LOW_STOCK_THRESHOLD);
}

const LEVEL_ORDER: Record<StockLevel, number> = { out: 0, low: 1, in: 2 };

/** Sold out first, then low, then the rest, each by fewest jars first: what to restock, in order. */
export function byRestockUrgency(a: Product, b: Product): number {
  return LEVEL_ORDER[stockLevel(a)] - LEVEL_ORDER[stockLevel(b)] || a.stock_quantity - b.stock_quantity;
}
