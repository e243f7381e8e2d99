import { Box, Button, Heading, HStack, Image, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo, useRef, useState } from 'react';
import { formatMoment, formatCount as num } from '../../lib/format';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useConfig } from '../../lib/config';
import { ErrorNote } from '../../lib/error-note';
import { useTexts } from '../../i18n/texts';
import { sharedTexts } from '../../lib/texts';
import { dataOf, failureOf } from '../../lib/loadable';
import { useLive } from '../../lib/use-live';
import { StorageApi, type StoredObject } from './api';
import { storageTexts } from './texts';

const size = (bytes: string) => {
  const n = Number(bytes);
  return n < 1024 ? `${num(n)} B` : n < 1024 * 1024 ? `${num(n / 1024)} KiB` : `${num(n / 1024 / 1024)} MiB`;
};

/** /storage/<folder>/: the bucket as folders and files, previews, upload and delete. */
export function StoragePage() {
  const config = useConfig();
  const t = useTexts(storageTexts);
  const common = useTexts(sharedTexts).common;
  const api = useMemo(() => new StorageApi(config), [config]);
  const folder = (useParams()['*'] ?? '').replace(/^\/+/, '');
  const prefix = folder && !folder.endsWith('/') ? `${folder}/` : folder;
  const [listing, reloadListing] = useLive(() => api.list(prefix), `storage:${prefix}`, 2000);
  const [selected, setSelected] = useState<StoredObject | null>(null);
  const [error, setError] = useState<string | null>(null);
  const listed = dataOf(listing);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const upload = async (files: FileList | null) => {
    setError(null);
    if (!files || files.length === 0) return;
    setBusy(true);
    try {
      for (const file of Array.from(files)) await api.upload(prefix + file.name, file);
      reloadListing();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const remove = async (object: StoredObject) => {
    if (!window.confirm(t.confirmDelete(object.name))) return;
    setError(null);
    try {
      await api.remove(object.name);
      if (selected?.name === object.name) setSelected(null);
      reloadListing();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const crumbs = prefix.split('/').filter((s) => s !== '');
  return (
    <Stack gap="3">
      <Heading size="lg">{t.title}</Heading>
      <HStack gap="1" fontFamily="mono" fontSize="xs">
        <Link asChild color="blue.600">
          <RouterLink to="/storage">{`gs://${api.bucket}`}</RouterLink>
        </Link>
        {crumbs.map((c, i) => (
          <HStack key={i} gap="1">
            <Text>/</Text>
            <Link asChild color="blue.600">
              <RouterLink to={`/storage/${crumbs.slice(0, i + 1).join('/')}/`}>{c}</RouterLink>
            </Link>
          </HStack>
        ))}
      </HStack>
      <HStack gap="2">
        <input
          ref={input}
          type="file"
          multiple
          aria-label={t.uploadLabel}
          onChange={(e) => void upload(e.target.files)}
          disabled={busy}
          // The browser's own file button speaks its own language ("Choose Files"); ours speaks Bengali.
          hidden
        />
        <Button size="xs" variant="outline" loading={busy} onClick={() => input.current?.click()}>
          {t.choose}
        </Button>
        <Text fontSize="xs" color="gray.500">
          {t.uploadHint}
        </Text>
      </HStack>
      <ErrorNote message={error ?? failureOf(listing)} />
      <HStack align="start" gap="4">
        <Box flex="1" minW="0">
          <Table.Root size="sm" variant="outline" data-testid="files">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t.name}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.size}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.type}</Table.ColumnHeader>
                <Table.ColumnHeader>{t.updated}</Table.ColumnHeader>
                <Table.ColumnHeader>{common.actions}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {listed?.prefixes.map((p) => (
                <Table.Row key={p} data-folder={p}>
                  <Table.Cell colSpan={5}>
                    <Link asChild color="blue.600">
                      <RouterLink to={`/storage/${p}`}>📁 {p.slice(prefix.length)}</RouterLink>
                    </Link>
                  </Table.Cell>
                </Table.Row>
              ))}
              {listed?.items.map((o) => (
                <Table.Row
                  key={o.name}
                  data-file={o.name}
                  cursor="pointer"
                  onClick={() => setSelected(o)}
                  bg={selected?.name === o.name ? 'blue.50' : undefined}
                >
                  <Table.Cell fontFamily="mono">{o.name.slice(prefix.length)}</Table.Cell>
                  <Table.Cell>{size(o.size)}</Table.Cell>
                  <Table.Cell>{o.contentType}</Table.Cell>
                  <Table.Cell>{o.updated ? formatMoment(o.updated, 'D MMM, HH:mm:ss') : ''}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1">
                      <Link
                        href={api.downloadUrl(o.name)}
                        download={o.name.split('/').pop()}
                        color="blue.600"
                        onClick={(e) => e.stopPropagation()}
                      >
                        {t.download}
                      </Link>
                      <Button
                        size="2xs"
                        variant="ghost"
                        colorPalette="red"
                        onClick={(e) => {
                          e.stopPropagation();
                          void remove(o);
                        }}
                      >
                        {common.delete}
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {listed && listed.items.length + listed.prefixes.length === 0 && (
            <Text color="gray.500" p="2">
              {t.empty}
            </Text>
          )}
        </Box>
        {selected && (
          <Stack w="320px" flexShrink={0} gap="2" data-testid="file-detail">
            <Text fontFamily="mono" wordBreak="break-all" fontWeight="semibold">
              {selected.name}
            </Text>
            {selected.contentType?.startsWith('image/') && (
              <Image
                src={api.downloadUrl(selected.name)}
                alt={t.preview(selected.name)}
                maxH="240px"
                objectFit="contain"
                borderWidth="1px"
                rounded="md"
              />
            )}
            <Box as="pre" fontSize="xs" bg="gray.50" p="2" rounded="md" overflowX="auto">
              {JSON.stringify(
                {
                  size: Number(selected.size),
                  contentType: selected.contentType,
                  md5Hash: selected.md5Hash,
                  metadata: selected.metadata,
                },
                null,
                2,
              )}
            </Box>
          </Stack>
        )}
      </HStack>
    </Stack>
  );
}
