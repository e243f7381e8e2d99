import { Suspense, lazy, useCallback, useState, type ReactNode } from 'react';
import { useAuth } from '@/features/auth';
import type { Product, StartOrder } from '@/features/catalog';

// The order form (Formik, Yup, the callable): a chunk of its own, out of the page's first code.
const loadOrderDialog = () => import('@/features/ordering').then((entry) => ({ default: entry.OrderDialog }));
const OrderDialog = lazy(loadOrderDialog);

/** Fetches the order form's chunk ahead of the first "order" (a slow phone's tap then waits for no download). */
export function preloadOrderDialog(): void {
  void loadOrderDialog();
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
 * A page's order dialog: `startOrder` opens it for a product; `dialog` goes into the page. It stays mounted after the first order, so that it animates closed and
 * keeps its chunk.
 */
export function useOrderDialog(): { startOrder: StartOrder; dialog: ReactNode } {
  const [ordering, setOrdering] = useState<Product | null>(null);
  const [loaded, setLoaded] = useState(false);
  const startOrder = useCallback<StartOrder>((product) => {
    setLoaded(true);
    setOrdering(product);
  }, []);
  const close = useCallback(() => setOrdering(null), []);
  return { startOrder, dialog: loaded && <OrderDialogSlot product={ordering} onClose={close} /> };
}
