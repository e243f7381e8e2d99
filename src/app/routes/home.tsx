import { memo, useCallback } from 'react';
import { PrerenderedMarkup } from '@/components/ui/prerendered-markup';
import { HeroSection, ProductsSection, WhyChooseUs } from '@/features/catalog';
import { useStorefrontSearch } from '../layout/search-context';
import { useOrderDialog } from './order-dialog-slot';

// The sections draw again only when their own props change: not when the auth state arrives, nor when a
// dialog opens (every Chakra element drawn again costs a slow phone a few milliseconds).
const Hero = memo(HeroSection);
const Products = memo(ProductsSection);

export function HomeRoute() {
  const { searchTerm, setSearchTerm } = useStorefrontSearch();
  const { startOrder, dialog } = useOrderDialog();
  // "See all" is a link to the grid (the browser scrolls there); it also clears the search.
  const showAll = useCallback(() => setSearchTerm(''), [setSearchTerm]);

  return (
    <>
      <Hero />
      <Products searchTerm={searchTerm} onOrder={startOrder} onShowAll={showAll} />
      {/* Text and pictures only: taken over from the prerendered page as it is, not hydrated. */}
      <PrerenderedMarkup>
        <WhyChooseUs />
      </PrerenderedMarkup>
      {dialog}
    </>
  );
}
