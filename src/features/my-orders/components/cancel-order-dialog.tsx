import { useState } from 'react';
import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { bn } from '@/i18n/bn';
import { refusalReason } from '@/lib/refusal-reason';
import { cancelMyOrder } from '../api/cancel-order';
import type { MyOrder } from '../model/my-order';

const t = bn.storefront.myOrders;

export interface CancelOrderDialogProps {
  /** The order to cancel; the dialog is open while one is given. */
  order: MyOrder | null;
  onClose: () => void;
}

/** Asks the customer to confirm, then cancels the order; the list shows 'বাতিল' once the server has done it. */
export function CancelOrderDialog({ order, onClose }: CancelOrderDialogProps) {
  const [cancelling, setCancelling] = useState(false);

  async function confirm() {
    if (!order) return;
    setCancelling(true);
    try {
      await cancelMyOrder(order.id);
      notifySuccess(t.cancelSuccess);
      onClose();
    } catch (error) {
      notifyError(t.cancelError, refusalReason(error), error);
    } finally {
      setCancelling(false);
    }
  }

  return (
    <Dialog.Root
      role="alertdialog"
      open={order !== null}
      onOpenChange={({ open }) => !open && !cancelling && onClose()}
      placement="center"
      size={{ base: 'xs', sm: 'sm' }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="3">
            <Dialog.Header>
              <Dialog.Title>{t.cancelTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description color="fg">{t.cancelConfirmText}</Dialog.Description>
              {order && (
                <Text mt="2" fontWeight="bold">
                  {order.productName} · #{order.id.slice(-8)}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={cancelling}>
                {t.cancelKeep}
              </Button>
              <Button colorPalette="red" onClick={confirm} loading={cancelling} loadingText={t.cancelling}>
                {t.cancelSubmit}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
