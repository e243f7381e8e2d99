import { Suspense, lazy } from 'react';
import { useAuth } from '@/features/auth';
import type { Product } from '@/features/catalog';

// The order form (Formik, Yup, the callable) loads only when a shopper first presses "order".
const OrderDialog = lazy(() =>
  import('@/features/ordering').then((entry) => ({ default: entry.OrderDialog })),
);

/**
 * The order dialog as `/` and a product's page open it: the one part of those pages that depends on who is
 * signed in (a signed-out shopper is asked to sign in first).
 */
export function OrderDialogSlot({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const { user } = useAuth();
  return (
    <Suspense fallback={null}>
      <OrderDialog product={product} isSignedIn={user !== null} onClose={onClose} />
    </Suspense>
  );
}
