import { Badge, Box, Button, Flex, Heading, HStack, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { origin, useConfig } from '../../lib/config';
import { ErrorNote } from '../../lib/error-note';
import { dataOf, failureOf } from '../../lib/loadable';
import { useLive } from '../../lib/use-live';
import type { AllowCoverage, CoverageCounts } from '../../../../src/console-server/request-log';
import { loadCoverage, resetCoverage, type RulesServiceName } from './rules-api';
import { useTexts } from '../../i18n/texts';
import { rulesTexts } from './rules-texts';

const tone = (c: CoverageCounts) => (c.evaluated === 0 ? 'red' : 'green');

/** Each rule of a service with how often it was evaluated, true, false or an error since start or reset; live. */
export function CoveragePage() {
  const t = useTexts(rulesTexts).coverage;
  const config = useConfig();
  const [service, setService] = useState<RulesServiceName>('firestore');
  const [coverage, reload] = useLive(() => loadCoverage(service), service, 2000);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = dataOf(coverage);
  const report = shown?.report;
  const byLine = new Map<number, AllowCoverage[]>();
  for (const allow of report?.allows ?? [])
    byLine.set(allow.line, [...(byLine.get(allow.line) ?? []), allow]);
  const covered = report?.allows.filter((a) => a.evaluated > 0).length ?? 0;

  const reset = async () => {
    setNote(null);
    setError(null);
    try {
      await resetCoverage(service);
      setNote(t.resetDone);
      reload();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <Stack gap="3">
      <HStack justify="space-between">
        <Heading size="lg">{t.title}</Heading>
        <HStack gap="2">
          <NativeSelect.Root size="xs" w="130px">
            <NativeSelect.Field
              aria-label={t.service}
              value={service}
              onChange={(e) => setService(e.target.value as RulesServiceName)}
            >
              <option value="firestore">Firestore</option>
              <option value="storage">Storage</option>
            </NativeSelect.Field>
          </NativeSelect.Root>
          <Button size="xs" variant="outline" onClick={reload}>
            {t.refresh}
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => void reset()}>
            {t.reset}
          </Button>
        </HStack>
      </HStack>
      <Text fontSize="xs" color="gray.600">
        {t.intro}
      </Text>
      {service === 'firestore' && (
        <Link
          fontSize="xs"
          href={`${origin(config.emulators.firestore)}/emulator/v1/projects/${config.projectId}:ruleCoverage.html`}
          target="_blank"
          rel="noreferrer"
        >
          {t.report}
        </Link>
      )}
      {note && (
        <Text role="status" fontSize="xs" color="green.700">
          {note}
        </Text>
      )}
      <ErrorNote message={error ?? failureOf(coverage)} />
      {shown && !report && <Text>{t.noRules}</Text>}
      {shown?.rules && report && (
        <Stack gap="1">
          <Text fontSize="xs" color="gray.600" data-testid="coverage-summary">
            {shown.rules.file} — {t.summary(covered, report.allows.length)}
          </Text>
          <Box
            as="pre"
            fontSize="xs"
            bg="gray.50"
            borderWidth="1px"
            rounded="md"
            overflowX="auto"
            tabIndex={0}
            py="2"
            data-testid="coverage-source"
          >
            {shown.rules.text.split('\n').map((line, i) => {
              const allows = byLine.get(i + 1) ?? [];
              const uncovered = allows.some((a) => a.evaluated === 0);
              return (
                <Box
                  key={i}
                  data-line={i + 1}
                  bg={allows.length === 0 ? undefined : uncovered ? 'red.50' : 'green.50'}
                  borderLeftWidth="4px"
                  borderLeftColor={allows.length === 0 ? 'transparent' : uncovered ? 'red.500' : 'green.500'}
                  px="2"
                >
                  <Text as="span" color="gray.600" display="inline-block" w="3ch" textAlign="right" mr="2">
                    {i + 1}
                  </Text>
                  {line}
                  {allows.map((allow) => (
                    <AllowCounts key={`${allow.line}-${allow.methods.join()}`} allow={allow} />
                  ))}
                </Box>
              );
            })}
          </Box>
        </Stack>
      )}
    </Stack>
  );
}

function AllowCounts({ allow }: { allow: AllowCoverage }) {
  const t = useTexts(rulesTexts).coverage;
  const counts = (c: CoverageCounts) =>
    ({
      'data-evaluated': c.evaluated,
      'data-true': c.true,
      'data-false': c.false,
      'data-error': c.error,
    }) as const;
  return (
    <Box pl="6" whiteSpace="pre-wrap" fontFamily="body" data-allow-line={allow.line} {...counts(allow)}>
      <Flex gap="2" align="center">
        <Badge size="sm" colorPalette={tone(allow)}>
          allow {allow.methods.join(', ')}
        </Badge>
        <Text as="span">{t.counts(allow)}</Text>
      </Flex>
      {allow.conditions.map((c, j) => (
        <Box
          key={j}
          pl="4"
          color={c.evaluated === 0 ? 'red.700' : 'gray.800'}
          data-condition={c.text}
          {...counts(c)}
        >
          <Text as="span" fontFamily="mono">
            {c.text}
          </Text>{' '}
          — {t.counts(c)}
        </Box>
      ))}
    </Box>
  );
}
