import { Box, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ErrorNote } from '../../lib/error-note';
import { useTexts } from '../../i18n/texts';
import { requestsTexts } from './texts';
import { requestJson } from '../../lib/http';
import type { LoggedRequest } from './use-request-log';

interface RulesText {
  version: number;
  file: string;
  text: string;
}

const MARK = {
  granted: { bg: 'green.100', border: 'green.500' },
  false: { bg: 'red.100', border: 'red.500' },
  error: { bg: 'orange.100', border: 'orange.500' },
} as const;

/** What a trace is drawn from: a logged request, or the playground's answer to a question. */
export type TracedDecision = Pick<LoggedRequest, 'service' | 'rulesVersion' | 'trace'>;

/** The rules file with the allow statements that decided this request marked, each with its outcome. */
export function RulesSourceView({ entry }: { entry: TracedDecision }) {
  const t = useTexts(requestsTexts);
  const outcome = t.outcome;
  const [rules, setRules] = useState<RulesText | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    requestJson<RulesText>(`/api/rules/${entry.service}`).then(setRules, (e: Error) => setError(e.message));
  }, [entry.service, entry.rulesVersion]);

  if (error) return <ErrorNote message={error} />;
  if (!rules) return null;
  if (entry.rulesVersion !== undefined && rules.version !== entry.rulesVersion)
    return <Text color="orange.700">{t.rulesChanged}</Text>;
  const byLine = new Map((entry.trace ?? []).map((step) => [step.line, step]));
  return (
    <Stack gap="1">
      <Text fontSize="xs" color="gray.500">
        {rules.file}
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
        data-testid="rules-source"
      >
        {rules.text.split('\n').map((line, i) => {
          const trace = byLine.get(i + 1);
          const mark = trace ? MARK[trace.outcome] : null;
          return (
            <Box
              key={i}
              data-line={i + 1}
              data-outcome={trace?.outcome}
              bg={mark?.bg}
              borderLeftWidth="4px"
              borderLeftColor={mark?.border ?? 'transparent'}
              px="2"
            >
              <Text as="span" color="gray.600" display="inline-block" w="3ch" textAlign="right" mr="2">
                {i + 1}
              </Text>
              {line}
              {trace && trace.outcome !== 'granted' && (
                <Box pl="6" color="gray.800" whiteSpace="pre-wrap">
                  {trace.conditions.map((c, j) => (
                    <Box key={j} data-condition={c.outcome}>
                      {c.outcome === 'true' ? '✓' : c.outcome === 'skipped' ? '·' : '✗'} {c.text}
                      {c.outcome === 'error'
                        ? ` — ${t.conditionError(String(c.error))}`
                        : c.outcome === 'skipped'
                          ? ` (${outcome.skipped})`
                          : ` — ${outcome[c.outcome]}`}
                    </Box>
                  ))}
                </Box>
              )}
            </Box>
          );
        })}
      </Box>
    </Stack>
  );
}
