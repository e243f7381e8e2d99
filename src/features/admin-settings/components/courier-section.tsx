import { Badge, Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useLoad } from '@/lib/loadable';
import { useSettingsApi } from '../api/settings-api';
import { courierSettingsTexts as t } from '../texts';

/**
 * The courier's keys as Settings may show them: set or not, and whether the courier took them the last time it
 * was called. The keys themselves are Cloud Functions secrets, never in Firestore nor in the browser.
 */
export function CourierSection() {
  const [status] = useLoad(useSettingsApi().loadCourierStatus);
  return (
    <Box maxWidth="lg" data-testid="courier-settings">
      <Heading as="h2" size="lg" mb="3">
        {t.title}
      </Heading>
      {status.status === 'failed' && (
        <Text color="fg.error" role="alert">
          {t.loadError}
        </Text>
      )}
      {status.status === 'loaded' && (
        <Stack gap="2" fontSize="sm">
          <Text>
            {t.keys}{' '}
            <Badge colorPalette={status.data.keysSet ? 'green' : 'red'} data-testid="courier-keys">
              {status.data.keysSet ? t.keysSet : t.keysMissing}
            </Badge>
          </Text>
          {status.data.keysSet && status.data.credentials === 'bad' && (
            <Text color="fg.error" role="alert" data-testid="courier-credentials">
              {t.badCredentials}
            </Text>
          )}
          {status.data.keysSet && status.data.credentials === 'ok' && (
            <Text color="fg.muted" data-testid="courier-credentials">
              {t.credentialsOk}
            </Text>
          )}
          <Text color="fg.muted">{t.howToSet}</Text>
        </Stack>
      )}
    </Box>
  );
}
