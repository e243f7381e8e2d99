// What the storefront's tiny entry (src/main.tsx) uses of ordering before React loads: the early order dialog,
// drawn for a tap the entry keeps (catalog/components/early-taps.ts). Apart from index.ts so that the entry does
// not pull in the order form's React, Formik and Yup.
import type { EarlyOrderProduct } from './components/early-order-dialog';
import type { EarlyOrderDialog } from './model/order-form-values';

export type { EarlyOrderProduct };

/**
 * Asks for the early dialog's code now (~2 KB: on screen by the time a tap needs it) and returns how to draw it
 * for a tap on one of `products`: at once if its code is in, else as soon as it arrives. A product not listed, or
 * code that cannot be loaded, draws nothing (the tapped button still shows the tap is kept).
 */
export function earlyOrderDialogs(products: readonly EarlyOrderProduct[]) {
  const code = import('./components/early-order-dialog');
  code.catch(() => {}); // reported to no one: the app's own dialog answers the tap when it runs
  return (productId: string, drop: () => void): EarlyOrderDialog | null => {
    const product = products.find((candidate) => candidate.id === productId);
    if (!product) return null;
    let dialog: EarlyOrderDialog | null = null;
    let removed = false;
    void code.then(
      ({ openEarlyOrderDialog }) => {
        if (!removed) dialog = openEarlyOrderDialog(product, drop);
      },
      () => {},
    );
    return {
      draft: () => dialog?.draft() ?? null,
      remove: () => {
        removed = true;
        dialog?.remove();
      },
    };
  };
}
