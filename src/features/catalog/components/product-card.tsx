import { ORDER_FORM_ID, showsModal } from '@/lib/invoker';
import { Badge, Box, Button, Card, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { productPath } from '@/features/ordering/model/product-slug';
import { TruckIcon } from '@/components/ui/icons';
import { catalogTexts } from '../texts';
import { formatNumberBn, formatTaka } from '@/lib/format';
import { productPhotoSrcset } from '@/features/ordering/model/product-photo-sizes';
import { discountPercent, hasDiscount, type Product } from '../model/product';
import { orderSubject } from '../model/order-subject';
import { ProductImage } from './product-image';
import { StarRating } from './star-rating';

const t = catalogTexts.card;

// Marketing values the seller shows on every jar (rating, reviews, weight, delivery); they are not product data.
export const CARD_RATING = 4.5;

interface ProductCardProps {
  product: Product;
  onOrder: (product: Product) => void;
  /** The first cards' photos load at once (the largest paint of a phone's screen may be one of them). */
  priority?: boolean;
}

export function ProductCard({ product, onOrder, priority = false }: ProductCardProps) {
  const discounted = hasDiscount(product);
  const percent = discountPercent(product);

  return (
    <Card.Root overflow="hidden" variant="elevated" height="full" as="article" aria-label={product.name}>
      <Box position="relative">
        <ProductImage
          src={product.image_url}
          srcSet={productPhotoSrcset(product)}
          alt={product.name}
          priority={priority}
        />
        {discounted && (
          <Badge position="absolute" top="3" left="3" colorPalette="red" variant="solid" size="md">
            {percent > 0 ? `${formatNumberBn(percent)}% ${t.discount}` : t.discount}
          </Badge>
        )}
      </Box>
      <Card.Body gap="2" p="4">
        <Heading as="h3" size="md" lineClamp={2}>
          {/* The product's own page (a full load: the `pages` function renders it for link previews too). */}
          <Link href={productPath(product)} color="inherit">
            {product.name}
          </Link>
        </Heading>
        <HStack gap="2">
          <StarRating rating={CARD_RATING} label={t.ratingLabel} />
          <Text textStyle="sm" fontWeight="semibold">
            {t.rating}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            {t.reviews}
          </Text>
        </HStack>
        <Text textStyle="sm" color="fg.muted">
          {t.weight}
        </Text>
        <Stack gap="1" textStyle="sm">
          <HStack color="leaf.fg" gap="1.5">
            <TruckIcon boxSize="4" />
            <Text>{t.freeDelivery}</Text>
          </HStack>
          <Text color="fg.muted">{t.cashOnDelivery}</Text>
        </Stack>
      </Card.Body>
      <Card.Footer p="4" pt="0" justifyContent="space-between" alignItems="center" gap="3" flexWrap="wrap">
        <HStack gap="2" alignItems="baseline">
          <Text textStyle="xl" fontWeight="bold" color="brand.fg" data-testid="product-price">
            {formatTaka(product.price)}
          </Text>
          {discounted && product.original_price !== null && (
            <Text as="del" textStyle="sm" color="fg.muted" aria-label={t.originalPrice}>
              {formatTaka(product.original_price)}
            </Text>
          )}
        </HStack>
        {/* Chakra passes on only the attributes it knows: the invoker command goes on the <button> itself. */}
        <Button colorPalette="brand" size="sm" asChild>
          <button
            type="button"
            {...showsModal(ORDER_FORM_ID, orderSubject(product))}
            onClick={() => onOrder(product)}
          >
            {t.order}
          </button>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
