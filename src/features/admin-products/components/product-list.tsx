import {
  Box,
  Card,
  Flex,
  HStack,
  IconButton,
  Image,
  Stack,
  Table,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { adminProductsTexts } from '../texts';
import { formatTaka } from '@/lib/format';
import type { Product } from '../model/admin-product';
import { ProductActiveSwitch } from './product-active-switch';
import { StockBadge } from './stock-badge';
import { JarIcon, PencilIcon, TrashIcon } from '@/components/ui/admin-icons';

const t = adminProductsTexts;

export interface ProductListProps {
  products: readonly Product[];
  onEdit: (product: Product) => void;
  onDelete: (product: Product) => void;
}

function Thumbnail({ product }: { product: Product }) {
  return (
    <Box boxSize="10" borderRadius="l2" overflow="hidden" bg="bg.muted" flexShrink={0}>
      {product.image_url ? (
        <Image src={product.image_url} alt="" width="full" height="full" objectFit="cover" loading="lazy" />
      ) : (
        <Flex boxSize="full" align="center" justify="center" color="fg.subtle">
          <JarIcon />
        </Flex>
      )}
    </Box>
  );
}

function NameAndCategory({ product }: { product: Product }) {
  return (
    <HStack gap="3" minWidth="0">
      <Thumbnail product={product} />
      <Box minWidth="0">
        <Text fontWeight="semibold" overflowWrap="anywhere">
          {product.name}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {product.category ?? t.noCategory}
        </Text>
      </Box>
    </HStack>
  );
}

function Price({ product }: { product: Product }) {
  return (
    <Box>
      <Text fontWeight="semibold">{formatTaka(product.price)}</Text>
      {product.original_price !== null && (
        <Text
          as="s"
          fontSize="xs"
          color="fg.muted"
          aria-label={`${t.originalPrice} ${formatTaka(product.original_price)}`}
        >
          {formatTaka(product.original_price)}
        </Text>
      )}
    </Box>
  );
}

function Actions({ product, onEdit, onDelete }: { product: Product } & Omit<ProductListProps, 'products'>) {
  return (
    <HStack gap="1" justify="flex-end">
      <IconButton
        variant="ghost"
        size="sm"
        aria-label={`${t.edit}: ${product.name}`}
        onClick={() => onEdit(product)}
      >
        <PencilIcon />
      </IconButton>
      <IconButton
        variant="ghost"
        size="sm"
        colorPalette="red"
        aria-label={`${t.delete}: ${product.name}`}
        onClick={() => onDelete(product)}
      >
        <TrashIcon />
      </IconButton>
    </HStack>
  );
}

/** A table on a laptop; on a phone, where five columns do not fit, one card per product. */
export function ProductList({ products, onEdit, onDelete }: ProductListProps) {
  const asTable = useBreakpointValue({ base: false, md: true }, { ssr: false });

  if (!asTable) {
    return (
      <Stack gap="3">
        {products.map((product) => (
          <Card.Root key={product.id} as="article" aria-label={product.name} size="sm" variant="outline">
            <Card.Body gap="3">
              <Flex justify="space-between" gap="2" align="flex-start">
                <NameAndCategory product={product} />
                <Price product={product} />
              </Flex>
              <Flex justify="space-between" align="center" gap="2" wrap="wrap">
                <StockBadge product={product} />
                <ProductActiveSwitch product={product} />
                <Actions product={product} onEdit={onEdit} onDelete={onDelete} />
              </Flex>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l3">
      <Table.Root size="sm" interactive>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t.columns.name}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.columns.price}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.columns.stock}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.columns.active}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t.columns.actions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {products.map((product) => (
            <Table.Row key={product.id} aria-label={product.name}>
              <Table.Cell>
                <NameAndCategory product={product} />
              </Table.Cell>
              <Table.Cell>
                <Price product={product} />
              </Table.Cell>
              <Table.Cell>
                <StockBadge product={product} />
              </Table.Cell>
              <Table.Cell>
                <ProductActiveSwitch product={product} />
              </Table.Cell>
              <Table.Cell>
                <Actions product={product} onEdit={onEdit} onDelete={onDelete} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
