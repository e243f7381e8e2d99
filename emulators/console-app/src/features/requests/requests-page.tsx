import {
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatMoment } from '../../lib/format';
import { useTexts, type Texts } from '../../i18n/texts';
import { sharedTexts } from '../../lib/texts';
import { requestsTexts } from './texts';
import { ResourcePair } from './resource-pair';
import { RulesSourceView } from './rules-source-view';
import { useRequestLog, type LoggedRequest } from './use-request-log';
import { plainFields, type RestValue } from './payload';
import type { ReplayedRequest } from './playground-page';
import { rulesTexts } from './rules-texts';

type Logged = LoggedRequest['resource'];

/** Firestore documents show their fields as the playground's payload box reads them; Storage objects as they are. */
function shownData(entry: LoggedRequest, value: Logged): Record<string, unknown> | null {
  if (!value) return null;
  return entry.service === 'firestore'
    ? plainFields((value as { fields?: Record<string, RestValue> }).fields)
    : (value as unknown as Record<string, unknown>);
}

/** A logged request as the playground's form: the same service, method, path and payload. */
export function replayOf(entry: LoggedRequest): ReplayedRequest {
  const after = entry.requestResource as
    { size?: number; contentType?: string; metadata?: Record<string, string> } | null | undefined;
  return {
    service: entry.service,
    method: entry.method,
    path: entry.path,
    uid: entry.caller.kind === 'user' ? entry.caller.uid : undefined,
    ...(entry.service === 'firestore' && entry.requestResource
      ? { fields: shownData(entry, entry.requestResource) ?? {} }
      : {}),
    ...(entry.service === 'storage' && after
      ? { upload: { size: after.size ?? 0, contentType: after.contentType, metadata: after.metadata } }
      : {}),
  };
}

/** What the rules saw: `resource.data` as stored then, and the payload (`request.resource`), when traced. */
function PayloadView({ entry }: { entry: LoggedRequest }) {
  const rt = useTexts(rulesTexts).request;
  if (entry.resource === undefined && entry.requestResource === undefined) return null;
  const show = (value: Logged) => {
    const data = shownData(entry, value);
    return data ? JSON.stringify(data, null, 2) : rt.none;
  };
  return (
    <ResourcePair
      panels={[
        { label: rt.stored, text: show(entry.resource), testId: 'request-resource' },
        { label: rt.payload, text: show(entry.requestResource), testId: 'request-payload' },
      ]}
    />
  );
}

export function who(entry: LoggedRequest, t: Texts<typeof requestsTexts>): string {
  const { caller } = entry;
  if (caller.kind === 'admin-sdk') return t.adminSdk;
  if (caller.kind === 'anonymous') return t.anonymous;
  return caller.email ? `${caller.email} (${caller.uid})` : caller.uid;
}

/** Every request the Firestore and Storage rules judged, newest first, and why the selected one went as it did. */
export function RequestsPage() {
  const t = useTexts(requestsTexts);
  const common = useTexts(sharedTexts).common;
  const navigate = useNavigate();
  const rt = useTexts(rulesTexts).request;
  const { entries, connected, clear } = useRequestLog();
  const [verdict, setVerdict] = useState<'all' | 'allowed' | 'denied'>('all');
  const [pathFilter, setPathFilter] = useState('');
  const [userFilter, setUserFilter] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);

  const shown = useMemo(() => {
    const path = pathFilter.trim().toLowerCase();
    const user = userFilter.trim().toLowerCase();
    return entries
      .filter(
        (e) =>
          (verdict === 'all' || (verdict === 'allowed') === e.allowed) &&
          (!path || e.path.toLowerCase().includes(path)) &&
          (!user || who(e, t).toLowerCase().includes(user)),
      )
      .reverse()
      .slice(0, 300);
  }, [entries, verdict, pathFilter, userFilter, t]);
  const selected = entries.find((e) => e.id === selectedId) ?? null;

  return (
    <Stack gap="3">
      <HStack justify="space-between">
        <Heading size="lg">{t.title}</Heading>
        <HStack gap="2">
          <Badge colorPalette={connected ? 'green' : 'gray'}>
            {connected ? common.live : common.connecting}
          </Badge>
          <Button size="xs" variant="outline" onClick={() => void clear()}>
            {t.clearLog}
          </Button>
        </HStack>
      </HStack>
      <HStack gap="2">
        <NativeSelect.Root size="xs" w="120px">
          <NativeSelect.Field
            aria-label={t.verdict}
            value={verdict}
            onChange={(e) => setVerdict(e.target.value as typeof verdict)}
          >
            <option value="all">{t.all}</option>
            <option value="allowed">{t.allowed}</option>
            <option value="denied">{t.denied}</option>
          </NativeSelect.Field>
        </NativeSelect.Root>
        <Input
          size="xs"
          w="200px"
          placeholder={t.pathPlaceholder}
          aria-label={t.pathFilter}
          value={pathFilter}
          onChange={(e) => setPathFilter(e.target.value)}
        />
        <Input
          size="xs"
          w="200px"
          placeholder={t.userPlaceholder}
          aria-label={t.userFilter}
          value={userFilter}
          onChange={(e) => setUserFilter(e.target.value)}
        />
        <Text fontSize="xs" color="gray.500">
          {t.shownOf(shown.length, entries.length)}
        </Text>
      </HStack>
      <Flex gap="4" align="start">
        {/* Wide enough for the Bengali verdicts and a readable path beside an open rule view. */}
        <Box flex="1" minW="560px" maxH="75vh" overflowY="auto" tabIndex={0}>
          <Table.Root size="sm" interactive data-testid="requests">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t.time}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.service}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.method}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.path}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.who}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.verdict}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((e) => (
                <Table.Row
                  key={e.id}
                  onClick={() => setSelectedId(e.id)}
                  cursor="pointer"
                  bg={e.id === selectedId ? 'blue.50' : undefined}
                  data-request={`${e.method} ${e.path}`}
                  data-verdict={e.allowed ? 'allowed' : 'denied'}
                >
                  <Table.Cell whiteSpace="nowrap">{formatMoment(e.time, 'HH:mm:ss.SSS')}</Table.Cell>
                  <Table.Cell>{e.service}</Table.Cell>
                  <Table.Cell>{e.method}</Table.Cell>
                  <Table.Cell fontFamily="mono" wordBreak="break-all">
                    {e.path}
                  </Table.Cell>
                  <Table.Cell>{who(e, t)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={e.allowed ? 'green' : 'red'}>
                      {e.allowed ? t.allowed : t.denied}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {shown.length === 0 && (
            <Text color="gray.500" p="2">
              {t.empty}
            </Text>
          )}
        </Box>
        {selected && (
          <Stack flex="1.2" minW="0" gap="2" data-testid="request-detail">
            <Heading size="sm">{t.detail(selected.allowed, selected.method, selected.path)}</Heading>
            <Text>{who(selected, t)}</Text>
            {selected.caller.kind === 'user' && (
              <Box as="pre" fontSize="xs" bg="gray.50" p="2" rounded="md" overflowX="auto" tabIndex={0}>
                {JSON.stringify(selected.caller.claims, null, 2)}
              </Box>
            )}
            {selected.caller.kind === 'admin-sdk' ? (
              <Text fontSize="xs">{t.adminSkips}</Text>
            ) : (
              selected.message && (
                <Text fontSize="xs" wordBreak="break-word">
                  {t.engineMessage(selected.message)}
                </Text>
              )
            )}
            {selected.caller.kind !== 'admin-sdk' && !selected.trace && (
              <Text fontSize="xs" color="gray.500">
                {t.noTrace}
              </Text>
            )}
            {selected.trace && selected.trace.length === 0 && <Text>{t.noAllowMatched}</Text>}
            {selected.caller.kind !== 'admin-sdk' && (
              <Button
                size="xs"
                variant="outline"
                alignSelf="start"
                onClick={() => void navigate('/playground', { state: { replay: replayOf(selected) } })}
              >
                {rt.replay}
              </Button>
            )}
            <PayloadView entry={selected} />
            {selected.caller.kind !== 'admin-sdk' && <RulesSourceView entry={selected} />}
          </Stack>
        )}
      </Flex>
    </Stack>
  );
}
