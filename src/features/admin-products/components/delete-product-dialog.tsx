import { Text } from '@chakra-ui/react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { adminProductsTexts } from '../texts';
import { useProductsApi } from '../api/products-api';
import type { Product } from '../model/admin-product';

const t = adminProductsTexts.deleteDialog;

export interface DeleteProductDialogProps {
  /** The product to delete; the dialog is open while one is given. */
  product: Product | null;
  onClose: () => void;
}

/** Asks before deleting, then deletes the product and its image. */
export function DeleteProductDialog({ product, onClose }: DeleteProductDialogProps) {
  const { deleteProduct } = useProductsApi();
  async function confirm() {
    if (!product) return;
    try {
      await deleteProduct(product);
      notifySuccess(t.success);
      onClose();
    } catch (error) {
      notifyError(t.error, undefined, error);
    }
  }

  return (
    <ConfirmDialog
      open={product !== null}
      title={t.title}
      question={t.confirm}
      keepLabel={t.cancel}
      confirmLabel={t.submit}
      onConfirm={confirm}
      onClose={onClose}
    >
      {product && (
        <Text mt="2" fontWeight="bold">
          {product.name}
        </Text>
      )}
      <Text mt="2" fontSize="sm" color="fg.muted">
        {t.irreversible}
      </Text>
    </ConfirmDialog>
  );
}
