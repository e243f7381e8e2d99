import { Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatMoment } from '../../lib/format';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ErrorNote } from '../../lib/error-note';
import { useTexts } from '../../i18n/texts';
import { sharedTexts } from '../../lib/texts';
import { dataOf, failureOf } from '../../lib/loadable';
import { useLive } from '../../lib/use-live';
import type { FirestoreApi } from './api';
import { ValueEditor } from './value-editor';
import { ValueView } from './value-view';
import { JsonDocumentEditor } from './json-document-editor';
import { typedJsonText } from './typed-json';
import { firestoreTexts } from './texts';

/** One document, live: its fields (edit, delete, add), its sub-collections, and deleting it. */
export function DocumentView({ api, path }: { api: FirestoreApi; path: string }) {
  const navigate = useNavigate();
  const t = useTexts(firestoreTexts);
  const common = useTexts(sharedTexts).common;
  const [doc, reloadDoc] = useLive(() => api.get(path), `doc:${path}`);
  const [subcollections] = useLive(() => api.collections(path), `sub:${path}`, 3000);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  // The document as it was when "edit as JSON" was opened: saved over only if still so.
  const [jsonBase, setJsonBase] = useState<{ text: string; updateTime: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The document as last read: null when it does not exist, undefined while loading or after a failure.
  const current = dataOf(doc);

  const parent = path.split('/').slice(0, -1).join('/');
  const deleteDocument = async () => {
    if (!window.confirm(t.confirmDeleteDocument(path))) return;
    try {
      await api.remove(path);
      navigate(`/firestore/${parent}`);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  // The document and everything below it: counted first, so the confirmation says how much goes.
  const deleteTree = async () => {
    setError(null);
    try {
      const paths = await api.tree(path);
      if (!window.confirm(t.confirmDeleteTree(path, paths.length))) return;
      await api.removeAll(paths);
      navigate(`/firestore/${parent}`);
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const deleteField = async (field: string) => {
    if (!window.confirm(t.confirmDeleteField(field, path))) return;
    try {
      await api.setField(path, field, null);
      reloadDoc();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const subcollectionList = (
    <Stack gap="1" data-testid="subcollections">
      <Text fontWeight="semibold">{t.subcollections}</Text>
      {(dataOf(subcollections) ?? []).length === 0 && <Text color="gray.500">{t.none}</Text>}
      {dataOf(subcollections)?.map((id) => (
        <Link key={id} asChild color="blue.600">
          <RouterLink to={`/firestore/${path}/${id}`}>{id}</RouterLink>
        </Link>
      ))}
    </Stack>
  );

  if (current === null)
    return (
      <Stack gap="3">
        <Heading size="sm" fontFamily="mono" fontStyle="italic" wordBreak="break-all">
          /{path}
        </Heading>
        <Text role="alert">{(dataOf(subcollections) ?? []).length > 0 ? t.missing : t.missingDocument}</Text>
        <ErrorNote message={error} />
        {subcollectionList}
        {(dataOf(subcollections) ?? []).length > 0 && (
          <Button
            size="xs"
            colorPalette="red"
            variant="outline"
            alignSelf="start"
            onClick={() => void deleteTree()}
          >
            {t.deleteTree}
          </Button>
        )}
      </Stack>
    );
  const fields = Object.entries(current?.fields ?? {}).sort(([a], [b]) => a.localeCompare(b));
  return (
    <Stack gap="3" data-testid="document">
      <HStack justify="space-between">
        <Heading size="sm" fontFamily="mono" wordBreak="break-all">
          /{path}
        </Heading>
        <HStack gap="1">
          <Button
            size="xs"
            variant="outline"
            disabled={!current}
            onClick={() =>
              setJsonBase(
                jsonBase || !current
                  ? null
                  : { text: typedJsonText(current.fields ?? {}, true), updateTime: current.updateTime ?? '' },
              )
            }
          >
            {t.editAsJson}
          </Button>
          <Button size="xs" colorPalette="red" variant="outline" onClick={() => void deleteDocument()}>
            {t.deleteDocument}
          </Button>
          <Button size="xs" colorPalette="red" variant="ghost" onClick={() => void deleteTree()}>
            {t.deleteTree}
          </Button>
        </HStack>
      </HStack>
      {current?.updateTime && (
        <Text color="gray.500" fontSize="xs">
          {t.updated(formatMoment(current.updateTime, 'D MMM YYYY, HH:mm:ss'))}
        </Text>
      )}
      <ErrorNote message={error ?? failureOf(doc)} />
      {jsonBase && (
        <JsonDocumentEditor
          initial={jsonBase.text}
          documentsRoot={api.documentsRoot}
          onCancel={() => setJsonBase(null)}
          onSave={async (fields) => {
            // Refused (and nothing written) if the document changed since the editor opened.
            await api.replaceFields(path, fields, jsonBase.updateTime);
            setJsonBase(null);
            reloadDoc();
          }}
        />
      )}
      <Box>
        {fields.map(([name, value]) => (
          <Box key={name} borderBottomWidth="1px" py="1" data-field={name}>
            <HStack align="start" justify="space-between">
              <HStack align="start" gap="3" flex="1" minW="0">
                <Text fontFamily="mono" fontWeight="semibold" minW="120px">
                  {name}
                </Text>
                <ValueView value={value} />
              </HStack>
              <HStack gap="1">
                <Button size="2xs" variant="ghost" onClick={() => setEditing(name)}>
                  {common.edit}
                </Button>
                <Button size="2xs" variant="ghost" colorPalette="red" onClick={() => void deleteField(name)}>
                  {common.delete}
                </Button>
              </HStack>
            </HStack>
            {editing === name && (
              <ValueEditor
                initial={value}
                documentsRoot={api.documentsRoot}
                onCancel={() => setEditing(null)}
                onSave={async (newValue) => {
                  await api.setField(path, name, newValue);
                  setEditing(null);
                  reloadDoc();
                }}
              />
            )}
          </Box>
        ))}
      </Box>
      {adding ? (
        <ValueEditor
          withName
          documentsRoot={api.documentsRoot}
          onCancel={() => setAdding(false)}
          onSave={async (value, name) => {
            await api.setField(path, name, value);
            setAdding(false);
            reloadDoc();
          }}
        />
      ) : (
        <Button size="xs" variant="outline" alignSelf="start" onClick={() => setAdding(true)}>
          {t.addField}
        </Button>
      )}
      {subcollectionList}
    </Stack>
  );
}
