import { Box, Button, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ErrorNote } from '../../lib/error-note';
import { useTexts } from '../../i18n/texts';
import { dataOf, failureOf } from '../../lib/loadable';
import { useLive } from '../../lib/use-live';
import { QUERY_OPERATORS, type FirestoreApi, type QueryOperator, type QuerySpec } from './api';
import { ValueEditor } from './value-editor';
import { queryValue } from './values';
import { firestoreTexts } from './texts';

const PAGE_SIZE = 25;

interface QueryForm {
  field: string;
  op: QueryOperator;
  value: string;
  orderField: string;
  direction: 'ASCENDING' | 'DESCENDING';
  limit: string;
}
const EMPTY: QueryForm = {
  field: '',
  op: '==',
  value: '',
  orderField: '',
  direction: 'ASCENDING',
  limit: '',
};

/** A collection's documents, a page at a time, with a query box (where / order by / limit) and "add document". */
export function DocumentList({
  api,
  collection,
  selected,
}: {
  api: FirestoreApi;
  collection: string;
  selected?: string;
}) {
  const navigate = useNavigate();
  const t = useTexts(firestoreTexts);
  const q = t.query;
  const [form, setForm] = useState<QueryForm>(EMPTY);
  const [applied, setApplied] = useState<QueryForm>(EMPTY);
  const [page, setPage] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [newId, setNewId] = useState('');

  const limit = applied.limit ? Number(applied.limit) : Infinity;
  const spec: QuerySpec = {
    where: applied.field
      ? { field: applied.field, op: applied.op, value: queryValue(applied.value) }
      : undefined,
    orderBy: applied.orderField ? { field: applied.orderField, direction: applied.direction } : undefined,
    offset: page * PAGE_SIZE,
    // One more than a page tells whether there is a next one.
    limit: Math.max(0, Math.min(PAGE_SIZE + 1, limit - page * PAGE_SIZE)),
  };
  const [docs] = useLive(
    () => (spec.limit === 0 ? Promise.resolve([]) : api.query(collection, spec)),
    `${collection}|${JSON.stringify(applied)}|${page}`,
  );
  const rows = (dataOf(docs) ?? []).slice(0, PAGE_SIZE);
  const hasNext = (dataOf(docs) ?? []).length > PAGE_SIZE;

  const run = () => {
    setFormError(null);
    if (form.limit && !/^[1-9]\d*$/.test(form.limit)) return setFormError(q.badLimit);
    if (!form.field && form.value) return setFormError(q.noField);
    setApplied(form);
    setPage(0);
  };
  const set = (patch: Partial<QueryForm>) => setForm({ ...form, ...patch });

  return (
    <Stack gap="2" data-testid="documents">
      <Box borderWidth="1px" rounded="md" p="2">
        <HStack gap="1" wrap="wrap">
          <Input
            size="xs"
            w="110px"
            placeholder={q.field}
            aria-label={q.fieldLabel}
            value={form.field}
            onChange={(e) => set({ field: e.target.value })}
          />
          <NativeSelect.Root size="xs" w="130px">
            <NativeSelect.Field
              aria-label={q.operator}
              value={form.op}
              onChange={(e) => set({ op: e.target.value as QueryOperator })}
            >
              {Object.keys(QUERY_OPERATORS).map((op) => (
                <option key={op}>{op}</option>
              ))}
            </NativeSelect.Field>
          </NativeSelect.Root>
          <Input
            size="xs"
            w="110px"
            placeholder={q.value}
            aria-label={q.valueLabel}
            value={form.value}
            onChange={(e) => set({ value: e.target.value })}
          />
          <Input
            size="xs"
            w="110px"
            placeholder={q.orderBy}
            aria-label={q.orderByLabel}
            value={form.orderField}
            onChange={(e) => set({ orderField: e.target.value })}
          />
          <NativeSelect.Root size="xs" w="90px">
            <NativeSelect.Field
              aria-label={q.direction}
              value={form.direction}
              onChange={(e) => set({ direction: e.target.value as QueryForm['direction'] })}
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
            onChange={(e) => set({ limit: e.target.value })}
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
            }}
          >
            {q.reset}
          </Button>
        </HStack>
        <Text fontSize="xs" color="gray.500" mt="1">
          {q.hint}
        </Text>
        <ErrorNote message={formError} />
      </Box>
      <ErrorNote message={failureOf(docs)} />
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
              bg={selected === path ? 'blue.50' : undefined}
              _hover={{ bg: 'gray.100' }}
            >
              <RouterLink to={`/firestore/${path}`} data-doc-id={id}>
                {id}
              </RouterLink>
            </Box>
          );
        })}
        {dataOf(docs) && rows.length === 0 && <Text color="gray.500">{t.noDocuments}</Text>}
      </Stack>
      <HStack gap="2">
        <Button size="xs" variant="outline" disabled={page === 0} onClick={() => setPage(page - 1)}>
          {t.previous}
        </Button>
        <Text fontSize="xs">{t.page(page + 1)}</Text>
        <Button size="xs" variant="outline" disabled={!hasNext} onClick={() => setPage(page + 1)}>
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
          <Text fontSize="xs">{t.firstField}</Text>
          <ValueEditor
            withName
            documentsRoot={api.documentsRoot}
            onCancel={() => setAdding(false)}
            onSave={async (value, name) => {
              if (newId.includes('/')) throw new Error(t.idWithSlash);
              const created = await api.create(collection, newId.trim(), { [name]: value });
              setAdding(false);
              setNewId('');
              navigate(`/firestore/${collection}/${created.name.split('/').pop()}`);
            }}
          />
        </Stack>
      ) : (
        <Button size="xs" variant="outline" alignSelf="start" onClick={() => setAdding(true)}>
          {t.addDocument}
        </Button>
      )}
    </Stack>
  );
}
