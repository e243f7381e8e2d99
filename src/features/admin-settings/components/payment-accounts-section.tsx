import { Fieldset, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { errorOf, FormField } from '@/components/ui/form-field';
import {
  MOBILE_PAYMENT_METHODS,
  PAYMENT_METHODS,
  WALLET_ACCOUNT_TYPES,
  paymentMethodLabel,
  type PaymentSettings,
} from '@/features/ordering/model';
import { paymentTexts } from '@/features/ordering/model/payment-texts';
import { useSettingsApi } from '../api/settings-api';
import {
  paymentAccountsFormValues,
  paymentAccountsSchema,
  toPaymentAccounts,
  type PaymentAccountsFormValues,
} from '../model/payment-accounts-form';
import { adminSettingsTexts } from '../texts';
import { saveSection, SettingsForm, SettingsSection, SettingSwitch } from './settings-section';

const t = adminSettingsTexts.payments;

/**
 * The Settings tab's payment accounts: which methods the order dialog offers, the bKash and Nagad numbers and
 * the kind of each account (it decides the words the customer is told), and how long an unpaid order waits.
 * Only admins may save it (firestore.rules); anyone may read it, as the order dialog shows the numbers.
 */
export function PaymentAccountsSection() {
  return (
    <SettingsSection id="payment-accounts-title" texts={t} load={useSettingsApi().loadPaymentSettings}>
      {(stored) => <PaymentAccountsForm initial={stored} />}
    </SettingsSection>
  );
}

function PaymentAccountsForm({ initial }: { initial: PaymentSettings }) {
  const { savePaymentAccounts } = useSettingsApi();
  const formik = useFormik<PaymentAccountsFormValues>({
    initialValues: paymentAccountsFormValues(initial),
    validationSchema: paymentAccountsSchema,
    onSubmit: async (values, helpers) => {
      const accounts = toPaymentAccounts(values);
      await saveSection(
        () => savePaymentAccounts(accounts),
        () => helpers.resetForm({ values: paymentAccountsFormValues({ ...initial, ...accounts }) }),
        t,
      );
    },
  });
  const methodsError = errorOf(formik, 'cash_on_delivery');

  return (
    <SettingsForm formik={formik} texts={t}>
      <Fieldset.Root invalid={Boolean(methodsError)}>
        <Fieldset.Legend fontWeight="medium" fontSize="sm">
          {t.methods}
        </Fieldset.Legend>
        <Stack gap="2">
          {PAYMENT_METHODS.map((method) => (
            <SettingSwitch
              key={method}
              checked={formik.values[method]}
              onChange={(checked) => {
                void formik.setFieldValue(method, checked);
                void formik.setFieldTouched('cash_on_delivery', true, false);
              }}
              label={paymentMethodLabel(method)}
            />
          ))}
        </Stack>
        {methodsError && <Fieldset.ErrorText>{methodsError}</Fieldset.ErrorText>}
      </Fieldset.Root>
      {MOBILE_PAYMENT_METHODS.map((method) => {
        const provider = paymentMethodLabel(method);
        return (
          <Stack key={method} gap="3" direction={{ base: 'column', sm: 'row' }}>
            <FormField
              label={t.number(provider)}
              required={formik.values[method]}
              error={errorOf(formik, `${method}_number`)}
              flex="1"
            >
              <Input
                type="tel"
                inputMode="tel"
                placeholder={t.numberPlaceholder}
                {...formik.getFieldProps(`${method}_number`)}
              />
            </FormField>
            <FormField label={t.accountType(provider)} flex="1">
              <NativeSelect.Root>
                <NativeSelect.Field {...formik.getFieldProps(`${method}_type`)}>
                  {WALLET_ACCOUNT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {paymentTexts.accountType[type]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </Stack>
        );
      })}
      <Text fontSize="sm" color="fg.muted" mt="-2">
        {t.accountTypeHint}
      </Text>
      <FormField
        label={t.waitHours}
        required
        error={errorOf(formik, 'payment_wait_hours')}
        helperText={t.waitHoursHint}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...formik.getFieldProps('payment_wait_hours')}
        />
      </FormField>
    </SettingsForm>
  );
}
