import { Badge, Box, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useConfig } from '../../lib/config';
import { ErrorNote } from '../../lib/error-note';
import { formatMoment, formatCount } from '../../lib/format';
import { useLive } from '../../lib/use-live';
import { listOutbox, type OutboxKind } from './api';
import type { OutboxMessage } from './messages';
import { useTexts } from '../../i18n/texts';
import { mailTexts, smsTexts } from './texts';

/**
 * An outbox the project names through the console's extension point: the "Trigger Email from Firestore"
 * extension's (mail) or the Twilio "Send Message" extension's (sms). Each message as the recipient would see it,
 * newest first, live.
 */
export function OutboxPage({ kind, collection }: { kind: OutboxKind; collection: string }) {
  const t = useTexts(kind === 'mail' ? mailTexts : smsTexts);
  const config = useConfig();
  const [messages] = useLive(() => listOutbox(config, collection, kind), `${kind}:${collection}`);

  return (
    <Stack gap="3">
      <Heading size="lg">{t.title}</Heading>
      <Text color="gray.600" maxW="3xl">
        {t.intro(collection)}
      </Text>
      {messages.status === 'loading' && <Spinner />}
      {messages.status === 'failed' && <ErrorNote message={messages.error.message} />}
      {messages.status === 'loaded' &&
        (messages.data.length === 0 ? (
          <Text>{t.empty}</Text>
        ) : (
          <>
            <Text color="gray.600">{t.count(formatCount(messages.data.length))}</Text>
            {messages.data.map((message) => (
              <MailMessage key={message.id} message={message} />
            ))}
          </>
        ))}
    </Stack>
  );
}

function MailMessage({ message }: { message: OutboxMessage }) {
  const t = useTexts(mailTexts);
  const [plain, setPlain] = useState(message.html === null);
  const body = plain ? message.text : message.html;
  return (
    <Box as="article" data-message-id={message.id} borderWidth="1px" rounded="md" p="3" bg="white">
      <Stack gap="1" mb="2">
        {message.subject !== '' && (
          <Text fontWeight="bold" fontSize="md">
            {message.subject}
          </Text>
        )}
        <Text>
          {t.to}: {message.to.join(', ')}
        </Text>
        <HStack gap="3" color="gray.600" fontSize="xs" wrap="wrap">
          {message.writtenAt && (
            <span>
              {t.written}: {formatMoment(message.writtenAt, 'D MMM YYYY, HH:mm:ss')}
            </span>
          )}
          <span>
            {t.document}: <code>{message.id}</code>
          </span>
          <span>
            {t.delivery}:{' '}
            <Badge colorPalette={message.deliveryState === 'ERROR' ? 'red' : 'gray'}>
              {message.deliveryState ?? t.notSent}
            </Badge>
          </span>
        </HStack>
      </Stack>
      {body === null ? (
        <Text color="gray.600">{t.noBody}</Text>
      ) : plain ? (
        <Box as="pre" whiteSpace="pre-wrap" fontFamily="inherit" bg="gray.50" p="2" rounded="sm">
          {body}
        </Box>
      ) : (
        // The HTML as a mail client shows it, in a sandbox without scripts, apart from the console's page.
        <Box
          as="iframe"
          title={message.subject}
          {...{ sandbox: '', srcDoc: body }}
          w="full"
          h="280px"
          borderWidth="1px"
          rounded="sm"
          bg="white"
        />
      )}
      {message.html !== null && message.text !== null && (
        <Button size="xs" variant="outline" mt="2" onClick={() => setPlain(!plain)}>
          {plain ? t.showHtml : t.showText}
        </Button>
      )}
    </Box>
  );
}
