import { Suspense, lazy, useCallback, useState, type ReactNode } from 'react';
import { useAuth } from '@/features/auth';
import type { Product, StartOrder } from '@/features/catalog';

// The order form (Formik, Yup): a chunk of its own, out of the page's first code. Its HTML comes with the page
// (rendered by the server), so the platform opens it and takes typing before this code has arrived.
const loadOrderDialog = () => import('@/features/ordering').then((entry) => ({ default: entry.OrderDialog }));
const OrderDialog = lazy(loadOrderDialog);

/** The order form's chunk, fetched before a page with it is hydrated (src/app/router.tsx, preloadPage). */
export function preloadOrderDialog(): Promise<unknown> {
  return loadOrderDialog();
}

/**
 * The order dialog as `/` and a product's page open it: the one part of those pages that depends on who is
 * signed in (a signed-out shopper is asked to sign in first; a confirm made before that is known waits for it).
 */
function OrderDialogSlot({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const { user, loading } = useAuth();
  return (
    <Suspense fallback={null}>
      <OrderDialog product={product} isSignedIn={loading ? null : user !== null} onClose={onClose} />
    </Suspense>
  );
}

/**
 * A page's order dialog: `startOrder` opens it for a product; `dialog` goes into the page, always (closed, it
 * is a hidden native <dialog>, in the server's HTML too).
 */
export function useOrderDialog(): { startOrder: StartOrder; dialog: ReactNode } {
  const [ordering, setOrdering] = useState<Product | null>(null);
  const startOrder = useCallback<StartOrder>((product) => setOrdering(product), []);
  const close = useCallback(() => setOrdering(null), []);
  return { startOrder, dialog: <OrderDialogSlot product={ordering} onClose={close} /> };
}
