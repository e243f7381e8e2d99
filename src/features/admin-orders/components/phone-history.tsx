import { Badge, Box, Button, HStack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { toBengaliDigits, type PhoneSummary } from '@/features/ordering/model';
import { formatNumberBn } from '@/lib/format';
import { useAdminOrdersApi } from '../api/orders-api';
import { phoneHistoryTexts as t } from '../texts';

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; summary: PhoneSummary };

/**
 * On each order card: the number's history with this shop (delivered, cancelled, returned), so the seller sees
 * a number that refused its last parcels before shipping, and one click (confirmed) to block it.
 */
export function PhoneHistory({ phone }: { phone: string }) {
  const { loadPhoneSummary, blockPhone } = useAdminOrdersApi();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [confirming, setConfirming] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    let current = true;
    setLoaded({ status: 'loading' });
    loadPhoneSummary(phone).then(
      (summary) => current && setLoaded({ status: 'loaded', summary }),
      () => current && setLoaded({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [phone, loadPhoneSummary]);

  const block = async () => {
    setBlocking(true);
    try {
      await blockPhone(phone);
      setBlocked(true);
      setConfirming(false);
      notifySuccess(t.blocked);
    } catch (error) {
      notifyError(t.blockError, undefined, error);
    } finally {
      setBlocking(false);
    }
  };

  const summary = loaded.status === 'loaded' ? loaded.summary : null;
  const risky = summary !== null && summary.cancelled + summary.returned > 0;
  return (
    <Box gridColumn="1 / -1" fontSize="sm" data-testid="phone-history">
      <HStack gap="2" flexWrap="wrap">
        <Text as="span" color="fg.muted">
          {t.label}:
        </Text>
        {loaded.status === 'loading' && <Text as="span">{t.loading}</Text>}
        {loaded.status === 'failed' && (
          <Text as="span" color="fg.error">
            {t.loadError}
          </Text>
        )}
        {summary && summary.orders === 0 && <Text as="span">{t.none}</Text>}
        {summary && summary.orders > 0 && (
          <Text as="span" fontWeight="medium" data-testid="phone-history-counts">
            {t.counts(
              formatNumberBn(summary.orders),
              formatNumberBn(summary.delivered),
              formatNumberBn(summary.cancelled),
              formatNumberBn(summary.returned),
            )}
          </Text>
        )}
        {risky && (
          <Badge colorPalette="orange" variant="subtle">
            {t.risky}
          </Badge>
        )}
      </HStack>
      {blocked ? (
        <Text color="fg.muted" mt="1">
          {t.blocked}
        </Text>
      ) : confirming ? (
        <HStack gap="2" mt="1" flexWrap="wrap" role="group" aria-label={t.block}>
          <Text>{t.blockConfirm(toBengaliDigits(phone))}</Text>
          <Button size="xs" colorPalette="red" loading={blocking} onClick={() => void block()}>
            {t.blockYes}
          </Button>
          <Button size="xs" variant="ghost" disabled={blocking} onClick={() => setConfirming(false)}>
            {t.blockNo}
          </Button>
        </HStack>
      ) : (
        <Button size="xs" variant="outline" colorPalette="red" mt="1" onClick={() => setConfirming(true)}>
          {t.block}
        </Button>
      )}
    </Box>
  );
}
