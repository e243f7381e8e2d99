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
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { RulesSourceView } from './RulesSourceView';
import { useRequestLog, type LoggedRequest } from './use-request-log';

export function who(entry: LoggedRequest): string {
  const { caller } = entry;
  if (caller.kind === 'admin-sdk') return 'admin SDK (rules skipped)';
  if (caller.kind === 'anonymous') return 'unauthenticated';
  return caller.email ? `${caller.email} (${caller.uid})` : caller.uid;
}

/** Every request the Firestore and Storage rules judged, newest first, and why the selected one went as it did. */
export function RequestsPage() {
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
          (!user || who(e).toLowerCase().includes(user)),
      )
      .reverse()
      .slice(0, 300);
  }, [entries, verdict, pathFilter, userFilter]);
  const selected = entries.find((e) => e.id === selectedId) ?? null;

  return (
    <Stack gap="3">
      <HStack justify="space-between">
        <Heading size="lg">Requests</Heading>
        <HStack gap="2">
          <Badge colorPalette={connected ? 'green' : 'gray'}>{connected ? 'live' : 'connecting…'}</Badge>
          <Button size="xs" variant="outline" onClick={() => void clear()}>
            Clear log
          </Button>
        </HStack>
      </HStack>
      <HStack gap="2">
        <NativeSelect.Root size="xs" w="120px">
          <NativeSelect.Field
            aria-label="Verdict"
            value={verdict}
            onChange={(e) => setVerdict(e.target.value as typeof verdict)}
          >
            <option value="all">all</option>
            <option value="allowed">allowed</option>
            <option value="denied">denied</option>
          </NativeSelect.Field>
        </NativeSelect.Root>
        <Input
          size="xs"
          w="200px"
          placeholder="path contains"
          aria-label="Path filter"
          value={pathFilter}
          onChange={(e) => setPathFilter(e.target.value)}
        />
        <Input
          size="xs"
          w="200px"
          placeholder="user (uid or e-mail)"
          aria-label="User filter"
          value={userFilter}
          onChange={(e) => setUserFilter(e.target.value)}
        />
        <Text fontSize="xs" color="gray.500">
          {shown.length} shown of {entries.length} (kept in memory, newest 1000)
        </Text>
      </HStack>
      <Flex gap="4" align="start">
        <Box flex="1" minW="0" maxH="75vh" overflowY="auto">
          <Table.Root size="sm" interactive data-testid="requests">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Time</Table.ColumnHeader>
                <Table.ColumnHeader>Service</Table.ColumnHeader>
                <Table.ColumnHeader>Method</Table.ColumnHeader>
                <Table.ColumnHeader>Path</Table.ColumnHeader>
                <Table.ColumnHeader>Who</Table.ColumnHeader>
                <Table.ColumnHeader>Verdict</Table.ColumnHeader>
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
                  <Table.Cell whiteSpace="nowrap">{dayjs(e.time).format('HH:mm:ss.SSS')}</Table.Cell>
                  <Table.Cell>{e.service}</Table.Cell>
                  <Table.Cell>{e.method}</Table.Cell>
                  <Table.Cell fontFamily="mono" wordBreak="break-all">
                    {e.path}
                  </Table.Cell>
                  <Table.Cell>{who(e)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={e.allowed ? 'green' : 'red'}>
                      {e.allowed ? 'allowed' : 'denied'}
                    </Badge>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {shown.length === 0 && (
            <Text color="gray.500" p="2">
              No requests yet: use the shop, and they appear here.
            </Text>
          )}
        </Box>
        {selected && (
          <Stack flex="1.2" minW="0" gap="2" data-testid="request-detail">
            <Heading size="sm">
              {selected.allowed ? 'Allowed' : 'Denied'} {selected.method} on /{selected.path}
            </Heading>
            <Text>{who(selected)}</Text>
            {selected.caller.kind === 'user' && (
              <Box as="pre" fontSize="xs" bg="gray.50" p="2" rounded="md" overflowX="auto">
                {JSON.stringify(selected.caller.claims, null, 2)}
              </Box>
            )}
            {selected.message && <Text fontSize="xs">{selected.message}</Text>}
            {selected.caller.kind !== 'admin-sdk' && !selected.trace && (
              <Text fontSize="xs" color="gray.500">
                No rule trace: this request came while no console was open.
              </Text>
            )}
            {selected.trace && selected.trace.length === 0 && (
              <Text>No allow statement matched this path and method.</Text>
            )}
            {selected.caller.kind !== 'admin-sdk' && <RulesSourceView entry={selected} />}
          </Stack>
        )}
      </Flex>
    </Stack>
  );
}
