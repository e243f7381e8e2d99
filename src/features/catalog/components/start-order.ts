import type { Product } from '../model/product';

/** What the storefront's "order" buttons call: open the order dialog for `product`. */
export type StartOrder = (product: Product) => void;
