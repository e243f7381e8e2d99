import {
  Box,
  ChakraProvider,
  createSystem,
  defaultConfig,
  Flex,
  Heading,
  Link,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { BrowserRouter, NavLink, Route, Routes } from 'react-router-dom';
import { ConfigContext, loadConfig, type ConsoleConfig } from '../lib/config';
import { ErrorNote } from '../lib/error-note';
import { bn } from '../i18n/bn';
import { OverviewPage } from '../features/overview/overview-page';
import { FirestorePage } from '../features/firestore/firestore-page';
import { RequestsPage } from '../features/requests/requests-page';
import { PlaygroundPage } from '../features/requests/playground-page';
import { CoveragePage } from '../features/requests/coverage-page';
import { rulesTexts } from '../features/requests/rules-texts';
import { AuthPage } from '../features/auth/auth-page';
import { StoragePage } from '../features/storage/storage-page';
import { LogsPage } from '../features/logs/logs-page';
import { MailPage } from '../features/mail/mail-page';
import { mailTexts } from '../features/mail/texts';

const fontStack = `'Noto Sans Bengali', 'Noto Sans', system-ui, sans-serif`;
const system = createSystem(defaultConfig, {
  theme: { tokens: { fonts: { heading: { value: fontStack }, body: { value: fontStack } } } },
});

const PAGES = [
  { to: '/', label: bn.app.nav.overview },
  { to: '/firestore', label: bn.app.nav.firestore },
  { to: '/requests', label: bn.app.nav.requests },
  { to: '/playground', label: rulesTexts.nav.playground },
  { to: '/coverage', label: rulesTexts.nav.coverage },
  { to: '/auth', label: bn.app.nav.auth },
  { to: '/storage', label: bn.app.nav.storage },
  { to: '/logs', label: bn.app.nav.logs },
];
// Shown only for a project that names its mail outbox (the console's extension point).
const MAIL_PAGE = { to: '/mail', label: mailTexts.nav };

export function App() {
  const [config, setConfig] = useState<ConsoleConfig | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    loadConfig().then(setConfig, (e: Error) => setError(e.message));
  }, []);

  return (
    <ChakraProvider value={system}>
      <BrowserRouter>
        <Flex minH="100vh" fontSize="sm">
          <Stack as="nav" w="190px" flexShrink={0} bg="gray.900" color="white" p="4" gap="1">
            <Heading size="sm" mb="1">
              {bn.app.title}
            </Heading>
            <Text fontSize="xs" color="gray.400" mb="3">
              {config?.projectId ?? '…'} · {bn.app.localOnly}
            </Text>
            {[...PAGES, ...(config?.extensions.mail ? [MAIL_PAGE] : [])].map((page) => (
              <Link
                key={page.to}
                asChild
                color="gray.200"
                px="2"
                py="1"
                rounded="md"
                css={{ '&.active': { bg: 'gray.700', color: 'white' } }}
              >
                <NavLink to={page.to} end={page.to === '/'}>
                  {page.label}
                </NavLink>
              </Link>
            ))}
          </Stack>
          <Box as="main" flex="1" p="5" minW="0">
            <ErrorNote message={error} />
            {!config && !error && <Spinner />}
            {config && (
              <ConfigContext.Provider value={config}>
                <Routes>
                  <Route path="/" element={<OverviewPage />} />
                  <Route path="/firestore/*" element={<FirestorePage />} />
                  <Route path="/requests" element={<RequestsPage />} />
                  <Route path="/playground" element={<PlaygroundPage />} />
                  <Route path="/coverage" element={<CoveragePage />} />
                  <Route path="/auth" element={<AuthPage />} />
                  <Route path="/storage/*" element={<StoragePage />} />
                  <Route path="/logs" element={<LogsPage />} />
                  {config.extensions.mail && (
                    <Route
                      path="/mail"
                      element={<MailPage collection={config.extensions.mail.collection} />}
                    />
                  )}
                </Routes>
              </ConfigContext.Provider>
            )}
          </Box>
        </Flex>
      </BrowserRouter>
    </ChakraProvider>
  );
}
