import { Box, Button, Center, Container, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { PageSpinner } from '@/components/ui/page-spinner';
import { notifyError } from '@/components/ui/toaster';
import { bn } from '@/i18n/bn';
import { useActiveProducts } from '../api/use-active-products';
import { filterProductsByName, type Product } from '../model/product';
import { ProductCard } from './product-card';

const t = bn.storefront.products;

// Photos of the first cards load eagerly with high priority: one column on a phone, up to four on a laptop's
// first row. The rest are lazy.
export const EAGER_IMAGES = 4;

interface ProductsSectionProps {
  /** What the shopper typed in the header's search box; empty shows everything. */
  searchTerm: string;
  onOrder: (product: Product) => void;
  onShowAll: () => void;
}

/** #products: the grid of jars on sale, with its loading, empty and error states. */
export function ProductsSection({ searchTerm, onOrder, onShowAll }: ProductsSectionProps) {
  const products = useActiveProducts();
  const error = products.status === 'error' ? products.error : null;

  useEffect(() => {
    if (error) notifyError(t.loadError, t.loadErrorHint, error);
  }, [error]);

  let content: React.ReactNode;
  if (products.status === 'loading') {
    content = <PageSpinner minHeight="240px" />;
  } else if (products.status === 'error') {
    content = (
      <Center minHeight="160px" flexDirection="column" gap="1" role="alert">
        <Text fontWeight="semibold">{t.loadError}</Text>
        <Text color="fg.muted">{t.loadErrorHint}</Text>
      </Center>
    );
  } else {
    const visible = filterProductsByName(products.products, searchTerm);
    content =
      visible.length === 0 ? (
        <Center minHeight="160px">
          <Text color="fg.muted" textStyle="lg">
            {searchTerm.trim() && products.products.length > 0 ? t.noMatch(searchTerm.trim()) : t.empty}
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

  return (
    <Box as="section" id="products" py={{ base: '10', md: '16' }} aria-labelledby="products-title">
      <Container maxW="7xl">
        <Stack gap="2" textAlign="center" mb={{ base: '6', md: '10' }}>
          <Heading as="h2" id="products-title" size={{ base: '2xl', md: '3xl' }}>
            {t.title}
          </Heading>
          <Text color="fg.muted">{t.subtitle}</Text>
        </Stack>
        {content}
        <Center mt={{ base: '8', md: '10' }}>
          <Button variant="outline" colorPalette="brand" size="lg" onClick={onShowAll}>
            {t.seeAll}
          </Button>
        </Center>
      </Container>
    </Box>
  );
}
