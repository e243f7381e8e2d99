import { Box, Button, Heading, Stack, Switch, Text, chakra } from '@chakra-ui/react';
import type { FormikProps } from 'formik';
import type { ReactNode } from 'react';
import { PageSpinner } from '@/components/ui/page-spinner';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { useLoad } from '@/lib/loadable';
import { adminSettingsTexts } from '../texts';

/** What a section says when its settings are saved, or could not be saved or read. */
export interface SectionTexts {
  title: string;
  intro: string;
  save: string;
  saved: string;
  saveError: string;
  loadError: string;
}

/**
 * One section of the Settings tab: its heading and intro, then its form once its stored settings are read (a
 * spinner meanwhile; when the read fails, why, and a retry). `id` names the heading the section is labelled by.
 */
export function SettingsSection<T>({
  id,
  texts,
  load,
  children,
}: {
  id: string;
  texts: SectionTexts;
  load: () => Promise<T>;
  children: (stored: T) => ReactNode;
}) {
  const [settings, reload] = useLoad(load);
  return (
    <Box as="section" aria-labelledby={id} maxWidth="lg">
      <Heading as="h2" size="lg" mb="1" id={id}>
        {texts.title}
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        {texts.intro}
      </Text>
      {settings.status === 'loading' ? (
        <PageSpinner minHeight="120px" />
      ) : settings.status === 'failed' ? (
        <Stack gap="3" role="alert">
          <Text color="fg.error">{texts.loadError}</Text>
          <Button alignSelf="start" variant="outline" onClick={reload}>
            {adminSettingsTexts.retry}
          </Button>
        </Stack>
      ) : (
        children(settings.data)
      )}
    </Box>
  );
}

/** A section's form: its fields, then its save button, enabled once something was changed. */
export function SettingsForm<V>({
  formik,
  texts,
  children,
}: {
  formik: Pick<FormikProps<V>, 'handleSubmit' | 'isSubmitting' | 'dirty'>;
  texts: Pick<SectionTexts, 'save'>;
  children: ReactNode;
}) {
  return (
    <chakra.form display="flex" flexDirection="column" gap="4" onSubmit={formik.handleSubmit} noValidate>
      {children}
      <Button
        type="submit"
        alignSelf="start"
        colorPalette="brand"
        loading={formik.isSubmitting}
        disabled={!formik.dirty}
      >
        {texts.save}
      </Button>
    </chakra.form>
  );
}

/** An on/off setting, as a switch with its label. */
export function SettingSwitch({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Switch.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(details) => onChange(details.checked)}
      colorPalette="leaf"
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}

/**
 * Saves a section: on success `saved` (the form keeps what was stored as its new start) and the seller is told;
 * on failure the seller is told that nothing changed, and the form keeps what was typed.
 */
export async function saveSection(
  save: () => Promise<void>,
  saved: () => void,
  texts: Pick<SectionTexts, 'saved' | 'saveError'>,
): Promise<void> {
  try {
    await save();
    saved();
    notifySuccess(texts.saved);
  } catch (error) {
    notifyError(texts.saveError, undefined, error);
  }
}
