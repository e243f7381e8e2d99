import type { Product } from '@/features/ordering/model/product-record';
import { storedDate } from '@/lib/stored-date';

export type { Product };

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function number(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * Reads one stored product for the dashboard. Unlike the storefront, the seller must see every product,
 * even one with a malformed field, so it can be fixed or deleted: bad fields read as empty.
 */
export function toAdminProduct(id: string, data: Record<string, unknown>): Product {
  return {
    id,
    name: typeof data.name === 'string' ? data.name : '',
    description: optionalText(data.description),
    price: number(data.price),
    original_price: typeof data.original_price === 'number' ? data.original_price : null,
    image_url: optionalText(data.image_url),
    image_path: optionalText(data.image_path),
    category: optionalText(data.category),
    stock_quantity: number(data.stock_quantity),
    is_active: data.is_active === true,
    created_at: storedDate(data.created_at),
    updated_at: storedDate(data.updated_at),
  };
}

/** At or below this many jars the seller is warned to restock. */
export const LOW_STOCK_THRESHOLD = 5;

export type StockLevel = 'out' | 'low' | 'in';

export function stockLevel(stockQuantity: number): StockLevel {
  if (stockQuantity <= 0) return 'out';
  return stockQuantity <= LOW_STOCK_THRESHOLD ? 'low' : 'in';
}
