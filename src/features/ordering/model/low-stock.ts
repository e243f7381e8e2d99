// When a jar is nearly gone: each product's own threshold (default 5), shared by the products tab, the stats
// tab's recommendations, the low-stock mail (functions/src/low-stock.ts) and the evening summary.

export const DEFAULT_LOW_STOCK_THRESHOLD = 5;
/** The product form's bound: a threshold above it would warn about every product all the time. */
export const MAX_LOW_STOCK_THRESHOLD = 1000;

/** A stored product's threshold: its own when it is a whole number in range, the default otherwise. */
export function lowStockThresholdOf(data: { low_stock_threshold?: unknown }): number {
  const value = data.low_stock_threshold;
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= 0 &&
    value <= MAX_LOW_STOCK_THRESHOLD
    ? value
    : DEFAULT_LOW_STOCK_THRESHOLD;
}

export type StockLevel = 'out' | 'low' | 'in';

export function stockLevelOf(stock: number, threshold: number): StockLevel {
  if (stock <= 0) return 'out';
  return stock <= threshold ? 'low' : 'in';
}
