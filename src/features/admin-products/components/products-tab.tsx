import { useEffect, useState } from 'react';
import { Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { EmptyNote } from '@/components/ui/empty-note';
import { PageSpinner } from '@/components/ui/page-spinner';
import { notifyError } from '@/components/ui/toaster';
import { bn } from '@/i18n/bn';
import { subscribeToProducts } from '../api/products';
import type { Product } from '../model/admin-product';
import { DeleteProductDialog } from './delete-product-dialog';
import { ProductFormDialog } from './product-form-dialog';
import { ProductList } from './product-list';
import { PlusIcon } from '@/components/ui/admin-icons';

const t = bn.admin.products;

type Editing = { product: Product | null } | null;

function categoriesOf(products: readonly Product[]): string[] {
  const names = products.map((product) => product.category).filter((category) => category !== null);
  return [...new Set(names)].sort((a, b) => a.localeCompare(b, 'bn'));
}

export function ProductsTab() {
  const [products, setProducts] = useState<Product[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);

  useEffect(
    () =>
      subscribeToProducts(setProducts, (error) => {
        setProducts((current) => current ?? []);
        notifyError(t.loadError, undefined, error);
      }),
    [],
  );

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3">
        <Heading as="h2" size="md">
          {t.title}
        </Heading>
        <Button colorPalette="brand" onClick={() => setEditing({ product: null })}>
          <PlusIcon />
          {t.add}
        </Button>
      </Flex>

      {products === null ? (
        <PageSpinner minHeight="30vh" />
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
          categories={categoriesOf(products ?? [])}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteProductDialog product={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
