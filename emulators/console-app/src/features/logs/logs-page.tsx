import { Badge, Box, Button, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { formatMoment } from '../../lib/format';
import { useTexts } from '../../i18n/texts';
import { sharedTexts } from '../../lib/texts';
import { logsTexts } from './texts';
import { matchesSearch, useFunctionLogs, type LogLine } from './use-function-logs';

const LEVELS = ['debug', 'info', 'warning', 'error'];
// firebase-tools says "warn"; the functions' own structured logs use Cloud Logging's severities.
const RANK: Record<string, number> = {
  debug: 0,
  info: 1,
  notice: 1,
  warn: 2,
  warning: 2,
  error: 3,
  critical: 4,
  alert: 4,
  emergency: 4,
};
const rank = (level: string) => RANK[level] ?? 1;
const COLORS: Record<string, string> = {
  debug: 'gray',
  info: 'blue',
  warn: 'orange',
  warning: 'orange',
  error: 'red',
};

const functionOf = (line: LogLine) => line.data?.metadata?.function?.name;

/** The Cloud Functions' logs as the Functions emulator reports them, live, filtered by level and function. */
export function LogsPage() {
  const t = useTexts(logsTexts);
  const common = useTexts(sharedTexts).common;
  const { lines, connected, clear } = useFunctionLogs();
  const [search, setSearch] = useState('');
  const [minLevel, setMinLevel] = useState('info');
  const [fn, setFn] = useState('');
  const names = useMemo(
    () => [...new Set(lines.map(functionOf).filter((n): n is string => !!n))].sort(),
    [lines],
  );
  const shown = lines
    .filter((l) => rank(l.level) >= rank(minLevel))
    .filter((l) => (fn === '' ? true : fn === '*' ? !!functionOf(l) : functionOf(l) === fn))
    .filter((l) => matchesSearch(l, search))
    .slice(-500)
    .reverse();

  return (
    <Stack gap="3">
      <HStack justify="space-between">
        <Heading size="lg">{t.title}</Heading>
        <HStack gap="2">
          <Badge colorPalette={connected ? 'green' : 'gray'}>
            {connected ? common.live : t.notConnected}
          </Badge>
          <Button size="xs" variant="outline" onClick={clear}>
            {t.clear}
          </Button>
        </HStack>
      </HStack>
      <HStack gap="2">
        <NativeSelect.Root size="xs" w="130px">
          <NativeSelect.Field
            aria-label={t.level}
            value={minLevel}
            onChange={(e) => setMinLevel(e.target.value)}
          >
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {t.levelAndAbove(l)}
              </option>
            ))}
          </NativeSelect.Field>
        </NativeSelect.Root>
        <NativeSelect.Root size="xs" w="180px">
          <NativeSelect.Field aria-label={t.function} value={fn} onChange={(e) => setFn(e.target.value)}>
            <option value="">{t.everyEmulator}</option>
            <option value="*">{t.everyFunction}</option>
            {names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect.Field>
        </NativeSelect.Root>
        <Input
          size="xs"
          w="220px"
          type="search"
          aria-label={t.search}
          placeholder={t.searchPlaceholder}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Text fontSize="xs" color="gray.500">
          {t.shownOf(shown.length, lines.length)}
        </Text>
      </HStack>
      <Box fontFamily="mono" fontSize="xs" data-testid="logs">
        {shown.map((line, i) => (
          <HStack
            key={`${line.timestamp}-${i}`}
            align="start"
            gap="2"
            borderBottomWidth="1px"
            py="1"
            data-function={functionOf(line)}
          >
            <Text color="gray.500" whiteSpace="nowrap">
              {formatMoment(line.timestamp, 'HH:mm:ss.SSS')}
            </Text>
            <Badge size="xs" colorPalette={COLORS[line.level] ?? 'gray'}>
              {line.level}
            </Badge>
            {functionOf(line) && <Badge size="xs">{functionOf(line)}</Badge>}
            <Text whiteSpace="pre-wrap" wordBreak="break-word">
              {line.message}
            </Text>
          </HStack>
        ))}
        {shown.length === 0 && <Text color="gray.500">{t.empty}</Text>}
      </Box>
    </Stack>
  );
}
