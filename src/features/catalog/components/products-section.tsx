import { Box, Button, Center, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { PrerenderedMarkup } from '@/components/ui/prerendered-markup';
import { PageSpinner } from '@/components/ui/page-spinner';
import { notifyError } from '@/components/ui/toaster';
import { catalogTexts } from '../texts';
import { useActiveProducts } from '../api/use-active-products';
import { filterProductsByName } from '../model/product';
import type { StartOrder } from './start-order';
import { ProductCard } from './product-card';

const t = catalogTexts.products;

interface ProductsSectionProps {
  /** What the shopper typed in the header's search box; empty shows everything. */
  searchTerm: string;
  onOrder: StartOrder;
  onShowAll: () => void;
}

type ProductGridProps = Pick<ProductsSectionProps, 'searchTerm' | 'onOrder'>;

/** How many cards' photos load at once (the first screen's; the largest paint may be one of them). */
export const EAGER_IMAGES = 2;

/** The jars on sale (the first photos eager, the rest lazy), with the loading, empty and error states. */
function ProductGrid({ searchTerm, onOrder }: ProductGridProps) {
  const products = useActiveProducts();
  const error = products.status === 'failed' ? products.error : null;

  useEffect(() => {
    if (error) notifyError(t.loadError, t.loadErrorHint, error);
  }, [error]);

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
    const visible = filterProductsByName(products.data, searchTerm);
    content =
      visible.length === 0 ? (
        <Center minHeight="160px">
          <Text color="fg.muted" textStyle="lg">
            {searchTerm.trim() && products.data.length > 0 ? t.noMatch(searchTerm.trim()) : t.empty}
          </Text>
        </Center>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap={{ base: '4', md: '6' }}>
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
 * #products: the heading, the grid and "see all". On `/` the server renders the grid with the jars on sale (the
 * `pages` function) and the browser hydrates it.
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
        <ProductGrid searchTerm={searchTerm} onOrder={onOrder} />
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
