import { Suspense, lazy, useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { useAuth } from '@/features/auth';
import type { Product, StartOrder } from '@/features/catalog';
import type { OrderDialogProps } from '@/features/ordering';

// The order form (Formik, Yup): a chunk of its own, out of the page's first code. Its HTML comes with the page
// (rendered by the server), so the platform opens it and takes typing before this code has arrived.
let loadedOrderDialog: ComponentType<OrderDialogProps> | null = null;
const loadOrderDialog = () =>
  import('@/features/ordering').then((entry) => {
    loadedOrderDialog = entry.OrderDialog;
    return { default: entry.OrderDialog };
  });
const LazyOrderDialog = lazy(loadOrderDialog);

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
  // Once its chunk is here (before hydration: preloadOrderDialog), the form itself, not React.lazy: lazy asks for
  // the module again at its first render and suspends until that promise settles, which leaves the server's form
  // unhydrated while the replayed taps and typing reach it. Chosen once, so the form's state is never remounted.
  const [OrderDialog] = useState(() => loadedOrderDialog ?? LazyOrderDialog);
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
