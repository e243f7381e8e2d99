import { useState } from 'react';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { bn } from '@/i18n/bn';
import { deleteProduct } from '../api/products';
import type { AdminProduct } from '../model/admin-product';

const t = bn.admin.products.deleteDialog;

export interface DeleteProductDialogProps {
  /** The product to delete; the dialog is open while one is given. */
  product: AdminProduct | null;
  onClose: () => void;
}

/** Asks before deleting, then deletes the product and its image. */
export function DeleteProductDialog({ product, onClose }: DeleteProductDialogProps) {
  const [deleting, setDeleting] = useState(false);

  async function confirm() {
    if (!product) return;
    setDeleting(true);
    try {
      await deleteProduct(product);
      notifySuccess(t.success);
      onClose();
    } catch (error) {
      notifyError(t.error, undefined, error);
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Dialog.Root
      role="alertdialog"
      open={product !== null}
      onOpenChange={({ open }) => !open && !deleting && onClose()}
      placement="center"
      size={{ base: 'xs', sm: 'sm' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <Dialog.Header>
              <Dialog.Title>{t.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description color="fg">{t.confirm}</Dialog.Description>
              {product && (
                <Text mt="2" fontWeight="bold">
                  {product.name}
                </Text>
              )}
              <Text mt="2" fontSize="sm" color="fg.muted">
                {t.irreversible}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={deleting}>
                {t.cancel}
              </Button>
              <Button colorPalette="red" onClick={confirm} loading={deleting}>
                {t.submit}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
