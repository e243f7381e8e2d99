import { Box, Button, Heading, Input, Stack, Switch, Text, Textarea, chakra } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { FormField } from '@/components/ui/form-field';
import { PageSpinner } from '@/components/ui/page-spinner';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { normalizeBangladeshPhone } from '@/features/ordering/model/phone';
import { toBengaliDigits } from '@/features/ordering/model/digits';
import { useLoad } from '@/lib/loadable';
import { loadSmsSettings, saveSmsSettings } from '../api/sms-settings';
import {
  fillSmsText,
  LONGEST_SMS_VALUES,
  MAX_SMS_SEGMENTS,
  SMS_STATUSES,
  smsSegments,
  type SmsSettings,
} from '../model/sms-settings';
import { smsSettingsTexts as t } from '../texts';

/** The customer's SMS: on or off, the shop's phone, and each step's text with its segments counted. */
export function SmsSettingsSection() {
  const [settings, reload] = useLoad(loadSmsSettings);
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
  return <SmsSettingsForm initial={settings.data} />;
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
      try {
        await saveSmsSettings(stored);
        helpers.resetForm({ values: stored });
        notifySuccess(t.saved);
      } catch (error) {
        notifyError(t.saveError, undefined, error);
      }
    },
  });
  const textErrors = (formik.errors.texts ?? {}) as Record<string, string | undefined>;
  return (
    <Box as="section" aria-labelledby="sms-title" maxWidth="lg">
      <Heading as="h2" size="lg" mb="1" id="sms-title">
        {t.title}
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        {t.intro}
      </Text>
      <chakra.form display="flex" flexDirection="column" gap="4" onSubmit={formik.handleSubmit} noValidate>
        <Switch.Root
          checked={formik.values.enabled}
          onCheckedChange={({ checked }) => void formik.setFieldValue('enabled', checked)}
          colorPalette="leaf"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t.enabled}</Switch.Label>
        </Switch.Root>
        <FormField label={t.shopPhone} error={formik.errors.shop_phone}>
          <Input inputMode="tel" {...formik.getFieldProps('shop_phone')} />
        </FormField>
        <Text fontSize="sm" color="fg.muted">
          {t.placeholders}
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
