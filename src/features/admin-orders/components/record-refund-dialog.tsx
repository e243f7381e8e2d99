import { Input, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { shortOrderId, type RecordRefundInput } from '@/features/ordering/model';
import { formatTaka } from '@/lib/format';
import type { AdminOrder } from '../model/admin-order';
import { checkRefund, type RefundErrors } from '../model/refund-form';
import { adminOrdersTexts } from '../texts';

const t = adminOrdersTexts.money;

export interface RecordRefundDialogProps {
  /** The order money was sent back for: its refund due prefills the amount. */
  order: AdminOrder;
  /** Records the refund; true once done (the dialog then closes), false when refused (it stays, as typed). */
  onRecord: (input: RecordRefundInput) => Promise<boolean>;
  onClose: () => void;
}

/** Asks how much went back and the TrxID of the money sent, then records the refund on the order. */
export function RecordRefundDialog({ order, onRecord, onClose }: RecordRefundDialogProps) {
  const [amount, setAmount] = useState(String(order.refund_due));
  const [trxId, setTrxId] = useState('');
  const [errors, setErrors] = useState<RefundErrors>({});

  async function confirm() {
    const checked = checkRefund(order, amount, trxId);
    if (!checked.ok) return setErrors(checked.errors);
    if (await onRecord(checked.input)) onClose();
  }

  return (
    <ConfirmDialog
      open
      title={t.refundTitle}
      question={t.refundQuestion}
      keepLabel={t.refundKeep}
      confirmLabel={t.refundConfirm}
      busyLabel={t.refunding}
      onConfirm={confirm}
      onClose={onClose}
    >
      <Text mt="2" fontWeight="bold">
        #{shortOrderId(order.id)} · {t.refundDue(formatTaka(order.refund_due))}
      </Text>
      {order.payment_payer && (
        <Text fontSize="sm" fontVariantNumeric="tabular-nums">
          {t.refundTo(order.payment_payer)}
        </Text>
      )}
      <FormField label={t.refundAmount} required error={errors.amount} mt="3">
        <Input
          inputMode="decimal"
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setErrors((current) => ({ ...current, amount: undefined }));
          }}
        />
      </FormField>
      <FormField label={t.refundTrxId} required error={errors.trxId} mt="3">
        <Input
          fontFamily="mono"
          autoComplete="off"
          value={trxId}
          onChange={(event) => {
            setTrxId(event.currentTarget.value);
            setErrors((current) => ({ ...current, trxId: undefined }));
          }}
        />
      </FormField>
    </ConfirmDialog>
  );
}
