import { memo, useCallback, useEffect, useState } from 'react';
import { PrerenderedMarkup } from '@/components/ui/prerendered-markup';
import { HeroSection, ProductsSection, WhyChooseUs, type Product } from '@/features/catalog';
import { useStorefrontSearch } from '../layout/search-context';
import { OrderDialogSlot, preloadOrderDialog } from './order-dialog-slot';

function scrollToProducts() {
  document.getElementById('products')?.scrollIntoView({ behavior: 'smooth' });
}

// The sections draw again only when their own props change: not when the auth state arrives, nor when a
// dialog opens (every Chakra element drawn again costs a slow phone a few milliseconds).
const Hero = memo(HeroSection);
const Products = memo(ProductsSection);

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
  // The order form's chunk, fetched as the page starts: a tap on "order" then waits for no download.
  useEffect(preloadOrderDialog, []);

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
