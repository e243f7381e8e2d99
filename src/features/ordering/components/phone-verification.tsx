import { Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { usesEmulators } from '@/lib/firebase-app';
import { formatNumberBn } from '@/lib/format';
import { sendPhoneCode, type SentCode } from '../api/phone-verification';
import {
  MAX_CANCELLATIONS_PER_DAY,
  MAX_ORDERS_PER_DAY,
  MIN_MINUTES_BETWEEN_ORDERS,
} from '../model/order-limits';
import { toBengaliDigits } from '../model/digits';
import { MAX_CODE_TRIES, phoneCodeErrorMessage, readCode } from '../model/phone-code';
import { phoneVerificationTexts as t } from '../phone-verification-texts';

export interface PhoneVerificationProps {
  /** The order's number, 01XXXXXXXXX. */
  phone: string;
  /** The account now has this number verified (and a fresh ID token that says so). */
  onVerified: () => void;
  onCancel: () => void;
}

/**
 * The step before a first cash order: "send code" → "enter code", through Firebase Auth's phone provider
 * linked to the account. Loaded lazily by the order dialog, only when a cash order needs it.
 */
export default function PhoneVerification({ phone, onVerified, onCancel }: PhoneVerificationProps) {
  const recaptcha = useRef<HTMLDivElement>(null);
  const [sent, setSent] = useState<SentCode | null>(null);
  const [code, setCode] = useState('');
  const [tries, setTries] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const phoneBn = toBengaliDigits(phone);

  const send = async () => {
    if (!recaptcha.current || busy) return;
    setBusy(true);
    setError(null);
    try {
      setSent(await sendPhoneCode(recaptcha.current, phone));
      setCode('');
      setTries(0);
    } catch (caught) {
      setError(phoneCodeErrorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async () => {
    if (!sent || busy) return;
    const typed = readCode(code);
    if (!typed) {
      setError(t.errors.codeFormat);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await sent.confirm(typed);
    } catch (caught) {
      setBusy(false);
      const wrong = (caught as { code?: unknown } | null)?.code === 'auth/invalid-verification-code';
      if (wrong && tries + 1 >= MAX_CODE_TRIES) {
        // This code is spent: a new one must be asked for.
        setSent(null);
        setError(t.errors.tooManyTries);
      } else {
        setTries(tries + 1);
        setError(phoneCodeErrorMessage(caught));
      }
      return;
    }
    setBusy(false);
    onVerified();
  };

  return (
    <Stack
      gap="3"
      borderWidth="1px"
      borderColor="brand.muted"
      borderRadius="md"
      padding="3"
      role="group"
      aria-label={t.title}
      data-testid="phone-verification"
    >
      <Text fontWeight="semibold">{t.title}</Text>
      <Text textStyle="sm">{t.intro(phoneBn)}</Text>
      {sent ? (
        <>
          <Text textStyle="sm" color="fg.muted">
            {t.codeSent(phoneBn)}
          </Text>
          <label>
            <Text textStyle="sm" marginBottom="1">
              {t.codeLabel}
            </Text>
            <Input
              name="phoneCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              onKeyDown={(event) => {
                // Enter confirms the code, not the order form around it.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  void confirm();
                }
              }}
            />
          </label>
          <HStack gap="2" flexWrap="wrap">
            <Button
              type="button"
              colorPalette="brand"
              loading={busy}
              loadingText={t.confirming}
              onClick={() => void confirm()}
            >
              {t.confirm}
            </Button>
            <Button type="button" variant="ghost" disabled={busy} onClick={() => void send()}>
              {t.resend}
            </Button>
          </HStack>
        </>
      ) : (
        <HStack gap="2" flexWrap="wrap">
          <Button
            type="button"
            colorPalette="brand"
            loading={busy}
            loadingText={t.sending}
            onClick={() => void send()}
          >
            {t.send}
          </Button>
          <Button type="button" variant="ghost" disabled={busy} onClick={onCancel}>
            {t.cancel}
          </Button>
        </HStack>
      )}
      {error && (
        <Text role="alert" textStyle="sm" color="fg.error" data-testid="phone-verification-error">
          {error}
        </Text>
      )}
      <Text textStyle="xs" color="fg.muted">
        {t.limits(
          formatNumberBn(MAX_ORDERS_PER_DAY),
          formatNumberBn(MIN_MINUTES_BETWEEN_ORDERS),
          formatNumberBn(MAX_CANCELLATIONS_PER_DAY),
        )}
      </Text>
      {usesEmulators && (
        <Text textStyle="xs" color="fg.muted" data-testid="phone-code-local-hint">
          {t.localHint}
        </Text>
      )}
      {/* The invisible reCAPTCHA's place (nothing shows while the Auth emulator is used). */}
      <Box ref={recaptcha} />
    </Stack>
  );
}
