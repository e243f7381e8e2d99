import { Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { MAX_REJECT_REASON_LENGTH, orderMessages, shortOrderId } from '@/features/ordering/model';
import type { AdminOrder } from '../model/admin-order';
import { adminOrdersTexts } from '../texts';

const t = adminOrdersTexts.paymentReview;

export interface RejectPaymentDialogProps {
  /** The order whose payment is rejected; the dialog is open while one is given. */
  order: AdminOrder | null;
  /** Sends the rejection; true once done (the dialog then closes), false when refused (it stays, as typed). */
  onReject: (order: AdminOrder, reason: string) => Promise<boolean>;
  onClose: () => void;
}

/** Asks the seller why the money is not there (the customer reads it), then rejects the claimed payment. */
export function RejectPaymentDialog({ order, onReject, onClose }: RejectPaymentDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };

  async function confirm() {
    if (!order) return;
    const text = reason.trim();
    // The server's own limits and words (parseReviewPaymentInput), said before asking it.
    if (text === '') return setError(orderMessages.payment.rejectReasonRequired);
    if ([...text].length > MAX_REJECT_REASON_LENGTH)
      return setError(orderMessages.payment.rejectReasonTooLong);
    if (await onReject(order, text)) close();
  }

  return (
    <ConfirmDialog
      open={order !== null}
      title={t.rejectTitle}
      question={t.rejectQuestion}
      keepLabel={t.rejectKeep}
      confirmLabel={t.rejectConfirm}
      busyLabel={t.rejecting}
      onConfirm={confirm}
      onClose={close}
    >
      {order && (
        <Text mt="2" fontWeight="bold" fontFamily="mono">
          #{shortOrderId(order.id)} · {t.trxId} {order.payment_trxid}
        </Text>
      )}
      <FormField label={t.rejectReason} required error={error} mt="3">
        <Textarea
          rows={2}
          maxLength={MAX_REJECT_REASON_LENGTH * 2}
          placeholder={t.rejectReasonPlaceholder}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(undefined);
          }}
        />
      </FormField>
    </ConfirmDialog>
  );
}
