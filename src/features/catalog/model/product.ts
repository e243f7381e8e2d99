import { readProduct, type Product } from '@/features/ordering/model/product-record';

// The storefront reads the same Product as the seller's dashboard (ProductFields, id, dates).
export type { Product };

/**
 * Reads one stored document into a Product, or null when it lacks what a card needs (a name, a price,
 * a stock count): one malformed record must not break the whole shop window.
 */
export function productFromDocument(id: string, data: Record<string, unknown>): Product | null {
  const { product, malformed } = readProduct(id, data);
  return malformed ? null : product;
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

const sameMoment = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** Whether two lists show the same cards: the same products, in the same order, with the same fields. */
export function sameProducts(a: readonly Product[], b: readonly Product[]): boolean {
  return (
    a.length === b.length &&
    a.every((product, index) => {
      const other = b[index];
      // Both sides' keys: an optional field (image_sized_path) may be on one only.
      const keys = new Set([...Object.keys(product), ...Object.keys(other)]) as Set<keyof Product>;
      return [...keys].every((key) =>
        product[key] instanceof Date || other[key] instanceof Date
          ? sameMoment(product[key] as Date | null, other[key] as Date | null)
          : product[key] === other[key],
      );
    })
  );
}
