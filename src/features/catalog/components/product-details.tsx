import { ORDER_FORM_ID, showsModal } from '@/lib/invoker';
import {
  Badge,
  Box,
  Button,
  Container,
  HStack,
  Heading,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { TruckIcon } from '@/components/ui/icons';
import { formatNumberBn, formatTaka } from '@/lib/format';
import { discountPercent, hasDiscount, type Product } from '../model/product';
import { catalogTexts } from '../texts';
import type { StartOrder } from './start-order';
import { orderSubject } from '../model/order-subject';
import { ProductImage } from './product-image';

const t = catalogTexts;

interface ProductDetailsProps {
  product: Product;
  onOrder: StartOrder;
}

/**
 * One product's page (`/p/<slug>`): its photo, name, price and discount, stock, description and the order
 * button. Rendered by the `pages` Cloud Function on the server and hydrated in the browser (app/routes/product.tsx).
 */
export function ProductDetails({ product, onOrder }: ProductDetailsProps) {
  const discounted = hasDiscount(product);
  const percent = discountPercent(product);
  const inStock = product.stock_quantity > 0;
  return (
    <Container maxW="5xl" py={{ base: '4', md: '10' }} px="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '5', md: '10' }} alignItems="start">
        <Box position="relative" borderRadius="l3" overflow="hidden">
          <ProductImage src={product.image_url} alt={product.name} priority />
          {discounted && (
            <Badge position="absolute" top="3" left="3" colorPalette="red" variant="solid" size="md">
              {percent > 0 ? `${formatNumberBn(percent)}% ${t.card.discount}` : t.card.discount}
            </Badge>
          )}
        </Box>
        <Stack gap="4">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {product.name}
          </Heading>
          <HStack gap="3" alignItems="baseline">
            <Text textStyle="3xl" fontWeight="bold" color="brand.fg" data-testid="product-price">
              {formatTaka(product.price)}
            </Text>
            {discounted && product.original_price !== null && (
              <Text as="del" textStyle="lg" color="fg.muted" aria-label={t.card.originalPrice}>
                {formatTaka(product.original_price)}
              </Text>
            )}
          </HStack>
          <Text fontWeight="semibold" color={inStock ? 'leaf.fg' : 'red.fg'}>
            {inStock ? t.page.inStock : t.page.outOfStock}
          </Text>
          {product.description && <Text textStyle="lg">{product.description}</Text>}
          <Text color="fg.muted">{t.card.weight}</Text>
          <Stack gap="1">
            <HStack color="leaf.fg" gap="1.5">
              <TruckIcon boxSize="4" />
              <Text>{t.card.freeDelivery}</Text>
            </HStack>
            <Text color="fg.muted">{t.card.cashOnDelivery}</Text>
          </Stack>
          {/* Chakra passes on only the attributes it knows: the invoker command goes on the <button> itself. */}
          <Button colorPalette="brand" size="lg" asChild>
            <button
              type="button"
              disabled={!inStock}
              {...showsModal(ORDER_FORM_ID, orderSubject(product))}
              onClick={() => onOrder(product)}
            >
              {t.card.order}
            </button>
          </Button>
          {/* A plain link: the home page is prerendered, a full load paints it at once. */}
          <Link href="/#products" color="brand.fg" fontWeight="semibold">
            {t.page.backToShop}
          </Link>
        </Stack>
      </SimpleGrid>
    </Container>
  );
}
