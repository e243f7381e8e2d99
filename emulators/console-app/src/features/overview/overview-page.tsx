import { Badge, Button, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useConfig } from '../../lib/config';
import { ErrorNote } from '../../lib/error-note';
import { useTexts, type Texts } from '../../i18n/texts';
import { localized } from '../../i18n/localized';
import { useLanguage } from '../../i18n/language';
import { dataOf, failureOf } from '../../lib/loadable';
import { useLive } from '../../lib/use-live';
import { clearData, exportNow, fetchStatus, type Clearable } from './api';
import { overviewTexts } from './texts';

/** A result sentence, written again in the other language when the switch is pressed. */
type Note = (t: Texts<typeof overviewTexts>) => string;

export function OverviewPage() {
  const config = useConfig();
  const t = useTexts(overviewTexts);
  const language = useLanguage();
  const [status] = useLive(fetchStatus, 'status', 2000);
  const [note, setNote] = useState<Note | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async (failed: (reason: string) => string, action: () => Promise<Note>) => {
    setError(null);
    setNote(null);
    try {
      const done = await action();
      setNote(() => done);
    } catch (e) {
      setError(failed((e as Error).message));
    }
  };

  const clear = (what: Clearable) => {
    const name = t.what[what];
    if (!window.confirm(t.confirmClear(name, config.projectId))) return;
    void run(
      (reason) => t.clearFailed(name, reason),
      async () => {
        await clearData(config, what);
        return (t) => t.cleared(t.what[what]);
      },
    );
  };

  return (
    <Stack gap="5" maxW="900px">
      <Heading size="lg">{t.title}</Heading>
      <Text>
        {t.project} <b>{config.projectId}</b>। {t.localNote}
      </Text>
      {config.extensions.links.length > 0 && (
        <HStack gap="4">
          {config.extensions.links.map((link) => (
            <Link key={link.href} href={link.href} target="_blank" color="blue.600">
              {localized(link.label, language)}
            </Link>
          ))}
        </HStack>
      )}
      <ErrorNote message={failureOf(status)} />
      <Table.Root size="sm" variant="outline" data-testid="emulators">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t.emulator}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.hostPort}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.status}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {Object.entries(config.emulators).map(([name, e]) => {
            const up = dataOf(status)?.[name as keyof typeof config.emulators];
            return (
              <Table.Row key={name} data-emulator={name}>
                <Table.Cell>{t.names[name as keyof typeof t.names] ?? name}</Table.Cell>
                <Table.Cell fontFamily="mono">
                  {e.host}:{e.port}
                </Table.Cell>
                <Table.Cell>
                  {up === undefined ? (
                    '…'
                  ) : (
                    <Badge colorPalette={up ? 'green' : 'gray'}>{up ? t.running : t.off}</Badge>
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      <Stack gap="2">
        <Heading size="md">{t.data}</Heading>
        <HStack gap="2" wrap="wrap">
          <Button
            size="sm"
            onClick={() =>
              void run(t.exportFailed, async () => {
                const result = await exportNow();
                return (t) => t.exported(result.exported, !!result.auth);
              })
            }
          >
            {t.exportNow}
          </Button>
          <Button size="sm" colorPalette="red" variant="outline" onClick={() => clear('firestore')}>
            {t.clear.firestore}
          </Button>
          <Button size="sm" colorPalette="red" variant="outline" onClick={() => clear('storage')}>
            {t.clear.storage}
          </Button>
          <Button size="sm" colorPalette="red" variant="outline" onClick={() => clear('auth')}>
            {t.clear.auth}
          </Button>
        </HStack>
        {note && <Text role="status">{note(t)}</Text>}
        <ErrorNote message={error} />
      </Stack>
    </Stack>
  );
}
