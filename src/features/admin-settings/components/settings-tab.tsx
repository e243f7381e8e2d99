import { Input, Separator, Stack } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { errorOf, FormField } from '@/components/ui/form-field';
import { useSettingsApi } from '../api/settings-api';
import type { NotificationSettings } from '../model/notification-settings';
import { settingsFormSchema, toNotificationSettings } from '../model/settings-form';
import { adminSettingsTexts as t } from '../texts';
import { CashOrderSettings } from './cash-order-settings';
import { CourierSection } from './courier-section';
import { PaymentAccountsSection } from './payment-accounts-section';
import { saveSection, SettingsForm, SettingsSection, SettingSwitch } from './settings-section';
import { SmsSettingsSection } from './sms-settings-section';

/**
 * The dashboard's Settings tab: one section per concern, each loading and saving its own part (its own
 * component file, on the shell of ./settings-section.tsx), so a new one is one line here.
 */
export function SettingsTab() {
  return (
    <Stack gap="10" separator={<Separator />}>
      <OrderMailSection />
      <PaymentAccountsSection />
      <CashOrderSettings />
      <SmsSettingsSection />
      <CourierSection />
    </Stack>
  );
}

/** Whether each new order is mailed to the seller, and where. */
function OrderMailSection() {
  return (
    <SettingsSection id="order-mail-title" texts={t} load={useSettingsApi().loadNotificationSettings}>
      {(stored) => <OrderMailForm initial={stored} />}
    </SettingsSection>
  );
}

function OrderMailForm({ initial }: { initial: NotificationSettings }) {
  const { saveNotificationSettings } = useSettingsApi();
  const formik = useFormik<NotificationSettings>({
    initialValues: initial,
    validationSchema: settingsFormSchema,
    onSubmit: async (values, helpers) => {
      const stored = toNotificationSettings(values);
      await saveSection(
        () => saveNotificationSettings(stored),
        () => helpers.resetForm({ values: stored }),
        t,
      );
    },
  });

  return (
    <SettingsForm formik={formik} texts={t}>
      <SettingSwitch
        checked={formik.values.order_mail_enabled}
        onChange={(checked) => void formik.setFieldValue('order_mail_enabled', checked)}
        label={t.enabled}
      />
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
    </SettingsForm>
  );
}
