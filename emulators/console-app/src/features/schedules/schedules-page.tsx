import { Badge, Button, Code, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ErrorNote } from '../../lib/error-note';
import { formatMoment } from '../../lib/format';
import { EmulatorRefusal } from '../../lib/http';
import { sharedTexts } from '../../lib/texts';
import { dataOf, failureOf } from '../../lib/loadable';
import { useLive } from '../../lib/use-live';
import { useTexts, type Texts } from '../../i18n/texts';
import { listScheduledJobs, runScheduledJob, type ScheduledJobRun } from './api';
import { schedulesTexts } from './texts';

/** A result sentence, written again in the other language when the switch is pressed. */
type Note = (t: Texts<typeof schedulesTexts>) => string;

const OUTCOME_PALETTE: Record<ScheduledJobRun['outcome'], string> = {
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  skipped: 'gray',
};

const MOMENT = 'D MMM, HH:mm:ss';

/** The project's scheduled jobs: schedule, last and next run, and a button that runs one now. */
export function SchedulesPage() {
  const t = useTexts(schedulesTexts);
  const common = useTexts(sharedTexts).common;
  const [listing, reload] = useLive(listScheduledJobs, 'scheduled-jobs', 2000);
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState<Note | null>(null);
  const [error, setError] = useState<string | null>(null);
  const jobs = dataOf(listing);

  const runNow = async (name: string) => {
    setBusy(name);
    setNote(null);
    setError(null);
    // Shows "running" at once: the list is asked again while the run goes on.
    const during = setTimeout(reload, 300);
    try {
      const run = await runScheduledJob(name);
      const done: Note =
        run.outcome === 'succeeded'
          ? (t) => t.ran(name)
          : (t) => t.runFailed(name, run.error ?? t.outcome[run.outcome]);
      setNote(() => done);
    } catch (e) {
      if (e instanceof EmulatorRefusal && e.status === 409) {
        const refused: Note = (t) => t.alreadyRunning(name);
        setNote(() => refused);
      } else setError((e as Error).message);
    } finally {
      clearTimeout(during);
      setBusy(null);
      reload();
    }
  };

  return (
    <Stack gap="4" maxW="1100px">
      <Heading size="lg">{t.title}</Heading>
      <Text>{t.intro}</Text>
      {note && <Text role="status">{note(t)}</Text>}
      <ErrorNote message={error ?? failureOf(listing)} />
      <Table.Root size="sm" variant="outline" data-testid="scheduled-jobs">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t.job}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.schedule}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.lastRun}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.nextRun}</Table.ColumnHeader>
            <Table.ColumnHeader>{common.actions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {jobs?.map((job) => (
            <Table.Row key={job.name} data-job={job.name}>
              <Table.Cell>
                <Code>{job.name}</Code>
                {job.problem && (
                  <Text fontSize="xs" color="red.600">
                    {t.notHere} {job.problem}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                <Code>{job.effectiveSchedule}</Code> <Text as="span">{job.timeZone}</Text>
                {job.effectiveSchedule !== job.schedule && (
                  <Text fontSize="xs" color="orange.700">
                    {t.overridden(job.schedule)}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                {job.lastRun ? (
                  <Stack gap="0.5">
                    <Text whiteSpace="nowrap">
                      <Badge colorPalette={OUTCOME_PALETTE[job.lastRun.outcome]}>
                        {t.outcome[job.lastRun.outcome]}
                      </Badge>{' '}
                      {formatMoment(job.lastRun.startedAt, MOMENT)} · {t.cause[job.lastRun.cause]}
                    </Text>
                    {job.lastRun.error && (
                      <Text fontSize="xs" color="gray.600">
                        {job.lastRun.error}
                      </Text>
                    )}
                  </Stack>
                ) : (
                  <Text color="gray.500">{t.never}</Text>
                )}
              </Table.Cell>
              <Table.Cell whiteSpace="nowrap">
                {job.nextRunAt ? formatMoment(job.nextRunAt, MOMENT) : t.none}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <Button
                  size="xs"
                  colorPalette="blue"
                  variant="outline"
                  loading={busy === job.name}
                  disabled={busy !== null || job.running > 0 || job.problem !== null}
                  onClick={() => void runNow(job.name)}
                >
                  {t.runNow}
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {jobs?.length === 0 && <Text color="gray.500">{t.empty}</Text>}
    </Stack>
  );
}
