import { formatNumberBn, formatTaka } from '../../../lib/numbers';
import { catalogTexts } from '../texts';
import type { Product } from './product';

const t = catalogTexts.orderSubject;

/**
 * The order form's line under its title, naming the jar ordered: "আমের আচার · প্রতি বয়ামের দাম ৳৩৫০ · স্টকে আছে
 * ১২টি". The page gives it to the form (app/routes/order-dialog-slot.tsx), and every order button carries it
 * (src/lib/invoker.ts), so the form opened by a tap before the app runs names the tapped jar in the same words.
 */
export function orderSubject(product: Pick<Product, 'name' | 'price' | 'stock_quantity'>): string {
  const { name, price, stock_quantity } = product;
  return `${name} · ${t.unitPrice} ${formatTaka(price)} · ${t.inStock(formatNumberBn(stock_quantity))}`;
}
