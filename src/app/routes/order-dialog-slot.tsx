import {
  Suspense,
  createContext,
  lazy,
  useCallback,
  useContext,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useAuth } from '@/features/auth';
import { orderSubject, paymentMethodsOnPage, type Product, type StartOrder } from '@/features/catalog';
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

type OfferedMethods = OrderDialogProps['offeredOnPage'];

/** On the server (the `pages` function, through app/server.tsx): the payment methods the shop offers now. */
export const ServerPaymentMethods = createContext<OfferedMethods>(null);

/** In the browser: the methods the server wrote beside the HTML it sent (read once; the document does not change). */
let sentWithPage: OfferedMethods | undefined;
function offeredOnPage(): OfferedMethods {
  sentWithPage ??= paymentMethodsOnPage();
  return sentWithPage;
}

/**
 * The order dialog as `/` and a product's page open it: the one part of those pages that depends on who is
 * signed in (a signed-out shopper is asked to sign in first; a confirm made before that is known waits for it).
 */
function OrderDialogSlot({
  product,
  open,
  onClose,
}: {
  product: Product | null;
  open: boolean;
  onClose: () => void;
}) {
  const { user, loading } = useAuth();
  const offered = useContext(ServerPaymentMethods) ?? offeredOnPage();
  // Once its chunk is here (before hydration: preloadOrderDialog), the form itself, not React.lazy: lazy asks for
  // the module again at its first render and suspends until that promise settles, which leaves the server's form
  // unhydrated while the replayed taps and typing reach it. Chosen once, so the form's state is never remounted.
  const [OrderDialog] = useState(() => loadedOrderDialog ?? LazyOrderDialog);
  return (
    <Suspense fallback={null}>
      <OrderDialog
        product={product}
        subject={product && orderSubject(product)}
        open={open}
        isSignedIn={loading ? null : user !== null}
        offeredOnPage={offered}
        onClose={onClose}
      />
    </Suspense>
  );
}

/**
 * A page's order dialog: `startOrder` opens it for a product; `dialog` goes into the page, always (closed, it
 * is a hidden native <dialog>, in the server's HTML too). A product's page names its jar (`pageProduct`): the form
 * is for it from the first render, the server's included, so the form the platform opens before the app already
 * names the jar, its price and total.
 */
export function useOrderDialog(pageProduct: Product | null = null): {
  startOrder: StartOrder;
  dialog: ReactNode;
} {
  const [ordering, setOrdering] = useState<Product | null>(null);
  const startOrder = useCallback<StartOrder>((product) => setOrdering(product), []);
  const close = useCallback(() => setOrdering(null), []);
  return {
    startOrder,
    dialog: <OrderDialogSlot product={ordering ?? pageProduct} open={ordering !== null} onClose={close} />,
  };
}
