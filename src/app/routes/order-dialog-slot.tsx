import { Suspense, lazy } from 'react';
import { useAuth } from '@/features/auth';
import type { Product } from '@/features/catalog';

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
export function OrderDialogSlot({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const { user, loading } = useAuth();
  return (
    <Suspense fallback={null}>
      <OrderDialog product={product} isSignedIn={loading ? null : user !== null} onClose={onClose} />
    </Suspense>
  );
}
