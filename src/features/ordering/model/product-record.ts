import { storedDate } from '../../../lib/stored-date';

/**
 * The fields of a product document without its id and timestamps: what the seller's dialog writes (the image
 * fields once its upload is done), what the seed writes, and what the storefront and the dashboard read back.
 * One definition beside OrderFields, so the writers and the readers cannot drift apart.
 */
export interface ProductFields {
  name: string;
  description: string | null;
  price: number;
  original_price: number | null;
  category: string | null;
  stock_quantity: number;
  is_active: boolean;
  /** The image's download URL, and its path in the bucket (so it can be deleted with the product). */
  image_url: string | null;
  image_path: string | null;
}

/** A stored product as the web app reads it back: its fields, its id, and its timestamps as dates. */
export interface Product extends ProductFields {
  id: string;
  /** At or below this many jars the seller is warned (low-stock.ts); the default for a product without one. */
  low_stock_threshold?: number;
  /** Its page's address, `/p/<slug>` (./product-slug.ts), written with the product; null before it had one. */
  slug: string | null;
  /**
   * The photo whose phone sizes exist (product-photo-sizes.ts), written by the resizeProductPhoto function;
   * srcset is offered only while it is `image_path`. Never written by the seller's dialog.
   */
  image_sized_path?: string | null;
  created_at: Date | null;
  updated_at: Date | null;
}

import { lowStockThresholdOf } from './low-stock';

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** An optional text field: its trimmed text, or null when missing, not a string or blank. */
function optionalText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

/** A stored product read field by field, and whether it lacked what a product needs to be sold. */
export interface ReadProduct {
  product: Product;
  /** No name, or no numeric price or stock count: those fields read as "" and 0. */
  malformed: boolean;
}

/**
 * The one reader of a product document, for the storefront and the seller alike: optional texts are trimmed
 * (blank reads as null), moments become Dates. What each does with a malformed record is its own policy: the
 * storefront skips it, the seller sees it with empty fields so it can be fixed or deleted.
 */
export function readProduct(id: string, data: Record<string, unknown>): ReadProduct {
  const { name, price, stock_quantity: stock } = data;
  return {
    malformed: typeof name !== 'string' || !isFiniteNumber(price) || !isFiniteNumber(stock),
    product: {
      id,
      name: typeof name === 'string' ? name : '',
      description: optionalText(data.description),
      price: isFiniteNumber(price) ? price : 0,
      original_price: isFiniteNumber(data.original_price) ? data.original_price : null,
      image_url: optionalText(data.image_url),
      image_path: optionalText(data.image_path),
      category: optionalText(data.category),
      stock_quantity: isFiniteNumber(stock) ? stock : 0,
      low_stock_threshold: lowStockThresholdOf(data),
      slug: optionalText(data.slug),
      is_active: data.is_active === true,
      created_at: storedDate(data.created_at),
      updated_at: storedDate(data.updated_at),
      // Only when there: most readers never look at it, and a product without sizes reads as before.
      ...(typeof data.image_sized_path === 'string' && {
        image_sized_path: optionalText(data.image_sized_path),
      }),
    },
  };
}
