// What the storefront's tiny entry (src/main.tsx) uses of ordering before React loads: the early order dialog,
// drawn for a tap the entry keeps (catalog/components/early-taps.ts). Apart from index.ts so that the entry does
// not pull in the order form's React, Formik and Yup.
import { afterNextPaint } from '@/lib/after-paint';
import { openEarlyOrderDialog, type EarlyOrderProduct } from './components/early-order-dialog';
import type { EarlyOrderDialog } from './model/order-form-values';

export type { EarlyOrderProduct };

/**
 * How to draw the early dialog for a tap on one of `products` (early-taps.ts calls it with the tap and the way to
 * drop it if the shopper closes the dialog). The dialog is drawn after the frame that shows the tapped button
 * busy: building it takes a slow phone ~50 ms, which the tap's first answer does not wait for. A product not
 * listed draws nothing: its button still shows that the tap is kept for the app.
 */
export function earlyOrderDialogs(products: readonly EarlyOrderProduct[]) {
  return (productId: string, drop: () => void): EarlyOrderDialog | null => {
    const product = products.find((candidate) => candidate.id === productId);
    if (!product) return null;
    let dialog: EarlyOrderDialog | null = null;
    let removed = false;
    afterNextPaint(() => {
      if (!removed) dialog = openEarlyOrderDialog(product, drop);
    });
    return {
      draft: () => dialog?.draft() ?? null,
      remove: () => {
        removed = true;
        dialog?.remove();
      },
    };
  };
}
