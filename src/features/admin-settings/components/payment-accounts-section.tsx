import {
  Box,
  Button,
  Fieldset,
  Heading,
  Input,
  NativeSelect,
  Stack,
  Switch,
  Text,
  chakra,
} from '@chakra-ui/react';
import { useFormik } from 'formik';
import { errorOf, FormField } from '@/components/ui/form-field';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { PageSpinner } from '@/components/ui/page-spinner';
import {
  MOBILE_PAYMENT_METHODS,
  PAYMENT_METHODS,
  WALLET_ACCOUNT_TYPES,
  paymentMethodLabel,
  type PaymentSettings,
} from '@/features/ordering/model';
import { paymentTexts } from '@/features/ordering/model/payment-texts';
import { useLoad } from '@/lib/loadable';
import { loadPaymentSettings, savePaymentAccounts } from '../api/payment-settings';
import {
  paymentAccountsFormValues,
  paymentAccountsSchema,
  toPaymentAccounts,
  type PaymentAccountsFormValues,
} from '../model/payment-accounts-form';
import { adminSettingsTexts } from '../texts';

const t = adminSettingsTexts.payments;

/**
 * The Settings tab's payment accounts: which methods the order dialog offers, the bKash and Nagad numbers and
 * the kind of each account (it decides the words the customer is told), and how long an unpaid order waits.
 * Only admins may save it (firestore.rules); anyone may read it, as the order dialog shows the numbers.
 */
export function PaymentAccountsSection() {
  const [settings, reload] = useLoad(loadPaymentSettings);
  return (
    <Box as="section" aria-labelledby="payment-accounts-title" maxWidth="lg">
      <Heading as="h2" size="lg" mb="1" id="payment-accounts-title">
        {t.title}
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        {t.intro}
      </Text>
      {settings.status === 'loading' ? (
        <PageSpinner minHeight="120px" />
      ) : settings.status === 'failed' ? (
        <Stack gap="3" role="alert">
          <Text color="fg.error">{t.loadError}</Text>
          <Button alignSelf="start" variant="outline" onClick={reload}>
            {adminSettingsTexts.retry}
          </Button>
        </Stack>
      ) : (
        <PaymentAccountsForm initial={settings.data} />
      )}
    </Box>
  );
}

function PaymentAccountsForm({ initial }: { initial: PaymentSettings }) {
  const formik = useFormik<PaymentAccountsFormValues>({
    initialValues: paymentAccountsFormValues(initial),
    validationSchema: paymentAccountsSchema,
    onSubmit: async (values, helpers) => {
      const accounts = toPaymentAccounts(values);
      try {
        await savePaymentAccounts(accounts);
        helpers.resetForm({ values: paymentAccountsFormValues({ ...initial, ...accounts }) });
        notifySuccess(t.saved);
      } catch (error) {
        notifyError(t.saveError, undefined, error);
      }
    },
  });
  const methodsError = errorOf(formik, 'cash_on_delivery');

  return (
    <chakra.form display="flex" flexDirection="column" gap="4" onSubmit={formik.handleSubmit} noValidate>
      <Fieldset.Root invalid={Boolean(methodsError)}>
        <Fieldset.Legend fontWeight="medium" fontSize="sm">
          {t.methods}
        </Fieldset.Legend>
        <Stack gap="2">
          {PAYMENT_METHODS.map((method) => (
            <Switch.Root
              key={method}
              checked={formik.values[method]}
              onCheckedChange={({ checked }) => {
                void formik.setFieldValue(method, checked);
                void formik.setFieldTouched('cash_on_delivery', true, false);
              }}
              colorPalette="leaf"
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{paymentMethodLabel(method)}</Switch.Label>
            </Switch.Root>
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
      <Button
        type="submit"
        alignSelf="start"
        colorPalette="brand"
        loading={formik.isSubmitting}
        disabled={!formik.dirty}
      >
        {t.save}
      </Button>
    </chakra.form>
  );
}
