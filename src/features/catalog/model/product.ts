/** A product as the storefront shows it (the `products` collection, field names as stored). */
export interface Product {
  id: string;
  name: string;
  description: string | null;
  price: number;
  original_price: number | null;
  image_url: string | null;
  category: string | null;
  stock_quantity: number;
  is_active: boolean;
  created_at: Date | null;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function toDateOrNull(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (
    typeof value === 'object' &&
    value !== null &&
    'toDate' in value &&
    typeof value.toDate === 'function'
  ) {
    const date: unknown = value.toDate();
    return date instanceof Date ? date : null;
  }
  return null;
}

/**
 * Reads one stored document into a Product, or null when it lacks what a card needs (a name, a price,
 * a stock count): one malformed record must not break the whole shop window.
 */
export function productFromDocument(id: string, data: Record<string, unknown>): Product | null {
  const { name, price, stock_quantity } = data;
  if (!isString(name) || !isFiniteNumber(price) || !isFiniteNumber(stock_quantity)) return null;
  const originalPrice = isFiniteNumber(data.original_price) ? data.original_price : null;
  return {
    id,
    name,
    description: isString(data.description) ? data.description : null,
    price,
    original_price: originalPrice,
    image_url: isString(data.image_url) && data.image_url !== '' ? data.image_url : null,
    category: isString(data.category) ? data.category : null,
    stock_quantity,
    is_active: data.is_active === true,
    created_at: toDateOrNull(data.created_at),
  };
}

/** A discount is shown only for a real one: an original price above today's price. */
export function hasDiscount(product: Pick<Product, 'price' | 'original_price'>): boolean {
  return product.original_price !== null && product.original_price > product.price;
}

/** Percent off, rounded down so the badge never promises more than the shopper saves. */
export function discountPercent(product: Pick<Product, 'price' | 'original_price'>): number {
  if (!hasDiscount(product) || !product.original_price) return 0;
  return Math.floor(((product.original_price - product.price) / product.original_price) * 100);
}

/** Products whose name contains the search term, ignoring case and surrounding spaces. */
export function filterProductsByName<T extends Pick<Product, 'name'>>(products: T[], term: string): T[] {
  const needle = term.trim().toLocaleLowerCase();
  if (needle === '') return products;
  return products.filter((product) => product.name.toLocaleLowerCase().includes(needle));
}

/** The readable products among a query's documents, in the query's order; malformed ones are skipped. */
export function productsFromDocuments(docs: { id: string; data(): Record<string, unknown> }[]): Product[] {
  return docs
    .map((doc) => productFromDocument(doc.id, doc.data()))
    .filter((product): product is Product => product !== null);
}
