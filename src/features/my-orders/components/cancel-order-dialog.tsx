import { Text } from '@chakra-ui/react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { shortOrderId } from '@/features/ordering/model/order-record';
import { myOrdersTexts } from '../texts';
import { refusalReason } from '@/lib/refusal-reason';
import { cancelMyOrder } from '../api/cancel-order';
import type { MyOrder } from '../model/my-order';

const t = myOrdersTexts;

export interface CancelOrderDialogProps {
  /** The order to cancel; the dialog is open while one is given. */
  order: MyOrder | null;
  onClose: () => void;
}

/** Asks the customer to confirm, then cancels the order; the list shows 'বাতিল' once the server has done it. */
export function CancelOrderDialog({ order, onClose }: CancelOrderDialogProps) {
  async function confirm() {
    if (!order) return;
    try {
      await cancelMyOrder(order.id);
      notifySuccess(t.cancelSuccess);
      onClose();
    } catch (error) {
      notifyError(t.cancelError, refusalReason(error), error);
    }
  }

  return (
    <ConfirmDialog
      open={order !== null}
      title={t.cancelTitle}
      question={t.cancelConfirmText}
      keepLabel={t.cancelKeep}
      confirmLabel={t.cancelSubmit}
      busyLabel={t.cancelling}
      onConfirm={confirm}
      onClose={onClose}
    >
      {order && (
        <Text mt="2" fontWeight="bold">
          {order.product_name} · #{shortOrderId(order.id)}
        </Text>
      )}
    </ConfirmDialog>
  );
}
