import { Suspense, lazy, memo, useCallback, useEffect, useState } from 'react';
import { PrerenderedMarkup } from '@/components/ui/prerendered-markup';
import { useAuth } from '@/features/auth';
import { HeroSection, ProductsSection, WhyChooseUs, type Product } from '@/features/catalog';
import { useStorefrontSearch } from '../layout/search-context';

// The order form (Formik, Yup, the callable): its own chunk, fetched once the home page runs (below), so that a
// tap on "order" opens it without a download on a slow phone's network.
const loadOrderDialog = () => import('@/features/ordering').then((entry) => ({ default: entry.OrderDialog }));
const OrderDialog = lazy(loadOrderDialog);

function scrollToProducts() {
  document.getElementById('products')?.scrollIntoView({ behavior: 'smooth' });
}

// The sections draw again only when their own props change: not when the auth state arrives, nor when a
// dialog opens (every Chakra element drawn again costs a slow phone a few milliseconds).
const Hero = memo(HeroSection);
const Products = memo(ProductsSection);

/** The order dialog, the one part of the home page that depends on who is signed in. */
function OrderDialogSlot({ product, onClose }: { product: Product | null; onClose: () => void }) {
  const { user } = useAuth();
  return (
    <Suspense fallback={null}>
      <OrderDialog product={product} isSignedIn={user !== null} onClose={onClose} />
    </Suspense>
  );
}

export function HomeRoute() {
  const { searchTerm, setSearchTerm } = useStorefrontSearch();
  const [ordering, setOrdering] = useState<Product | null>(null);
  // Stays mounted after the first order so the dialog can animate closed and keep its chunk.
  const [dialogLoaded, setDialogLoaded] = useState(false);

  const startOrder = useCallback((product: Product) => {
    setDialogLoaded(true);
    setOrdering(product);
  }, []);
  const showAll = useCallback(() => {
    setSearchTerm('');
    scrollToProducts();
  }, [setSearchTerm]);
  const closeOrder = useCallback(() => setOrdering(null), []);
  useEffect(() => {
    void loadOrderDialog();
  }, []);

  return (
    <>
      <Hero onShopNow={scrollToProducts} />
      <Products searchTerm={searchTerm} onOrder={startOrder} onShowAll={showAll} />
      {/* Text and pictures only: taken over from the prerendered page as it is, not hydrated. */}
      <PrerenderedMarkup>
        <WhyChooseUs />
      </PrerenderedMarkup>
      {dialogLoaded && <OrderDialogSlot product={ordering} onClose={closeOrder} />}
    </>
  );
}
