import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Flex, Heading, Stack } from '@chakra-ui/react';
import { EmptyNote } from '@/components/ui/empty-note';
import { PageSpinner } from '@/components/ui/page-spinner';
import { notifyError } from '@/components/ui/toaster';
import { adminProductsTexts } from '../texts';
import { useProductsApi } from '../api/products-api';
import { byRestockUrgency, type Product } from '../model/admin-product';
import { DeleteProductDialog } from './delete-product-dialog';
import { ProductFormDialog } from './product-form-dialog';
import { ProductList } from './product-list';
import { PlusIcon } from '@/components/ui/admin-icons';

const t = adminProductsTexts;

type Editing = { product: Product | null } | null;

function categoriesOf(products: readonly Product[]): string[] {
  const names = products.map((product) => product.category).filter((category) => category !== null);
  return [...new Set(names)].sort((a, b) => a.localeCompare(b, 'bn'));
}

export function ProductsTab() {
  const { useProducts } = useProductsApi();
  const { list, retry } = useProducts();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [restockFirst, setRestockFirst] = useState(false);
  const loaded = list.status === 'loaded' ? list.data : [];
  const products = restockFirst ? [...loaded].sort(byRestockUrgency) : loaded;
  const error = list.status === 'failed' ? list.error : null;

  useEffect(() => {
    if (error) notifyError(t.loadError, t.loadErrorHint, error);
  }, [error]);

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3">
        <Heading as="h2" size="md">
          {t.title}
        </Heading>
        <Checkbox.Root
          size="sm"
          ms="auto"
          checked={restockFirst}
          onCheckedChange={({ checked }) => setRestockFirst(checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t.restockFirst}</Checkbox.Label>
        </Checkbox.Root>
        <Button colorPalette="brand" onClick={() => setEditing({ product: null })}>
          <PlusIcon />
          {t.add}
        </Button>
      </Flex>

      {list.status === 'loading' ? (
        <PageSpinner minHeight="30vh" />
      ) : list.status === 'failed' ? (
        // Never an empty list: "no products yet" would tell the seller their catalogue is gone.
        <Alert.Root status="error" role="alert" alignItems="center" gap="3">
          <Alert.Indicator />
          <Alert.Content flex="1">
            <Alert.Title>{t.loadError}</Alert.Title>
            <Alert.Description>{t.loadErrorHint}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={retry}>
            {t.retry}
          </Button>
        </Alert.Root>
      ) : products.length === 0 ? (
        <EmptyNote title={t.empty} />
      ) : (
        <ProductList
          products={products}
          onEdit={(product) => setEditing({ product })}
          onDelete={(product) => setDeleting(product)}
        />
      )}

      {editing && (
        <ProductFormDialog
          key={editing.product?.id ?? 'new'}
          product={editing.product}
          categories={categoriesOf(products)}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
