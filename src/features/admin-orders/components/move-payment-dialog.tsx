import { Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { shortOrderId, type ReviewPaymentInput } from '@/features/ordering/model';
import type { AdminOrder } from '../model/admin-order';
import { moveTargetOf } from '../model/move-target';
import { adminOrdersTexts } from '../texts';

const t = adminOrdersTexts.paymentReview;

export interface MovePaymentDialogProps {
  /** The order whose claimed TrxID is moved. */
  order: AdminOrder;
  /** The orders loaded on the dashboard: the number a card shows is looked up among them. */
  loaded: readonly AdminOrder[];
  /** Sends the move; true once done (the dialog then closes), false when refused (it stays, as typed). */
  onMove: (input: ReviewPaymentInput) => Promise<boolean>;
  onClose: () => void;
}

/** Asks which order a claimed TrxID really paid, then moves the claim there (reviewPayment's 'move'). */
export function MovePaymentDialog({ order, loaded, onMove, onClose }: MovePaymentDialogProps) {
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function confirm() {
    const checked = moveTargetOf(order.id, target, loaded);
    if (!checked.ok) return setError(checked.error);
    if (await onMove(checked.input)) onClose();
  }

  return (
    <ConfirmDialog
      open
      title={t.moveTitle}
      question={t.moveQuestion}
      keepLabel={t.moveKeep}
      confirmLabel={t.moveConfirm}
      busyLabel={t.moving}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text mt="2" fontWeight="bold" fontFamily="mono">
        #{shortOrderId(order.id)} · {t.trxId} {order.payment_trxid}
      </Text>
      <FormField label={t.moveTarget} required error={error} mt="3">
        <Input
          fontFamily="mono"
          autoComplete="off"
          placeholder={t.moveTargetPlaceholder}
          value={target}
          onChange={(event) => {
            setTarget(event.currentTarget.value);
            setError(undefined);
          }}
        />
      </FormField>
    </ConfirmDialog>
  );
}
