import { Box, Button, Code, HStack, Input, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useConfig } from '../../lib/config';
import { ErrorNote } from '../../lib/error-note';
import { EmulatorRefusal } from '../../lib/http';
import { dataOf, type Loadable } from '../../lib/loadable';
import { useLive } from '../../lib/use-live';
import { useTexts } from '../../i18n/texts';
import {
  QUERY_OPERATORS,
  type FirestoreApi,
  type FsDocument,
  type QueryOperator,
  type QuerySpec,
} from './api';
import { indexOfRefusal, productionMessage } from './missing-index';
import { firestoreTexts } from './texts';
import { JsonDocumentEditor } from './json-document-editor';
import { ValueEditor } from './value-editor';
import { queryValue } from './values';

const PAGE_SIZE = 25;

interface FilterForm {
  field: string;
  op: QueryOperator;
  value: string;
}
interface QueryForm {
  filters: FilterForm[];
  orderField: string;
  direction: 'ASCENDING' | 'DESCENDING';
  limit: string;
}
const EMPTY_FILTER: FilterForm = { field: '', op: '==', value: '' };
const EMPTY: QueryForm = { filters: [EMPTY_FILTER], orderField: '', direction: 'ASCENDING', limit: '' };

const isPlainListing = (form: QueryForm) =>
  !form.orderField && !form.limit && form.filters.every((f) => f.field === '');

type Row = FsDocument & { missing?: boolean };

/**
 * A collection's documents, a page at a time. Without a query: every document in name order, with those that
 * do not exist but have sub-collections in italics (as Google's console lists them). With one: several
 * `where` conditions (all must hold), an order and a limit, run as the SDKs run them, so a query that needs a
 * composite index fails here as it fails in production, and says which index.
 */
export function DocumentList({
  api,
  collection,
  selected,
}: {
  api: FirestoreApi;
  collection: string;
  selected?: string;
}) {
  const config = useConfig();
  const navigate = useNavigate();
  const t = useTexts(firestoreTexts);
  const q = t.query;
  const [form, setForm] = useState<QueryForm>(EMPTY);
  const [applied, setApplied] = useState<QueryForm>(EMPTY);
  const [page, setPage] = useState(0);
  // The listing's page tokens: tokens[n] starts page n (the API's own cursor, not an offset).
  const [tokens, setTokens] = useState<(string | undefined)[]>([undefined]);
  const [formError, setFormError] = useState<string | null>(null);
  const [adding, setAdding] = useState<'field' | 'json' | null>(null);
  const [newId, setNewId] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const plain = isPlainListing(applied);
  const limit = applied.limit ? Number(applied.limit) : Infinity;
  const spec: QuerySpec = {
    where: applied.filters
      .filter((f) => f.field !== '')
      .map((f) => ({ field: f.field, op: f.op, value: queryValue(f.value) })),
    orderBy: applied.orderField ? { field: applied.orderField, direction: applied.direction } : undefined,
    offset: page * PAGE_SIZE,
    // One more than a page tells whether there is a next one.
    limit: Math.max(0, Math.min(PAGE_SIZE + 1, limit - page * PAGE_SIZE)),
  };
  const [docs] = useLive<{ rows: Row[]; next: boolean; nextToken?: string }>(
    async () => {
      if (plain) {
        const listed = await api.listWithMissing(collection, PAGE_SIZE, tokens[page]);
        return { rows: listed.documents, next: !!listed.nextPageToken, nextToken: listed.nextPageToken };
      }
      const found = spec.limit === 0 ? [] : await api.query(collection, spec);
      return { rows: found.slice(0, PAGE_SIZE), next: found.length > PAGE_SIZE };
    },
    `${collection}|${JSON.stringify(applied)}|${page}|${tokens[page] ?? ''}`,
  );
  const rows = dataOf(docs)?.rows ?? [];

  const goTo = (next: number) => {
    const nextToken = dataOf(docs)?.nextToken;
    if (plain && next > page && nextToken) setTokens([...tokens.slice(0, next), nextToken]);
    setPage(next);
  };
  const run = () => {
    setFormError(null);
    if (form.limit && !/^[1-9]\d*$/.test(form.limit)) return setFormError(q.badLimit);
    if (form.filters.some((f) => !f.field && f.value)) return setFormError(q.noField);
    setApplied(form);
    setPage(0);
    setTokens([undefined]);
  };
  const setFilter = (i: number, patch: Partial<FilterForm>) =>
    setForm({ ...form, filters: form.filters.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
  const deleteCollection = async () => {
    setNote(null);
    setActionError(null);
    try {
      const paths = await api.tree(collection);
      if (paths.length === 0) return setNote(t.nothingToDelete);
      if (!window.confirm(t.confirmDeleteTree(collection, paths.length))) return;
      await api.removeAll(paths);
      setNote(t.deletedTree(collection, paths.length));
    } catch (e) {
      setActionError((e as Error).message);
    }
  };

  return (
    <Stack gap="2" data-testid="documents">
      <Box borderWidth="1px" rounded="md" p="2">
        <Stack gap="1">
          {form.filters.map((filter, i) => (
            <HStack key={i} gap="1" data-filter={i + 1}>
              <Input
                size="xs"
                w="110px"
                placeholder={q.field}
                aria-label={q.fieldLabel(i + 1)}
                value={filter.field}
                onChange={(e) => setFilter(i, { field: e.target.value })}
              />
              <NativeSelect.Root size="xs" w="130px">
                <NativeSelect.Field
                  aria-label={q.operator(i + 1)}
                  value={filter.op}
                  onChange={(e) => setFilter(i, { op: e.target.value as QueryOperator })}
                >
                  {Object.keys(QUERY_OPERATORS).map((op) => (
                    <option key={op}>{op}</option>
                  ))}
                </NativeSelect.Field>
              </NativeSelect.Root>
              <Input
                size="xs"
                flex="1"
                placeholder={q.value}
                aria-label={q.valueLabel(i + 1)}
                value={filter.value}
                onChange={(e) => setFilter(i, { value: e.target.value })}
              />
              {form.filters.length > 1 && (
                <Button
                  size="xs"
                  variant="ghost"
                  aria-label={q.removeFilter(i + 1)}
                  onClick={() => setForm({ ...form, filters: form.filters.filter((_, j) => j !== i) })}
                >
                  ×
                </Button>
              )}
            </HStack>
          ))}
          <HStack gap="1" wrap="wrap">
            <Button
              size="xs"
              variant="ghost"
              onClick={() => setForm({ ...form, filters: [...form.filters, EMPTY_FILTER] })}
            >
              {q.addFilter}
            </Button>
            <Input
              size="xs"
              w="110px"
              placeholder={q.orderBy}
              aria-label={q.orderByLabel}
              value={form.orderField}
              onChange={(e) => setForm({ ...form, orderField: e.target.value })}
            />
            <NativeSelect.Root size="xs" w="90px">
              <NativeSelect.Field
                aria-label={q.direction}
                value={form.direction}
                onChange={(e) => setForm({ ...form, direction: e.target.value as QueryForm['direction'] })}
              >
                <option value="ASCENDING">{q.ascending}</option>
                <option value="DESCENDING">{q.descending}</option>
              </NativeSelect.Field>
            </NativeSelect.Root>
            <Input
              size="xs"
              w="60px"
              placeholder={q.limit}
              aria-label={q.limit}
              value={form.limit}
              onChange={(e) => setForm({ ...form, limit: e.target.value })}
            />
            <Button size="xs" onClick={run}>
              {q.run}
            </Button>
            <Button
              size="xs"
              variant="ghost"
              onClick={() => {
                setForm(EMPTY);
                setApplied(EMPTY);
                setPage(0);
                setTokens([undefined]);
              }}
            >
              {q.reset}
            </Button>
          </HStack>
        </Stack>
        <Text fontSize="xs" color="gray.500" mt="1">
          {q.hint}
        </Text>
        <ErrorNote message={formError} />
      </Box>
      <QueryFailure docs={docs} projectId={config.projectId} />
      <Stack gap="0">
        {rows.map((doc) => {
          const id = doc.name.split('/').pop() ?? '';
          const path = `${collection}/${id}`;
          return (
            <Box
              key={doc.name}
              asChild
              px="2"
              py="1"
              rounded="sm"
              fontFamily="mono"
              fontStyle={doc.missing ? 'italic' : undefined}
              color={doc.missing ? 'gray.500' : undefined}
              bg={selected === path ? 'blue.50' : undefined}
              _hover={{ bg: 'gray.100' }}
            >
              <RouterLink
                to={`/firestore/${path}`}
                data-doc-id={id}
                data-missing={doc.missing ? 'true' : undefined}
                title={doc.missing ? t.missing : undefined}
              >
                {id}
              </RouterLink>
            </Box>
          );
        })}
        {dataOf(docs) && rows.length === 0 && <Text color="gray.500">{t.noDocuments}</Text>}
      </Stack>
      <HStack gap="2">
        <Button size="xs" variant="outline" disabled={page === 0} onClick={() => goTo(page - 1)}>
          {t.previous}
        </Button>
        <Text fontSize="xs">{t.page(page + 1)}</Text>
        <Button size="xs" variant="outline" disabled={!dataOf(docs)?.next} onClick={() => goTo(page + 1)}>
          {t.next}
        </Button>
      </HStack>
      {adding ? (
        <Stack gap="1" borderWidth="1px" rounded="md" p="2">
          <Input
            size="xs"
            placeholder={t.newIdPlaceholder}
            aria-label={t.newIdLabel}
            value={newId}
            onChange={(e) => setNewId(e.target.value)}
          />
          <HStack justify="space-between">
            <Text fontSize="xs">{adding === 'field' ? t.firstField : t.jsonLabel}</Text>
            <Button
              size="2xs"
              variant="ghost"
              onClick={() => setAdding(adding === 'field' ? 'json' : 'field')}
            >
              {adding === 'field' ? t.addAsJson : t.addOneField}
            </Button>
          </HStack>
          {adding === 'field' ? (
            <ValueEditor
              withName
              documentsRoot={api.documentsRoot}
              onCancel={() => setAdding(null)}
              onSave={async (value, name) => {
                if (newId.includes('/')) throw new Error(t.idWithSlash);
                const created = await api.create(collection, newId.trim(), { [name]: value });
                setAdding(null);
                setNewId('');
                navigate(`/firestore/${collection}/${created.name.split('/').pop()}`);
              }}
            />
          ) : (
            <JsonDocumentEditor
              documentsRoot={api.documentsRoot}
              initial="{\n  \n}"
              onCancel={() => setAdding(null)}
              onSave={async (fields) => {
                if (newId.includes('/')) throw new Error(t.idWithSlash);
                const created = await api.create(collection, newId.trim(), fields);
                setAdding(null);
                setNewId('');
                navigate(`/firestore/${collection}/${created.name.split('/').pop()}`);
              }}
            />
          )}
        </Stack>
      ) : (
        <HStack gap="2">
          <Button size="xs" variant="outline" onClick={() => setAdding('field')}>
            {t.addDocument}
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" onClick={() => void deleteCollection()}>
            {t.deleteCollection}
          </Button>
        </HStack>
      )}
      {note && (
        <Text role="status" fontSize="xs">
          {note}
        </Text>
      )}
      <ErrorNote message={actionError} />
    </Stack>
  );
}

/** Why the query failed; for a missing index, production's own message and the index to declare. */
function QueryFailure({ docs, projectId }: { docs: Loadable<unknown>; projectId: string }) {
  const t = useTexts(firestoreTexts);
  if (docs.status !== 'failed') return null;
  const index = docs.error instanceof EmulatorRefusal ? indexOfRefusal(docs.error.detail) : null;
  if (!index) return <ErrorNote message={docs.error.message} />;
  const production = productionMessage(projectId, index);
  const link = production.slice(production.indexOf('https://'));
  return (
    <Stack
      role="alert"
      data-testid="index-needed"
      gap="1"
      bg="red.50"
      color="red.800"
      borderWidth="1px"
      borderColor="red.200"
      rounded="md"
      p="2"
      fontSize="xs"
    >
      <Text>{t.query.indexNeeded}</Text>
      <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" data-testid="production-error">
        {production.slice(0, production.indexOf('https://'))}
        <Link href={link} target="_blank" rel="noreferrer" color="blue.700">
          {link}
        </Link>
      </Code>
      <Text>{t.query.indexDeclare}</Text>
      <Code display="block" whiteSpace="pre" overflowX="auto" data-testid="index-json">
        {JSON.stringify(index, null, 2)}
      </Code>
    </Stack>
  );
}
