/** A product as the seller manages it: every stored field, timestamps as dates. */
export interface AdminProduct {
  id: string;
  name: string;
  description: string | null;
  price: number;
  original_price: number | null;
  image_url: string | null;
  image_path: string | null;
  category: string | null;
  stock_quantity: number;
  is_active: boolean;
  created_at: Date | null;
  updated_at: Date | null;
}

function toDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  const moment = value as { toDate?: unknown } | null | undefined;
  return moment && typeof moment.toDate === 'function' ? (moment as { toDate(): Date }).toDate() : null;
}

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
export function toAdminProduct(id: string, data: Record<string, unknown>): AdminProduct {
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
    created_at: toDate(data.created_at),
    updated_at: toDate(data.updated_at),
  };
}

/** At or below this many jars the seller is warned to restock. */
export const LOW_STOCK_THRESHOLD = 5;

export type StockLevel = 'out' | 'low' | 'in';

export function stockLevel(stockQuantity: number): StockLevel {
  if (stockQuantity <= 0) return 'out';
  return stockQuantity <= LOW_STOCK_THRESHOLD ? 'low' : 'in';
}
