import {
  Badge,
  Button,
  Field,
  Flex,
  Heading,
  Input,
  NativeSelect,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useConfig } from '../../lib/config';
import { ErrorNote } from '../../lib/error-note';
import { dataOf, failureOf } from '../../lib/loadable';
import { useLive } from '../../lib/use-live';
import { plainFields, typedFields, type RestValue } from './payload';
import {
  askRules,
  authUsers,
  type PlaygroundAnswer,
  type PlaygroundQuestion,
  type RulesServiceName,
} from './rules-api';
import { currentTexts, useTexts } from '../../i18n/texts';
import { rulesTexts } from './rules-texts';
import { ResourcePair } from './resource-pair';
import { RulesSourceView } from './rules-source-view';

const METHODS = ['get', 'list', 'create', 'update', 'delete'] as const;
type Method = (typeof METHODS)[number];
const SIGNED_OUT = '';
const CUSTOM = '(custom)';

/** What "replay as another user" in the Requests view hands over (router state). */
export interface ReplayedRequest {
  service: RulesServiceName;
  method: Method;
  path: string;
  uid?: string;
  /** Firestore: the fields of request.resource, as the payload box reads them. */
  fields?: Record<string, unknown>;
  upload?: { size: number; contentType?: string; metadata?: Record<string, string> };
}

function parseObject(text: string, what: string): Record<string, unknown> {
  const t = currentTexts(rulesTexts).playground;
  let value: unknown;
  try {
    value = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch (error) {
    throw new Error(t.badJson(what, (error as Error).message));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(t.notObject(what));
  return value as Record<string, unknown>;
}

/** Ask the emulator's own rules whether a user may do something now, and see why (writing nothing). */
export function PlaygroundPage() {
  const t = useTexts(rulesTexts).playground;
  const config = useConfig();
  const replay = (useLocation().state as { replay?: ReplayedRequest } | null)?.replay;
  const [users] = useLive(() => authUsers(config), 'users', 5000);
  const [service, setService] = useState<RulesServiceName>(replay?.service ?? 'firestore');
  const [method, setMethod] = useState<Method>(replay?.method ?? 'get');
  const [path, setPath] = useState(replay?.path ?? '');
  const [who, setWho] = useState(SIGNED_OUT);
  const [customUid, setCustomUid] = useState('');
  const [customEmail, setCustomEmail] = useState('');
  const [claims, setClaims] = useState('{}');
  const [fields, setFields] = useState(JSON.stringify(replay?.fields ?? {}, null, 2));
  const [size, setSize] = useState(String(replay?.upload?.size ?? 1024));
  const [contentType, setContentType] = useState(replay?.upload?.contentType ?? 'image/webp');
  const [metadata, setMetadata] = useState(JSON.stringify(replay?.upload?.metadata ?? {}));
  const [answer, setAnswer] = useState<{
    answer: PlaygroundAnswer;
    asked: PlaygroundQuestion;
    /** Counts the answers, so a test (or a person) can tell a new one from the last. */
    n: number;
  } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const known = dataOf(users) ?? [];
  const writes = method === 'create' || method === 'update';

  // The replayed request's own user stays chosen until another is picked (the point is to pick another).
  useEffect(() => {
    if (replay?.uid && known.some((u) => u.uid === replay.uid))
      setWho((w) => (w === SIGNED_OUT ? replay.uid! : w));
  }, [replay?.uid, known.length]); // eslint-disable-line react-hooks/exhaustive-deps

  const chooseUser = (value: string) => {
    setWho(value);
    const user = known.find((u) => u.uid === value);
    setClaims(JSON.stringify(user?.claims ?? {}, null, 2));
  };

  const question = (): PlaygroundQuestion => {
    const extra = parseObject(claims, t.claims);
    let user: PlaygroundQuestion['user'] = null;
    if (who === CUSTOM) {
      if (customUid.trim() === '') throw new Error(t.needUid);
      user = { uid: customUid.trim(), email: customEmail.trim() || undefined, claims: extra };
    } else if (who !== SIGNED_OUT) {
      const chosen = known.find((u) => u.uid === who);
      user = { uid: who, email: chosen?.email, emailVerified: chosen?.emailVerified, claims: extra };
    }
    const asked: PlaygroundQuestion = { service, method, path: path.trim(), user };
    if (writes && service === 'firestore') {
      const root = `projects/${config.projectId}/databases/(default)/documents`;
      asked.fields = typedFields(parseObject(fields, t.fields), root) as PlaygroundQuestion['fields'];
    }
    if (writes && service === 'storage') {
      const bytes = Number(size);
      if (!Number.isInteger(bytes) || bytes < 0) throw new Error(t.badSize);
      asked.upload = {
        size: bytes,
        contentType: contentType.trim() || undefined,
        metadata: parseObject(metadata, t.metadata) as Record<string, string>,
      };
    }
    return asked;
  };

  const ask = async () => {
    setError(null);
    let asked: PlaygroundQuestion;
    try {
      asked = question();
    } catch (e) {
      setError((e as Error).message);
      return;
    }
    setAsking(true);
    try {
      const answered = await askRules(asked);
      setAnswer((last) => ({ answer: answered, asked, n: (last?.n ?? 0) + 1 }));
    } catch (e) {
      setAnswer(null);
      setError((e as Error).message);
    } finally {
      setAsking(false);
    }
  };

  return (
    <Stack gap="3">
      <Heading size="lg">{t.title}</Heading>
      <Text fontSize="xs" color="gray.600">
        {t.intro}
      </Text>
      {replay && (
        <Text fontSize="xs" bg="blue.50" p="2" rounded="md" data-testid="replayed">
          {t.replayed(replay.method, replay.path)}
        </Text>
      )}
      <Flex gap="5" align="start">
        <Stack w="380px" flexShrink={0} gap="2" as="form" onSubmit={(e) => (e.preventDefault(), void ask())}>
          <Field.Root>
            <Field.Label>{t.user}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                aria-label={t.user}
                value={who}
                onChange={(e) => chooseUser(e.target.value)}
              >
                <option value={SIGNED_OUT}>{t.signedOut}</option>
                {known.map((u) => (
                  <option key={u.uid} value={u.uid}>
                    {u.email ? `${u.email} (${u.uid})` : u.uid}
                  </option>
                ))}
                <option value={CUSTOM}>{t.customUser}</option>
              </NativeSelect.Field>
            </NativeSelect.Root>
          </Field.Root>
          <ErrorNote message={failureOf(users)} />
          {who === CUSTOM && (
            <Flex gap="2">
              <PlainInput label={t.uid} value={customUid} onChange={setCustomUid} />
              <PlainInput label={t.email} value={customEmail} onChange={setCustomEmail} />
            </Flex>
          )}
          {who !== SIGNED_OUT && <CodeField label={t.claims} rows={2} value={claims} onChange={setClaims} />}
          <Flex gap="2">
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                aria-label={t.service}
                value={service}
                onChange={(e) => setService(e.target.value as RulesServiceName)}
              >
                <option value="firestore">Firestore</option>
                <option value="storage">Storage</option>
              </NativeSelect.Field>
            </NativeSelect.Root>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                aria-label={t.method}
                value={method}
                onChange={(e) => setMethod(e.target.value as Method)}
              >
                {METHODS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </NativeSelect.Field>
            </NativeSelect.Root>
          </Flex>
          <Field.Root>
            <Field.Label>{t.path}</Field.Label>
            <Input
              size="sm"
              fontFamily="mono"
              aria-label={t.path}
              value={path}
              onChange={(e) => setPath(e.target.value)}
            />
            <Field.HelperText fontSize="xs">{t.pathHint}</Field.HelperText>
          </Field.Root>
          {writes && service === 'firestore' && (
            <CodeField label={t.fields} rows={6} value={fields} onChange={setFields} hint={t.fieldsHint} />
          )}
          {writes && service === 'storage' && (
            <>
              <Flex gap="2">
                <PlainInput label={t.size} value={size} onChange={setSize} />
                <PlainInput label={t.contentType} value={contentType} onChange={setContentType} />
              </Flex>
              <PlainInput label={t.metadata} value={metadata} onChange={setMetadata} mono />
            </>
          )}
          <Button type="submit" size="sm" colorPalette="blue" loading={asking} loadingText={t.asking}>
            {t.ask}
          </Button>
          <ErrorNote message={error} />
        </Stack>
        {answer && <AnswerView answer={answer.answer} asked={answer.asked} n={answer.n} />}
      </Flex>
    </Stack>
  );
}

function AnswerView({
  answer,
  asked,
  n,
}: {
  answer: PlaygroundAnswer;
  asked: PlaygroundQuestion;
  n: number;
}) {
  const t = useTexts(rulesTexts).playground;
  const data = (value: unknown) =>
    value === null || value === undefined
      ? t.none
      : JSON.stringify(
          asked.service === 'firestore'
            ? plainFields((value as { fields?: Record<string, RestValue> }).fields)
            : value,
          null,
          2,
        );
  return (
    <Stack
      flex="1"
      minW="0"
      gap="2"
      data-testid="playground-answer"
      data-verdict={answer.allowed ? 'allowed' : 'denied'}
      data-asked={n}
    >
      <Flex gap="2" align="center">
        <Badge colorPalette={answer.allowed ? 'green' : 'red'}>{answer.allowed ? t.allowed : t.denied}</Badge>
        <Heading size="sm" data-testid="playground-verdict">
          {t.verdict(answer.allowed, asked.method, asked.path, answer.line)}
        </Heading>
      </Flex>
      {answer.noRules && <Text>{t.noRules}</Text>}
      {answer.message && (
        <Text fontSize="xs" wordBreak="break-word">
          {answer.message}
        </Text>
      )}
      <RulesSourceView
        entry={{ service: asked.service, rulesVersion: answer.rulesVersion, trace: answer.trace }}
      />
      <ResourcePair
        panels={[
          { label: t.resource, text: data(answer.resource), testId: 'playground-resource' },
          {
            label: t.requestResource,
            text: data(answer.requestResource),
            testId: 'playground-request-resource',
          },
        ]}
      />
    </Stack>
  );
}

interface TextProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A one-line box named by its placeholder (the pairs side by side: uid and e-mail, size and type). */
function PlainInput({ label, value, onChange, mono = false }: TextProps & { mono?: boolean }) {
  return (
    <Input
      size="sm"
      fontFamily={mono ? 'mono' : undefined}
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A labelled monospace text area (custom claims, a document's fields), with its hint if any. */
function CodeField({ label, value, onChange, rows, hint }: TextProps & { rows: number; hint?: string }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Textarea
        size="sm"
        fontFamily="mono"
        rows={rows}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && <Field.HelperText fontSize="xs">{hint}</Field.HelperText>}
    </Field.Root>
  );
}
