import { Badge } from '@chakra-ui/react';
import { adminProductsTexts } from '../texts';
import { formatNumberBn } from '@/lib/format';
import { stockLevel, type Product } from '../model/admin-product';

const t = adminProductsTexts.stock;

export function StockBadge({ product }: { product: Product }) {
  const quantity = product.stock_quantity;
  const level = stockLevel(product);
  if (level === 'out') return <Badge colorPalette="red">{t.out}</Badge>;
  if (level === 'low') return <Badge colorPalette="orange">{t.low(formatNumberBn(quantity))}</Badge>;
  return <Badge colorPalette="green">{t.in(formatNumberBn(quantity))}</Badge>;
}
