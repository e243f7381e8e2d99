import { Box, Input, List, Stack, Text } from '@chakra-ui/react';
import type { FormikProps } from 'formik';
import { errorOf, FormField } from '@/components/ui/form-field';
import { formatTaka } from '@/lib/format';
import type { MobilePaymentMethod } from '../model/payment';
import type { PaymentClaimValues } from '../model/payment-claim';
import { trxIdExample } from '../model/payment-claim';
import { payLaterNote, paymentInstructionSteps } from '../model/payment-instructions';
import type { WalletAccount } from '../model/payment-settings';
import { paymentTexts as t } from '../model/payment-texts';

export interface WalletPaymentFieldsProps<Values extends PaymentClaimValues> {
  method: MobilePaymentMethod;
  account: WalletAccount;
  /** The running total; null while the quantity is being typed. */
  total: number | null;
  /** The customer's mobile number once it is a valid one: the payment's reference. */
  phone: string | null;
  waitHours: number;
  formik: FormikProps<Values>;
}

/**
 * How to pay by bKash or Nagad, step by step (the number, the app's words for this kind of account, the exact
 * amount, the reference), then the TrxID and the payer's number, both optional: the customer may pay later.
 */
export function WalletPaymentFields<Values extends PaymentClaimValues>({
  method,
  account,
  total,
  phone,
  waitHours,
  formik,
}: WalletPaymentFieldsProps<Values>) {
  const steps = paymentInstructionSteps({
    method,
    account,
    amount: total === null ? null : { shown: formatTaka(total), typed: String(total) },
    reference: { kind: 'phone', phone },
  });
  return (
    <Stack gap="3" data-testid="wallet-payment">
      <Box bg="brand.subtle" borderRadius="md" px="3" py="2.5">
        <Text fontWeight="semibold" textStyle="sm" mb="1">
          {t.heading[method]}
        </Text>
        <List.Root as="ol" textStyle="sm" gap="1" ps="5">
          {steps.map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List.Root>
        <Text textStyle="xs" color="fg.muted" mt="1.5">
          {payLaterNote(waitHours)}
        </Text>
      </Box>
      <FormField label={t.trxIdLabel(t.trxIdName[method])} error={errorOf(formik, 'trxId')}>
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t.trxIdPlaceholder(trxIdExample(method))}
          {...formik.getFieldProps('trxId')}
        />
      </FormField>
      <FormField label={t.payerLabel} error={errorOf(formik, 'payer')}>
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder={t.payerPlaceholder}
          {...formik.getFieldProps('payer')}
        />
      </FormField>
    </Stack>
  );
}
