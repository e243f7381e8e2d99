import { useState } from 'react';
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import {
  parseCourierPayoutInput,
  shortOrderId,
  toLatinDigits,
  type CourierPayoutInput,
} from '@/features/ordering/model';
import { formatTaka } from '@/lib/format';
import { dhakaDateKey } from '@/lib/shop-time';
import type { CourierOwedOrder } from '../api/courier-cash';
import { adminOrdersTexts } from '../texts';

const t = adminOrdersTexts.courierCash;

export interface CourierCashProps {
  /** The parcels whose cash the courier holds, oldest first; null while loading. */
  owed: CourierOwedOrder[] | null;
  /** Records the payout; true once done (the dialog then closes), false when refused (it stays, as typed). */
  onRecord: (input: CourierPayoutInput) => Promise<boolean>;
  /** Today, for the payout's date (a test's fixed day). */
  now?: () => Date;
}

/** "কুরিয়ারের কাছে পাওনা ৳…" and the seller's record of a payout. */
export function CourierCash({ owed, onRecord, now = () => new Date() }: CourierCashProps) {
  const [open, setOpen] = useState(false);
  if (owed === null) return null;
  const total = owed.reduce((sum, order) => sum + order.owed, 0);
  return (
    <HStack gap="3" wrap="wrap">
      <Text fontWeight="bold" fontVariantNumeric="tabular-nums">
        {total > 0 ? t.owed(formatTaka(total / 100)) : t.nothingOwed}
      </Text>
      {total > 0 && (
        <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
          {t.record}
        </Button>
      )}
      {open && (
        <PayoutDialog
          owed={owed}
          onRecord={onRecord}
          today={dhakaDateKey(now())}
          onClose={() => setOpen(false)}
        />
      )}
    </HStack>
  );
}

interface PayoutDialogProps {
  owed: CourierOwedOrder[];
  onRecord: (input: CourierPayoutInput) => Promise<boolean>;
  today: string;
  onClose: () => void;
}

function PayoutDialog({ owed, onRecord, today, onClose }: PayoutDialogProps) {
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  const [reference, setReference] = useState('');
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    const parsed = parseCourierPayoutInput({
      amount: amount.trim() === '' ? Number.NaN : Number(toLatinDigits(amount.trim())),
      paidOn,
      reference,
      ...(picked.size > 0 && { orderIds: [...picked] }),
    });
    if (!parsed.ok) return setError(parsed.error);
    if (await onRecord(parsed.input)) onClose();
  }

  function toggle(id: string, checked: boolean) {
    setPicked((current) => {
      const next = new Set(current);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
    setError(null);
  }

  return (
    <ConfirmDialog
      open
      title={t.title}
      question={t.question}
      keepLabel={t.keep}
      confirmLabel={t.confirm}
      busyLabel={t.recording}
      onConfirm={confirm}
      onClose={onClose}
    >
      <FormField label={t.amount} required mt="3">
        <Input
          inputMode="decimal"
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setError(null);
          }}
        />
      </FormField>
      <FormField label={t.paidOn} required mt="3">
        <Input type="date" value={paidOn} onChange={(event) => setPaidOn(event.currentTarget.value)} />
      </FormField>
      <FormField label={t.reference} required mt="3">
        <Input
          autoComplete="off"
          value={reference}
          onChange={(event) => {
            setReference(event.currentTarget.value);
            setError(null);
          }}
        />
      </FormField>
      <Text mt="3" fontSize="sm">
        {t.pick}
      </Text>
      <Stack gap="1" mt="1" maxH="40" overflowY="auto">
        {owed.map((order) => (
          <HStack as="label" key={order.id} gap="2" fontSize="sm">
            <input
              type="checkbox"
              checked={picked.has(order.id)}
              onChange={(event) => toggle(order.id, event.currentTarget.checked)}
            />
            <span>
              #{shortOrderId(order.id)} · {order.customerName} · {formatTaka(order.owed / 100)}
            </span>
          </HStack>
        ))}
      </Stack>
      {error && (
        <Text mt="3" color="fg.error" role="alert">
          {error}
        </Text>
      )}
    </ConfirmDialog>
  );
}
