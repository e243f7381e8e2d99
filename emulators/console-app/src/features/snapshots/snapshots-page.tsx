import { Button, Code, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ErrorNote } from '../../lib/error-note';
import { formatCount as num, formatMoment } from '../../lib/format';
import { dataOf, failureOf } from '../../lib/loadable';
import { useLive } from '../../lib/use-live';
import { useTexts, type Texts } from '../../i18n/texts';
import { sharedTexts } from '../../lib/texts';
import { deleteSnapshot, listSnapshots, restoreSnapshot, saveSnapshot } from './api';
import { snapshotsTexts } from './texts';

/** A result sentence, written again in the other language when the switch is pressed. */
type Note = (t: Texts<typeof snapshotsTexts>) => string;

/** Save the whole local state under a name, restore one while everything runs, delete one. */
export function SnapshotsPage() {
  const t = useTexts(snapshotsTexts);
  const common = useTexts(sharedTexts).common;
  const [listing, reload] = useLive(listSnapshots, 'snapshots', 3000);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const [error, setError] = useState<string | null>(null);
  const snapshots = dataOf(listing)?.snapshots;

  const run = async (what: string, action: () => Promise<Note>) => {
    setError(null);
    setNote(null);
    setBusy(what);
    try {
      const done = await action();
      setNote(() => done);
      reload();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const save = () => {
    const wanted = name.trim();
    if (!wanted) return setError(t.needsName);
    const exists = snapshots?.some((s) => s.name === wanted) ?? false;
    if (exists && !window.confirm(t.confirmReplace(wanted))) return;
    void run('save', async () => {
      const saved = await saveSnapshot(wanted, exists);
      setName('');
      return (t) => t.saved(saved.name);
    });
  };

  const restore = (snapshot: string) => {
    if (!window.confirm(t.confirmRestore(snapshot))) return;
    void run(`restore:${snapshot}`, async () => {
      const report = await restoreSnapshot(snapshot);
      return (t) => {
        const { written, deleted } = report.firestore;
        const sentence = t.restored(report.name, written, deleted, report.restoredUsers);
        return report.authSkipped ? `${sentence} ${t.authSkipped}` : sentence;
      };
    });
  };

  const remove = (snapshot: string) => {
    if (!window.confirm(t.confirmDelete(snapshot))) return;
    void run(`delete:${snapshot}`, async () => {
      await deleteSnapshot(snapshot);
      return (t) => t.deleted(snapshot);
    });
  };

  return (
    <Stack gap="4" maxW="960px">
      <Heading size="lg">{t.title}</Heading>
      <Text>{t.intro}</Text>
      {dataOf(listing) && (
        <Text fontSize="xs" color="gray.600">
          {t.startHint(dataOf(listing)!.dir)}
        </Text>
      )}
      <HStack
        as="form"
        gap="2"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Input
          size="sm"
          maxW="320px"
          aria-label={t.nameLabel}
          placeholder={t.namePlaceholder}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button size="sm" type="submit" colorPalette="blue" loading={busy === 'save'}>
          {t.save}
        </Button>
      </HStack>
      {note && <Text role="status">{note(t)}</Text>}
      <ErrorNote message={error ?? failureOf(listing)} />
      <Table.Root size="sm" variant="outline" data-testid="snapshots">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t.name}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.savedAt}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t.documents}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t.files}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t.users}</Table.ColumnHeader>
            <Table.ColumnHeader>{common.actions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {snapshots?.map((s) => (
            <Table.Row key={s.name} data-snapshot={s.name}>
              <Table.Cell>
                <Code>{s.name}</Code>
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatMoment(s.savedAt, 'D MMM YYYY, HH:mm:ss')}</Table.Cell>
              <Table.Cell textAlign="end">{num(s.documents)}</Table.Cell>
              <Table.Cell textAlign="end">{num(s.objects)}</Table.Cell>
              <Table.Cell textAlign="end">{s.users === null ? t.noAuth : num(s.users)}</Table.Cell>
              <Table.Cell>
                <HStack gap="1" justify="end">
                  <Button
                    size="xs"
                    variant="outline"
                    loading={busy === `restore:${s.name}`}
                    disabled={busy !== null}
                    onClick={() => restore(s.name)}
                  >
                    {t.restore}
                  </Button>
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    disabled={busy !== null}
                    onClick={() => remove(s.name)}
                  >
                    {common.delete}
                  </Button>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {snapshots?.length === 0 && <Text color="gray.500">{t.none}</Text>}
    </Stack>
  );
}
