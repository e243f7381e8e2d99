import { Box, Button, Heading, Input, Separator, Stack, Switch, Text, chakra } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { errorOf, FormField } from '@/components/ui/form-field';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useLoad } from '@/lib/loadable';
import { loadNotificationSettings, saveNotificationSettings } from '../api/notification-settings';
import type { NotificationSettings } from '../model/notification-settings';
import { settingsFormSchema, toNotificationSettings } from '../model/settings-form';
import { adminSettingsTexts as t } from '../texts';
import { CashOrderSettings } from './cash-order-settings';
import { PaymentAccountsSection } from './payment-accounts-section';
import { SmsSettingsSection } from './sms-settings-section';

/**
 * The dashboard's Settings tab: one section per concern, each loading and saving its own part (its own
 * component file), so a new one is one line here.
 */
export function SettingsTab() {
  return (
    <Stack gap="10" separator={<Separator />}>
      <OrderMailSection />
      <PaymentAccountsSection />
      <CashOrderSettings />
      <SmsSettingsSection />
    </Stack>
  );
}

/** Whether each new order is mailed to the seller, and where. */
function OrderMailSection() {
  const [settings, reload] = useLoad(loadNotificationSettings);
  if (settings.status === 'loading') return <PageSpinner />;
  if (settings.status === 'failed')
    return (
      <Stack gap="3" role="alert">
        <Text color="fg.error">{t.loadError}</Text>
        <Button alignSelf="start" variant="outline" onClick={reload}>
          {t.retry}
        </Button>
      </Stack>
    );
  return <SettingsForm initial={settings.data} />;
}

function SettingsForm({ initial }: { initial: NotificationSettings }) {
  const formik = useFormik<NotificationSettings>({
    initialValues: initial,
    validationSchema: settingsFormSchema,
    onSubmit: async (values, helpers) => {
      const stored = toNotificationSettings(values);
      try {
        await saveNotificationSettings(stored);
        helpers.resetForm({ values: stored });
        notifySuccess(t.saved);
      } catch (error) {
        notifyError(t.saveError, undefined, error);
      }
    },
  });

  return (
    <Box as="section" aria-labelledby="order-mail-title" maxWidth="lg">
      <Heading as="h2" size="lg" mb="1" id="order-mail-title">
        {t.title}
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        {t.intro}
      </Text>
      <chakra.form display="flex" flexDirection="column" gap="4" onSubmit={formik.handleSubmit} noValidate>
        <Switch.Root
          checked={formik.values.order_mail_enabled}
          onCheckedChange={({ checked }) => void formik.setFieldValue('order_mail_enabled', checked)}
          colorPalette="leaf"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t.enabled}</Switch.Label>
        </Switch.Root>
        <FormField
          label={t.email}
          required={formik.values.order_mail_enabled}
          error={errorOf(formik, 'order_mail_to')}
          helperText={t.emailHint}
        >
          <Input
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={t.emailPlaceholder}
            {...formik.getFieldProps('order_mail_to')}
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
    </Box>
  );
}
