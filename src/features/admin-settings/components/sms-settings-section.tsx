import { Input, Text, Textarea } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { FormField } from '@/components/ui/form-field';
import { normalizeBangladeshPhone } from '@/features/ordering/model/phone';
import { toBengaliDigits } from '@/features/ordering/model/digits';
import { useSettingsApi } from '../api/settings-api';
import {
  fillSmsText,
  LONGEST_SMS_VALUES,
  MAX_SMS_SEGMENTS,
  SMS_SENDER_PREFIX,
  SMS_STATUSES,
  smsSegments,
  type SmsSettings,
} from '../model/sms-settings';
import { smsSettingsTexts as t } from '../texts';
import { saveSection, SettingsForm, SettingsSection, SettingSwitch } from './settings-section';

/** The customer's SMS: on or off, the shop's phone, and each step's text with its segments counted. */
export function SmsSettingsSection() {
  return (
    <SettingsSection id="sms-title" texts={t} load={useSettingsApi().loadSmsSettings}>
      {(stored) => <SmsSettingsForm initial={stored} />}
    </SettingsSection>
  );
}

function validate(values: SmsSettings) {
  const errors: Record<string, unknown> = {};
  if (values.shop_phone.trim() !== '' && !normalizeBangladeshPhone(values.shop_phone).ok)
    errors.shop_phone = t.phoneInvalid;
  const texts: Record<string, string> = {};
  for (const status of SMS_STATUSES) {
    const text = values.texts[status];
    if (text.trim() === '') texts[status] = t.required;
    else if (smsSegments(fillSmsText(text, LONGEST_SMS_VALUES)) > MAX_SMS_SEGMENTS) texts[status] = t.tooLong;
  }
  if (Object.keys(texts).length > 0) errors.texts = texts;
  return errors;
}

function SmsSettingsForm({ initial }: { initial: SmsSettings }) {
  const { saveSmsSettings } = useSettingsApi();
  const formik = useFormik<SmsSettings>({
    initialValues: initial,
    validate,
    onSubmit: async (values, helpers) => {
      const phone = normalizeBangladeshPhone(values.shop_phone);
      const stored: SmsSettings = {
        enabled: values.enabled,
        shop_phone: phone.ok ? phone.phone : '',
        texts: Object.fromEntries(
          SMS_STATUSES.map((s) => [s, values.texts[s].trim()]),
        ) as SmsSettings['texts'],
      };
      await saveSection(
        () => saveSmsSettings(stored),
        () => helpers.resetForm({ values: stored }),
        t,
      );
    },
  });
  const textErrors = (formik.errors.texts ?? {}) as Record<string, string | undefined>;
  return (
    <SettingsForm formik={formik} texts={t}>
      <SettingSwitch
        checked={formik.values.enabled}
        onChange={(checked) => void formik.setFieldValue('enabled', checked)}
        label={t.enabled}
      />
      <FormField label={t.shopPhone} error={formik.errors.shop_phone}>
        <Input inputMode="tel" {...formik.getFieldProps('shop_phone')} />
      </FormField>
      <Text fontSize="sm" color="fg.muted">
        {t.placeholders(SMS_SENDER_PREFIX)}
      </Text>
      {SMS_STATUSES.map((status) => {
        const filled = fillSmsText(formik.values.texts[status], LONGEST_SMS_VALUES);
        return (
          <FormField
            key={status}
            label={t.steps[status]}
            error={textErrors[status]}
            helperText={t.segments(toBengaliDigits(smsSegments(filled)), toBengaliDigits(filled.length))}
          >
            <Textarea rows={2} {...formik.getFieldProps(`texts.${status}`)} />
          </FormField>
        );
      })}
    </SettingsForm>
  );
}
