import type { EarlyOrderDialog } from '@/features/ordering/model/order-form-values';
import type { Product } from '../model/product';

/**
 * What the storefront's "order" buttons call: open the order dialog for `product`. `early` is the order dialog the
 * entry drew for a tap made before the app ran (early-taps.ts), for the app's dialog to take over.
 */
export type StartOrder = (product: Product, early?: EarlyOrderDialog | null) => void;
