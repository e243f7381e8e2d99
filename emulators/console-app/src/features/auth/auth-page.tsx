import { Badge, Button, Heading, HStack, Input, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { formatMoment } from '../../lib/format';
import { useConfig } from '../../lib/config';
import { ErrorNote } from '../../lib/error-note';
import { useTexts } from '../../i18n/texts';
import { useLanguage } from '../../i18n/language';
import { localized } from '../../i18n/localized';
import { sharedTexts } from '../../lib/texts';
import { dataOf, failureOf } from '../../lib/loadable';
import { useLive } from '../../lib/use-live';
import { AuthApi, type AuthUser } from './api';
import { PhoneCodes } from './phone-codes';
import { authTexts } from './texts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const when = (ms?: string) => (ms ? formatMoment(Number(ms), 'D MMM YYYY, HH:mm') : '—');

export function AuthPage() {
  const config = useConfig();
  const t = useTexts(authTexts);
  const common = useTexts(sharedTexts).common;
  const language = useLanguage();
  const api = useMemo(() => new AuthApi(config), [config]);
  const [users, reloadUsers] = useLive(() => api.users(), 'users', 2000);
  const roles = config.extensions.userRoles;
  const [holders, reloadHolders] = useLive(() => api.roleHolders(), 'roles', 2000);
  const [verificationLinks] = useLive(() => api.verificationLinks(), 'verification-links', 2000);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const act = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
      reloadUsers();
      reloadHolders();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const pendingLink = (user: AuthUser) =>
    user.email ? dataOf(verificationLinks)?.get(user.email.toLowerCase()) : undefined;

  const add = () => {
    if (!EMAIL.test(email.trim())) return setError(t.notEmail(email));
    if (password.length < 6) return setError(t.shortPassword);
    void act(async () => {
      await api.add(email.trim(), password);
      setEmail('');
      setPassword('');
    });
  };

  const setPasswordFor = (user: AuthUser) => {
    const next = window.prompt(t.newPassword(user.email ?? user.localId));
    if (next === null) return;
    if (next.length < 6) return setError(t.shortPassword);
    void act(() => api.update(user.localId, { password: next }));
  };

  return (
    <Stack gap="4">
      <Heading size="lg">{t.title}</Heading>
      <HStack
        as="form"
        gap="2"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <Input
          size="sm"
          w="240px"
          placeholder={t.emailPlaceholder}
          aria-label={t.emailLabel}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Input
          size="sm"
          w="180px"
          placeholder={t.passwordPlaceholder}
          type="password"
          aria-label={t.passwordLabel}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button size="sm" type="submit">
          {t.add}
        </Button>
      </HStack>
      <ErrorNote message={error ?? failureOf(users) ?? failureOf(holders)} />
      <Table.Root size="sm" variant="outline" data-testid="users">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t.email}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.uid}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.verified}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.created}</Table.ColumnHeader>
            <Table.ColumnHeader>{t.lastSignIn}</Table.ColumnHeader>
            {roles.length > 0 && <Table.ColumnHeader>{t.role}</Table.ColumnHeader>}
            <Table.ColumnHeader>{common.actions}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {dataOf(users)?.map((user) => {
            const held = roles.filter((role) => dataOf(holders)?.get(role.id)?.has(user.localId));
            return (
              <Table.Row key={user.localId} data-user={user.email}>
                <Table.Cell>{user.email ?? t.noEmail}</Table.Cell>
                <Table.Cell fontFamily="mono" fontSize="xs">
                  {user.localId}
                </Table.Cell>
                <Table.Cell>
                  {user.emailVerified ? (
                    '✓'
                  ) : pendingLink(user) ? (
                    // Opening it verifies the address, as the link in the sign-up mail would.
                    <Link href={pendingLink(user)} target="_blank" rel="noreferrer" colorPalette="blue">
                      {t.pendingVerification}
                    </Link>
                  ) : (
                    '—'
                  )}
                </Table.Cell>
                <Table.Cell>{when(user.createdAt)}</Table.Cell>
                <Table.Cell>{when(user.lastLoginAt)}</Table.Cell>
                {roles.length > 0 && (
                  <Table.Cell>
                    {held.length > 0 ? (
                      <HStack gap="1">
                        {held.map((role) => (
                          <Badge key={role.id} colorPalette="purple">
                            {localized(role.label, language)}
                          </Badge>
                        ))}
                      </HStack>
                    ) : (
                      <Text color="gray.500">{t.noRole}</Text>
                    )}
                  </Table.Cell>
                )}
                <Table.Cell>
                  <HStack gap="1">
                    {roles.map((role) => {
                      const holds = held.includes(role);
                      return (
                        <Button
                          key={role.id}
                          size="2xs"
                          variant="outline"
                          onClick={() => void act(() => api.setRole(role.id, user.localId, !holds))}
                        >
                          {localized(holds ? role.revokeLabel : role.grantLabel, language)}
                        </Button>
                      );
                    })}
                    {!user.emailVerified && (
                      <Button
                        size="2xs"
                        variant="ghost"
                        onClick={() => void act(() => api.update(user.localId, { emailVerified: true }))}
                      >
                        {t.markVerified}
                      </Button>
                    )}
                    <Button size="2xs" variant="ghost" onClick={() => setPasswordFor(user)}>
                      {t.setPassword}
                    </Button>
                    <Button
                      size="2xs"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() =>
                        window.confirm(t.confirmDelete(user.email ?? user.localId)) &&
                        void act(() => api.remove(user.localId))
                      }
                    >
                      {common.delete}
                    </Button>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      {dataOf(users)?.length === 0 && <Text color="gray.500">{t.noUsers}</Text>}
      <PhoneCodes api={api} />
    </Stack>
  );
}
