import {
  Badge,
  Box,
  Button,
  Checkbox,
  Flex,
  HStack,
  Input,
  Stack,
  Text,
  Textarea,
  chakra,
} from '@chakra-ui/react';
import { useFormik } from 'formik';
import { useCallback, useEffect, useState } from 'react';
import { FormField, errorOf } from '@/components/ui/form-field';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import {
  isEditableStatus,
  courierStateLabel,
  courierStateOf,
  isOrderStatus,
  isPaymentState,
  MAX_NOTE_LENGTH,
  orderEditSchema,
  orderStatusLabel,
  paymentStateLabel,
  toBengaliDigits,
  type EditOrderInput,
  type HistoryChange,
  type HistoryEntry,
} from '@/features/ordering/model';
import { formatDateTime, formatNumberBn, formatTaka } from '@/lib/format';
import {
  addOrderNote,
  deleteOrderNote,
  editOrder,
  loadOrderHistory,
  loadOrderNotes,
  setNoteForSlip,
  type StoredNote,
} from '../api/order-history';
import type { AdminOrder } from '../model/admin-order';
import { adminOrdersTexts } from '../texts';

const t = adminOrdersTexts.details;

/** A stored value as the seller reads it: a status or payment by its label, money in taka, numbers in Bengali. */
function shownValue(field: string, value: HistoryChange['from']): string {
  if (value === null || value === '') return t.empty;
  if (field === 'status' && isOrderStatus(value)) return orderStatusLabel(value);
  const courierState = field === 'courier_state' ? courierStateOf(value) : null;
  if (courierState) return courierStateLabel(courierState);
  if (field === 'payment_state' && isPaymentState(value)) return paymentStateLabel(value);
  if (field === 'total_amount' && typeof value === 'number') return formatTaka(value);
  if (typeof value === 'number') return formatNumberBn(value);
  return toBengaliDigits(value);
}

function HistoryLine({ entry }: { entry: HistoryEntry }) {
  return (
    <Box as="li" fontSize="sm" data-testid="history-line">
      <Text color="fg.muted" fontSize="xs">
        {entry.at ? formatDateTime(entry.at) : ''} · {t.by[entry.by]}
      </Text>
      {entry.changes.map((change) => (
        <Text key={change.field} whiteSpace="pre-line">
          {t.fields[change.field] ?? change.field}: {shownValue(change.field, change.from)} →{' '}
          {shownValue(change.field, change.to)}
        </Text>
      ))}
    </Box>
  );
}

function EditOrderForm({ order, onSaved }: { order: AdminOrder; onSaved: () => void }) {
  const formik = useFormik({
    initialValues: {
      quantity: String(order.quantity),
      customerName: order.customer_name,
      customerPhone: order.customer_phone,
      customerAddress: order.customer_address,
    },
    enableReinitialize: true,
    validationSchema: orderEditSchema,
    onSubmit: async (values) => {
      const cast = orderEditSchema.cast(values);
      const input: EditOrderInput = { orderId: order.id };
      if (cast.quantity !== order.quantity) input.quantity = cast.quantity;
      if (cast.customerName !== order.customer_name) input.customerName = cast.customerName;
      if (cast.customerPhone !== order.customer_phone) input.customerPhone = cast.customerPhone;
      if (cast.customerAddress !== order.customer_address) input.customerAddress = cast.customerAddress;
      if (Object.keys(input).length === 1) return notifySuccess(t.unchanged);
      try {
        await editOrder(input);
        notifySuccess(t.saved);
        onSaved();
      } catch (error) {
        notifyError(t.editError, undefined, error);
      }
    },
  });
  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      gap="2"
      onSubmit={formik.handleSubmit}
      aria-label={t.editTitle}
      noValidate
    >
      <Text fontWeight="bold">{t.editTitle}</Text>
      <Flex gap="2" wrap="wrap">
        <FormField label={t.fields.quantity} error={errorOf(formik, 'quantity')} width="24">
          <Input {...formik.getFieldProps('quantity')} inputMode="numeric" size="sm" />
        </FormField>
        <FormField label={t.name} error={errorOf(formik, 'customerName')} flex="1" minWidth="40">
          <Input {...formik.getFieldProps('customerName')} size="sm" />
        </FormField>
        <FormField label={adminOrdersTexts.phone} error={errorOf(formik, 'customerPhone')} width="44">
          <Input {...formik.getFieldProps('customerPhone')} inputMode="tel" size="sm" />
        </FormField>
      </Flex>
      <FormField label={adminOrdersTexts.address} error={errorOf(formik, 'customerAddress')}>
        <Textarea {...formik.getFieldProps('customerAddress')} rows={2} size="sm" />
      </FormField>
      <Button
        type="submit"
        size="sm"
        alignSelf="flex-start"
        loading={formik.isSubmitting}
        loadingText={t.saving}
      >
        {t.save}
      </Button>
    </chakra.form>
  );
}

function NoteForm({ orderId, onAdded }: { orderId: string; onAdded: () => void }) {
  const [text, setText] = useState('');
  const [forSlip, setForSlip] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const add = async () => {
    const note = text.trim();
    if (note === '') return setError(t.noteRequired);
    if ([...note].length > MAX_NOTE_LENGTH) return setError(t.noteTooLong);
    setSaving(true);
    try {
      await addOrderNote(orderId, note, forSlip);
      setText('');
      setForSlip(false);
      onAdded();
    } catch (caught) {
      notifyError(t.noteError, undefined, caught);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="2">
      <FormField label={t.noteLabel} error={error}>
        <Textarea
          rows={2}
          size="sm"
          placeholder={t.notePlaceholder}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(undefined);
          }}
        />
      </FormField>
      <HStack gap="3" wrap="wrap">
        <Checkbox.Root
          size="sm"
          checked={forSlip}
          onCheckedChange={({ checked }) => setForSlip(checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t.noteForSlip}</Checkbox.Label>
        </Checkbox.Root>
        <Button size="sm" variant="outline" loading={saving} onClick={() => void add()}>
          {t.addNote}
        </Button>
      </HStack>
    </Stack>
  );
}

type Loaded =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'loaded'; history: HistoryEntry[]; notes: StoredNote[] };

/**
 * On the card, opened on demand (the list itself reads nothing of it): the order's history, the seller's private
 * notes (one may go on the packing slip) and, before dispatch, the edit form.
 */
export function OrderDetails({ order }: { order: AdminOrder }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const reload = useCallback(() => {
    Promise.all([loadOrderHistory(order.id), loadOrderNotes(order.id)]).then(
      ([history, notes]) => setLoaded({ status: 'loaded', history, notes }),
      () => setLoaded({ status: 'failed' }),
    );
  }, [order.id]);
  // The live order changed (an edit, a status): its history has a new line.
  const changedAt = order.updated_at?.getTime();
  useEffect(() => {
    if (open) reload();
  }, [open, reload, changedAt]);

  if (!open) {
    return (
      <Button size="xs" variant="outline" onClick={() => setOpen(true)}>
        {t.open}
      </Button>
    );
  }
  const editable = isEditableStatus(order.status, false);
  return (
    <Stack gap="4" width="full" borderTopWidth="1px" pt="3" data-testid="order-details">
      <Button size="xs" variant="ghost" alignSelf="flex-end" onClick={() => setOpen(false)}>
        {t.close}
      </Button>
      {loaded.status === 'loading' && <Text fontSize="sm">{t.loading}</Text>}
      {loaded.status === 'failed' && (
        <Text fontSize="sm" color="fg.error">
          {t.loadError}
        </Text>
      )}
      {loaded.status === 'loaded' && (
        <>
          <Box>
            <Text fontWeight="bold">{t.historyTitle}</Text>
            {loaded.history.length === 0 ? (
              <Text fontSize="sm">{t.historyEmpty}</Text>
            ) : (
              <Stack as="ol" gap="2" listStyleType="none" aria-label={t.historyTitle}>
                {loaded.history.map((entry, index) => (
                  <HistoryLine key={index} entry={entry} />
                ))}
              </Stack>
            )}
          </Box>
          <Box>
            <Text fontWeight="bold">{t.notesTitle}</Text>
            {loaded.notes.length === 0 && <Text fontSize="sm">{t.notesEmpty}</Text>}
            <Stack as="ul" gap="1" listStyleType="none" mb="2">
              {loaded.notes.map((note) => (
                <HStack as="li" key={note.id} gap="2" fontSize="sm" data-testid="order-note" wrap="wrap">
                  <Text whiteSpace="pre-line">{note.text}</Text>
                  {note.for_slip && <Badge colorPalette="purple">{t.onSlip}</Badge>}
                  <Button
                    size="2xs"
                    variant="ghost"
                    onClick={() =>
                      void setNoteForSlip(order.id, note.id, !note.for_slip).then(reload, (error: unknown) =>
                        notifyError(t.noteError, undefined, error),
                      )
                    }
                  >
                    {t.noteForSlip} {note.for_slip ? '✓' : ''}
                  </Button>
                  <Button
                    size="2xs"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() =>
                      void deleteOrderNote(order.id, note.id).then(reload, (error: unknown) =>
                        notifyError(t.noteError, undefined, error),
                      )
                    }
                  >
                    {t.deleteNote}
                  </Button>
                </HStack>
              ))}
            </Stack>
            <NoteForm orderId={order.id} onAdded={reload} />
          </Box>
          {editable ? (
            <EditOrderForm order={order} onSaved={reload} />
          ) : (
            <Text fontSize="sm">{t.editClosed}</Text>
          )}
        </>
      )}
    </Stack>
  );
}
