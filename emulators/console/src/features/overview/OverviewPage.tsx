import { Badge, Button, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useConfig } from '../../lib/config';
import { ErrorNote } from '../../lib/ErrorNote';
import { useLive } from '../../lib/use-live';
import { clearData, exportNow, fetchStatus, type Clearable } from './api';

const NAMES: Record<string, string> = {
  firestore: 'Firestore (offline)',
  storage: 'Storage (offline)',
  auth: 'Authentication (firebase-tools)',
  functions: 'Cloud Functions (firebase-tools)',
  hosting: 'Shop web app',
  hub: 'Emulator hub',
  logging: 'Functions logs (WebSocket)',
  console: 'This console',
};

export function OverviewPage() {
  const config = useConfig();
  const status = useLive(fetchStatus, 'status', 2000);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (label: string, action: () => Promise<string>) => {
    setError(null);
    setNote(null);
    try {
      setNote(await action());
    } catch (e) {
      setError(`${label} failed: ${(e as Error).message}`);
    }
  };

  const clear = (what: Clearable) => {
    if (!window.confirm(`Delete ALL ${what} data of ${config.projectId}? This cannot be undone.`)) return;
    void run(`Clearing ${what}`, async () => {
      await clearData(config, what);
      return `Cleared ${what}.`;
    });
  };

  return (
    <Stack gap="5" maxW="900px">
      <Heading size="lg">Overview</Heading>
      <Text>
        Project <b>{config.projectId}</b>. Everything here listens on 127.0.0.1: this console and the
        emulators are for this machine only.
      </Text>
      <HStack gap="4">
        <Link href={config.shopUrl} target="_blank" color="blue.600">
          Open the shop
        </Link>
        <Link href={`${config.shopUrl}/admin`} target="_blank" color="blue.600">
          Open the admin dashboard
        </Link>
      </HStack>
      <ErrorNote message={status.error} />
      <Table.Root size="sm" variant="outline" data-testid="emulators">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Emulator</Table.ColumnHeader>
            <Table.ColumnHeader>Host:port</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {Object.entries(config.emulators).map(([name, e]) => {
            const up = status.data?.[name as keyof typeof config.emulators];
            return (
              <Table.Row key={name} data-emulator={name}>
                <Table.Cell>{NAMES[name] ?? name}</Table.Cell>
                <Table.Cell fontFamily="mono">
                  {e.host}:{e.port}
                </Table.Cell>
                <Table.Cell>
                  {up === undefined ? (
                    '…'
                  ) : (
                    <Badge colorPalette={up ? 'green' : 'gray'}>{up ? 'running' : 'off'}</Badge>
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      <Stack gap="2">
        <Heading size="md">Data</Heading>
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            onClick={() =>
              void run('Export', async () => {
                const result = await exportNow();
                return `Exported to ${result.exported}${result.auth ? ' (Auth included)' : ''}.`;
              })
            }
          >
            Export data now
          </Button>
          <Button size="sm" colorPalette="red" variant="outline" onClick={() => clear('firestore')}>
            Clear Firestore
          </Button>
          <Button size="sm" colorPalette="red" variant="outline" onClick={() => clear('storage')}>
            Clear Storage
          </Button>
          <Button size="sm" colorPalette="red" variant="outline" onClick={() => clear('auth')}>
            Clear Auth
          </Button>
        </HStack>
        {note && <Text role="status">{note}</Text>}
        <ErrorNote message={error} />
      </Stack>
    </Stack>
  );
}
