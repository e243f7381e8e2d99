import { Box, Button, Center, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ClientOnly } from '@/components/ui/client-only';
import { PrerenderedMarkup } from '@/components/ui/prerendered-markup';
import { PageSpinner } from '@/components/ui/page-spinner';
import { notifyError } from '@/components/ui/toaster';
import { catalogTexts } from '../texts';
import { useActiveProducts } from '../api/use-active-products';
import { filterProductsByName } from '../model/product';
import { EAGER_IMAGES, earlyCardCount, earlyCardsOnPage, forgetEarlyCards } from './early-cards';
import { EarlyProductGrid } from './early-product-grid';
import { answerEarlyTaps } from './early-taps';
import type { StartOrder } from './start-order';
import { ProductCard } from './product-card';
import { PRODUCT_GRID_COLUMNS, PRODUCT_GRID_GAP } from './product-grid';

const t = catalogTexts.products;

interface ProductsSectionProps {
  /** What the shopper typed in the header's search box; empty shows everything. */
  searchTerm: string;
  onOrder: StartOrder;
  onShowAll: () => void;
}

type ProductGridProps = Pick<ProductsSectionProps, 'searchTerm' | 'onOrder'>;

/**
 * The cards the entry painted before React (early-cards.ts), moved into React's tree where the grid goes: React
 * removes the prerendered fallback that held them when it renders the grid, and puts them back here before the
 * browser paints, so they stay on screen while React draws its own cards.
 */
function EarlyCards({ box }: { box: Element }) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    host.current?.append(box);
    return () => {
      box.remove();
      forgetEarlyCards();
    };
  }, [box]);
  return <div ref={host} />;
}

/**
 * While the entry's early cards are on screen, React's own are drawn in a transition: in slices of a few
 * milliseconds, so a slow phone answers taps and scrolls meanwhile, instead of one long task for all cards.
 */
function useEarlyCardsUntilDrawn(): Element | null {
  const [early, setEarly] = useState(earlyCardsOnPage);
  useEffect(() => {
    if (early) startTransition(() => setEarly(null));
  }, [early]);
  return early;
}

/**
 * How many cards React draws: after the early cards, first as many as they were (the first screen), then all in a
 * transition of their own. Each commit of a transition is one task that cannot yield; two halves of the grid are
 * two shorter tasks on a slow phone instead of one long one.
 */
function useCardsToDraw(early: Element | null): number {
  const [limit, setLimit] = useState(() => (early ? Math.max(earlyCardCount(early), 1) : Infinity));
  const drawing = early === null;
  useEffect(() => {
    if (drawing && limit !== Infinity) startTransition(() => setLimit(Infinity));
  }, [drawing, limit]);
  return limit;
}

/** The jars on sale (the first photos eager, the rest lazy), with the loading, empty and error states. */
function ProductGrid({ searchTerm, onOrder }: ProductGridProps) {
  const products = useActiveProducts();
  const early = useEarlyCardsUntilDrawn();
  const cardsToDraw = useCardsToDraw(early);
  const error = products.status === 'failed' ? products.error : null;

  useEffect(() => {
    if (error) notifyError(t.loadError, t.loadErrorHint, error);
  }, [error]);

  // Taps on the early cards' buttons, made before this ran (kept) or while they are still on screen.
  const loaded = products.status === 'loaded' ? products.data : null;
  useEffect(() => {
    if (!loaded) return;
    return answerEarlyTaps((id, early) => {
      const product = loaded.find((candidate) => candidate.id === id);
      if (product) onOrder(product, early);
      else early?.remove(); // sold out or hidden since the entry's list: nothing to order
    });
  }, [loaded, onOrder]);

  if (early && products.status === 'loaded' && searchTerm.trim() === '') return <EarlyCards box={early} />;

  let content: React.ReactNode;
  if (products.status === 'loading') {
    content = <PageSpinner minHeight="240px" />;
  } else if (products.status === 'failed') {
    content = (
      <Center minHeight="160px" flexDirection="column" gap="1" role="alert">
        <Text fontWeight="semibold">{t.loadError}</Text>
        <Text color="fg.muted">{t.loadErrorHint}</Text>
      </Center>
    );
  } else {
    const visible = filterProductsByName(products.data, searchTerm).slice(0, cardsToDraw);
    content =
      visible.length === 0 ? (
        <Center minHeight="160px">
          <Text color="fg.muted" textStyle="lg">
            {searchTerm.trim() && products.data.length > 0 ? t.noMatch(searchTerm.trim()) : t.empty}
          </Text>
        </Center>
      ) : (
        <SimpleGrid columns={PRODUCT_GRID_COLUMNS} gap={PRODUCT_GRID_GAP}>
          {visible.map((product, index) => (
            <ProductCard
              key={product.id}
              product={product}
              onOrder={onOrder}
              priority={index < EAGER_IMAGES}
            />
          ))}
        </SimpleGrid>
      );
  }
  return content;
}

/**
 * #products: the heading, the grid and "see all". The grid is rendered in the browser only: the prerendered
 * page holds its fallback, which the entry fills with the first cards before React loads (early-cards.ts).
 */
export function ProductsSection({ searchTerm, onOrder, onShowAll }: ProductsSectionProps) {
  return (
    <Box as="section" id="products" py={{ base: '10', md: '16' }} aria-labelledby="products-title">
      <Container maxW="7xl">
        <PrerenderedMarkup>
          <Stack gap="2" textAlign="center" mb={{ base: '6', md: '10' }}>
            <Heading as="h2" id="products-title" size={{ base: '2xl', md: '3xl' }}>
              {t.title}
            </Heading>
            <Text color="fg.muted">{t.subtitle}</Text>
          </Stack>
        </PrerenderedMarkup>
        <ClientOnly fallback={<EarlyProductGrid />}>
          <ProductGrid searchTerm={searchTerm} onOrder={onOrder} />
        </ClientOnly>
        <Center mt={{ base: '8', md: '10' }}>
          {/* A link to the grid's top, working before the app's code has loaded; the app also clears the search. */}
          <Button asChild variant="outline" colorPalette="brand" size="lg">
            <a href="#products" onClick={onShowAll}>
              {t.seeAll}
            </a>
          </Button>
        </Center>
      </Container>
    </Box>
  );
}
