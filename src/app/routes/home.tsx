import { Suspense, lazy, useState } from 'react';
import { useAuth } from '@/features/auth';
import { HeroSection, ProductsSection, WhyChooseUs, type Product } from '@/features/catalog';
import { useStorefrontSearch } from '../layout/search-context';

// The order form (Formik, Yup, the callable) loads only when a shopper first presses "order".
const OrderDialog = lazy(() =>
  import('@/features/ordering').then((entry) => ({ default: entry.OrderDialog })),
);

function scrollToProducts() {
  document.getElementById('products')?.scrollIntoView({ behavior: 'smooth' });
}

export function HomeRoute() {
  const { user } = useAuth();
  const { searchTerm, setSearchTerm } = useStorefrontSearch();
  const [ordering, setOrdering] = useState<Product | null>(null);
  // Stays mounted after the first order so the dialog can animate closed and keep its chunk.
  const [dialogLoaded, setDialogLoaded] = useState(false);

  const startOrder = (product: Product) => {
    setDialogLoaded(true);
    setOrdering(product);
  };

  return (
    <>
      <HeroSection onShopNow={scrollToProducts} />
      <ProductsSection
        searchTerm={searchTerm}
        onOrder={startOrder}
        onShowAll={() => {
          setSearchTerm('');
          scrollToProducts();
        }}
      />
      <WhyChooseUs />
      {dialogLoaded && (
        <Suspense fallback={null}>
          <OrderDialog product={ordering} isSignedIn={user !== null} onClose={() => setOrdering(null)} />
        </Suspense>
      )}
    </>
  );
}
