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
import { useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, NavLink, Route, Routes } from 'react-router-dom';
import { ConfigContext, loadConfig, type ConsoleConfig } from '../lib/config';
import { ErrorNote } from '../lib/error-note';
import { useFirstLoadsPending } from '../lib/first-loads';
import { useTexts } from '../i18n/texts';
import { LanguageSwitch } from '../i18n/language-switch';
import { getLanguage } from '../i18n/language';
import { appTexts } from './texts';
import { OverviewPage } from '../features/overview/overview-page';
import { FirestorePage } from '../features/firestore/firestore-page';
import { RequestsPage } from '../features/requests/requests-page';
import { PlaygroundPage } from '../features/requests/playground-page';
import { CoveragePage } from '../features/requests/coverage-page';
import { AuthPage } from '../features/auth/auth-page';
import { StoragePage } from '../features/storage/storage-page';
import { LogsPage } from '../features/logs/logs-page';
import { SnapshotsPage } from '../features/snapshots/snapshots-page';
import { OutboxPage } from '../features/mail/mail-page';
import { mailTexts, smsTexts } from '../features/mail/texts';
import { SchedulesPage } from '../features/schedules/schedules-page';
import { schedulesTexts } from '../features/schedules/texts';

const fontStack = `'Noto Sans Bengali', 'Noto Sans', system-ui, sans-serif`;
const system = createSystem(defaultConfig, {
  theme: { tokens: { fonts: { heading: { value: fontStack }, body: { value: fontStack } } } },
});

const PAGES = [
  { to: '/', page: 'overview' },
  { to: '/firestore', page: 'firestore' },
  { to: '/requests', page: 'requests' },
  { to: '/playground', page: 'playground' },
  { to: '/coverage', page: 'coverage' },
  { to: '/auth', page: 'auth' },
  { to: '/storage', page: 'storage' },
  { to: '/logs', page: 'logs' },
  { to: '/snapshots', page: 'snapshots' },
] as const;

export function App() {
  // Read at the root, so the whole page renders again in the other language when the switch is pressed.
  const t = useTexts(appTexts);
  const mailNav = useTexts(mailTexts).nav;
  const smsNav = useTexts(smsTexts).nav;
  const schedulesNav = useTexts(schedulesTexts).nav;
  useEffect(() => {
    document.documentElement.lang = getLanguage();
    document.title = t.title;
  }, [t]);
  const busy = useFirstLoadsPending();
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
            <Heading as="h1" size="sm" mb="1">
              {t.title}
            </Heading>
            <Text fontSize="xs" color="gray.400" mb="3">
              {config?.projectId ?? '…'} · {t.localOnly}
            </Text>
            {PAGES.map((page) => (
              <SideLink key={page.to} to={page.to}>
                {t.nav[page.page]}
              </SideLink>
            ))}
            {config?.extensions.mail && (
              // Only for a project that names its mail outbox (the console's extension point).
              <SideLink to="/mail">{mailNav}</SideLink>
            )}
            {config?.extensions.sms && (
              // Only for a project that names its SMS outbox (the console's extension point).
              <SideLink to="/sms">{smsNav}</SideLink>
            )}
            {config?.extensions.scheduledJobs && (
              // Only for a project that runs scheduled jobs (the console's extension point).
              <SideLink to="/schedules">{schedulesNav}</SideLink>
            )}
            <Box mt="auto" pt="4">
              <LanguageSwitch />
            </Box>
          </Stack>
          <Box as="main" flex="1" p="5" minW="0" aria-busy={busy || undefined}>
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
                  <Route path="/snapshots" element={<SnapshotsPage />} />
                  {config.extensions.scheduledJobs && <Route path="/schedules" element={<SchedulesPage />} />}
                  {config.extensions.mail && (
                    <Route
                      path="/mail"
                      element={<OutboxPage kind="mail" collection={config.extensions.mail.collection} />}
                    />
                  )}
                  {config.extensions.sms && (
                    <Route
                      path="/sms"
                      element={<OutboxPage kind="sms" collection={config.extensions.sms.collection} />}
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

/** A page's link in the side bar, marked while its page is open. */
function SideLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      asChild
      color="gray.200"
      px="2"
      py="1"
      rounded="md"
      css={{ '&.active': { bg: 'gray.700', color: 'white' } }}
    >
      <NavLink to={to} end={to === '/'}>
        {children}
      </NavLink>
    </Link>
  );
}
