import { Box, Button, Heading, HStack, Input, Stack, Text, chakra } from '@chakra-ui/react';
import { useState } from 'react';
import { FormField } from '@/components/ui/form-field';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { MAX_BLOCK_NOTE_LENGTH, normalizeBangladeshPhone, toBengaliDigits } from '@/features/ordering/model';
import { useLoad } from '@/lib/loadable';
import { useSettingsApi } from '../api/settings-api';
import { cashOrderSettingsTexts as t } from '../texts';
import { SettingSwitch } from './settings-section';

/**
 * The Settings tab's part for cash orders from real people: whether a first cash order needs the phone code
 * (settings/payments.phone_verification_required, written alone with merge), and the blocklist.
 */
export function CashOrderSettings() {
  return (
    <Box maxWidth="lg" mt="8" data-testid="cash-order-settings">
      <Heading as="h2" size="lg" mb="3">
        {t.title}
      </Heading>
      <Stack gap="6">
        <VerificationSwitch />
        <Blocklist />
      </Stack>
    </Box>
  );
}

function VerificationSwitch() {
  const { loadVerificationRequired, saveVerificationRequired } = useSettingsApi();
  const [stored, reload] = useLoad(loadVerificationRequired);
  const [saving, setSaving] = useState(false);
  const [value, setValue] = useState<boolean | null>(null);
  if (stored.status === 'failed')
    return (
      <Text color="fg.error" role="alert">
        {t.loadError}
      </Text>
    );
  const checked = value ?? (stored.status === 'loaded' ? stored.data : true);
  const change = async (next: boolean) => {
    setSaving(true);
    try {
      await saveVerificationRequired(next);
      setValue(next);
      notifySuccess(t.verificationSaved);
    } catch (error) {
      notifyError(t.verificationError, undefined, error);
      reload();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="1">
      <SettingSwitch
        checked={checked}
        disabled={stored.status === 'loading' || saving}
        onChange={(next) => void change(next)}
        label={t.verification}
      />
      <Text color="fg.muted" fontSize="sm">
        {t.verificationHint}
      </Text>
    </Stack>
  );
}

function Blocklist() {
  const { loadBlocklist, blockPhone, unblockPhone } = useSettingsApi();
  const [list, reload] = useLoad(loadBlocklist);
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [noteError, setNoteError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const run = async (change: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await change();
      notifySuccess(done);
      reload();
      return true;
    } catch (caught) {
      notifyError(t.changeError, undefined, caught);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async (event: React.FormEvent) => {
    event.preventDefault();
    const normalized = normalizeBangladeshPhone(phone);
    setError(normalized.ok ? undefined : normalized.error);
    const trimmed = note.trim();
    setNoteError(trimmed.length > MAX_BLOCK_NOTE_LENGTH ? t.noteTooLong : undefined);
    if (!normalized.ok || trimmed.length > MAX_BLOCK_NOTE_LENGTH) return;
    if (await run(() => blockPhone(normalized.phone, trimmed), t.added)) {
      setPhone('');
      setNote('');
    }
  };

  return (
    <Stack gap="3">
      <Heading as="h3" size="md">
        {t.blocklistTitle}
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        {t.blocklistHint}
      </Text>
      <chakra.form display="flex" flexDirection="column" gap="3" onSubmit={add} noValidate>
        <FormField label={t.phone} error={error}>
          <Input
            name="blockedPhone"
            type="tel"
            inputMode="tel"
            placeholder={t.phonePlaceholder}
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
          />
        </FormField>
        <FormField label={t.note} error={noteError}>
          <Input
            name="blockedNote"
            placeholder={t.notePlaceholder}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </FormField>
        <Button type="submit" alignSelf="start" colorPalette="red" loading={busy}>
          {t.add}
        </Button>
      </chakra.form>
      {list.status === 'failed' && (
        <Text color="fg.error" role="alert">
          {t.loadError}
        </Text>
      )}
      {list.status === 'loaded' && list.data.length === 0 && <Text color="fg.muted">{t.empty}</Text>}
      {list.status === 'loaded' && list.data.length > 0 && (
        <Stack as="ul" gap="2" listStyleType="none" data-testid="blocklist">
          {list.data.map((entry) => (
            <HStack as="li" key={entry.phone} justifyContent="space-between" gap="3">
              <Box>
                <Text fontWeight="medium" fontVariantNumeric="tabular-nums">
                  {toBengaliDigits(entry.phone)}
                </Text>
                {entry.note && (
                  <Text color="fg.muted" fontSize="sm">
                    {entry.note}
                  </Text>
                )}
              </Box>
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                aria-label={`${t.remove} ${entry.phone}`}
                onClick={() => void run(() => unblockPhone(entry.phone), t.removed)}
              >
                {t.remove}
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
