import { stockLevelOf } from '@/features/ordering/model/low-stock';
import { toBengaliDigits } from '@/features/ordering/model/digits';
import { adminStatsTexts } from '../texts';
import type { Recommendation } from './dashboard-stats';

/** A product as the recommendations weigh it: its name, its jars and its own threshold. */
export interface StockedProduct {
  name: string;
  stock_quantity: number;
  low_stock_threshold: number;
}

/** The sold-out and the low jars, each named (with the jars left), sold-out first: what to make next. */
export function stockRecommendations(products: readonly StockedProduct[]): Recommendation[] {
  const texts = adminStatsTexts.recommendations;
  const soldOut = products.filter((p) => stockLevelOf(p.stock_quantity, p.low_stock_threshold) === 'out');
  const low = products
    .filter((p) => stockLevelOf(p.stock_quantity, p.low_stock_threshold) === 'low')
    .sort((a, b) => a.stock_quantity - b.stock_quantity);
  const found: Recommendation[] = [];
  if (soldOut.length > 0) {
    found.push({
      id: 'sold-out',
      kind: 'negative',
      message: texts.soldOut(soldOut.map((p) => p.name).join(', ')),
    });
  }
  if (low.length > 0) {
    const items = low.map((p) => texts.jarsLeft(p.name, toBengaliDigits(p.stock_quantity))).join(', ');
    found.push({ id: 'low-stock', kind: 'warning', message: texts.lowStock(items) });
  }
  return found;
}
