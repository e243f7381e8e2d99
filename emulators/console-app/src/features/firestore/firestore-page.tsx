import { Box, Button, Flex, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { useConfig } from '../../lib/config';
import { ErrorNote } from '../../lib/error-note';
import { useTexts } from '../../i18n/texts';
import { dataOf, failureOf } from '../../lib/loadable';
import { useLive } from '../../lib/use-live';
import { FirestoreApi } from './api';
import { DocumentList } from './document-list';
import { DocumentView } from './document-view';
import { firestoreTexts } from './texts';

/** /firestore/<path>: an odd number of segments is a collection, an even one a document. */
export function FirestorePage() {
  const config = useConfig();
  const t = useTexts(firestoreTexts);
  const api = useMemo(() => new FirestoreApi(config), [config]);
  const navigate = useNavigate();
  const segments = (useParams()['*'] ?? '').split('/').filter((s) => s !== '');
  const path = segments.join('/');
  const isDocument = segments.length > 0 && segments.length % 2 === 0;
  const collection = isDocument ? segments.slice(0, -1).join('/') : path;
  const [roots] = useLive(() => api.collections(''), 'roots', 3000);
  const [goTo, setGoTo] = useState('');

  return (
    <Stack gap="3">
      <HStack justify="space-between">
        <Heading size="lg">{t.title}</Heading>
        <HStack
          as="form"
          gap="1"
          onSubmit={(e) => {
            e.preventDefault();
            navigate(`/firestore/${goTo.replace(/^\/+/, '')}`);
          }}
        >
          <Input
            size="xs"
            w="220px"
            placeholder={t.goToPlaceholder}
            aria-label={t.goToLabel}
            value={goTo}
            onChange={(e) => setGoTo(e.target.value)}
          />
          <Button size="xs" type="submit">
            {t.go}
          </Button>
        </HStack>
      </HStack>
      <HStack gap="1" fontFamily="mono" fontSize="xs" data-testid="breadcrumbs">
        <Link asChild color="blue.600">
          <RouterLink to="/firestore">{t.root}</RouterLink>
        </Link>
        {segments.map((s, i) => (
          <HStack key={i} gap="1">
            <Text>/</Text>
            <Link asChild color="blue.600">
              <RouterLink to={`/firestore/${segments.slice(0, i + 1).join('/')}`}>{s}</RouterLink>
            </Link>
          </HStack>
        ))}
      </HStack>
      <ErrorNote message={failureOf(roots)} />
      <Flex gap="4" align="start">
        <Stack w="180px" flexShrink={0} gap="0" data-testid="collections">
          <Text fontWeight="semibold" mb="1">
            {t.collections}
          </Text>
          {dataOf(roots)?.map((id) => (
            <Box
              key={id}
              asChild
              px="2"
              py="1"
              rounded="sm"
              bg={segments[0] === id ? 'blue.50' : undefined}
              _hover={{ bg: 'gray.100' }}
            >
              <RouterLink to={`/firestore/${id}`}>{id}</RouterLink>
            </Box>
          ))}
          {dataOf(roots)?.length === 0 && <Text color="gray.500">{t.noData}</Text>}
        </Stack>
        {collection && (
          <Box w="340px" flexShrink={0}>
            <Text fontWeight="semibold" mb="1" fontFamily="mono">
              /{collection}
            </Text>
            <DocumentList
              key={collection}
              api={api}
              collection={collection}
              selected={isDocument ? path : undefined}
            />
          </Box>
        )}
        {isDocument && (
          <Box flex="1" minW="0">
            <DocumentView key={path} api={api} path={path} />
          </Box>
        )}
      </Flex>
    </Stack>
  );
}
