import { Box, Button, Input, List, Stack, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { shortOrderId } from '@/features/ordering/model/order-record';
import type { MobilePaymentMethod } from '@/features/ordering/model/payment';
import {
  paymentClaimErrors,
  trxIdExample,
  type PaymentClaimValues,
} from '@/features/ordering/model/payment-claim';
import { paymentInstructionSteps } from '@/features/ordering/model/payment-instructions';
import { paymentTexts } from '@/features/ordering/model/payment-texts';
import { formatTaka } from '@/lib/format';
import { refusalReason } from '@/lib/refusal-reason';
import { usePaymentAccounts } from '../api/payment-accounts';
import { submitMyPayment } from '../api/submit-payment';
import type { MyOrder } from '../model/my-order';
import { myOrdersTexts as t } from '../texts';

export interface SubmitPaymentFormProps {
  order: MyOrder;
  method: MobilePaymentMethod;
}

/**
 * A bKash/Nagad order still unpaid (or whose TrxID the seller could not find): how to pay, with the order number
 * as reference now that it exists, and the TrxID and payer number to send. The card changes live once sent.
 * Loaded only for such an order, so /orders carries none of it otherwise.
 */
export function SubmitPaymentForm({ order, method }: SubmitPaymentFormProps) {
  const settings = usePaymentAccounts();
  const [values, setValues] = useState<PaymentClaimValues>({ trxId: '', payer: '' });
  const [errors, setErrors] = useState<Partial<PaymentClaimValues>>({});
  const [sending, setSending] = useState(false);

  async function send(event: React.FormEvent) {
    event.preventDefault();
    const found = paymentClaimErrors(method, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await submitMyPayment({ orderId: order.id, trxId: values.trxId, payer: values.payer });
      notifySuccess(t.paymentSent);
    } catch (error) {
      notifyError(t.paymentError, refusalReason(error), error);
    } finally {
      setSending(false);
    }
  }

  const field = (name: keyof PaymentClaimValues) => ({
    name,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  return (
    <chakra.form onSubmit={send} noValidate aria-label={t.payNow} data-testid="submit-payment">
      <Stack gap="2">
        {settings && (
          <Box bg="brand.subtle" borderRadius="md" px="3" py="2">
            <List.Root as="ol" textStyle="sm" gap="0.5" ps="5">
              {paymentInstructionSteps({
                method,
                account: settings[method],
                amount: { shown: formatTaka(order.total_amount), typed: String(order.total_amount) },
                reference: { kind: 'order', number: shortOrderId(order.id) },
              }).map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List.Root>
          </Box>
        )}
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2">
          <FormField
            label={paymentTexts.trxIdLabel(paymentTexts.trxIdName[method])}
            error={errors.trxId}
            flex="1"
          >
            <Input
              size="sm"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              placeholder={paymentTexts.trxIdPlaceholder(trxIdExample(method))}
              {...field('trxId')}
            />
          </FormField>
          <FormField label={paymentTexts.payerLabel} error={errors.payer} flex="1">
            <Input
              size="sm"
              type="tel"
              inputMode="tel"
              placeholder={paymentTexts.payerPlaceholder}
              {...field('payer')}
            />
          </FormField>
        </Stack>
        <Button
          type="submit"
          size="sm"
          colorPalette="brand"
          alignSelf="flex-end"
          loading={sending}
          loadingText={t.submittingPayment}
        >
          {t.submitPayment}
        </Button>
      </Stack>
    </chakra.form>
  );
}
