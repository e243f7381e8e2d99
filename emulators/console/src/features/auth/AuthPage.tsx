import { Badge, Button, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useConfig } from '../../lib/config';
import { ErrorNote } from '../../lib/ErrorNote';
import { useLive } from '../../lib/use-live';
import { AuthApi, type AuthUser } from './api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const when = (ms?: string) => (ms ? dayjs(Number(ms)).format('D MMM YYYY, HH:mm') : '—');

export function AuthPage() {
  const config = useConfig();
  const api = useMemo(() => new AuthApi(config), [config]);
  const users = useLive(() => api.users(), 'users', 2000);
  const admins = useLive(() => api.adminUids(), 'admins', 2000);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const act = async (action: () => Promise<void>) => {
    setError(null);
    try {
      await action();
      users.reload();
      admins.reload();
    } catch (e) {
      setError((e as Error).message);
    }
  };

  const add = () => {
    if (!EMAIL.test(email.trim())) return setError(`"${email}" is not an e-mail address.`);
    if (password.length < 6) return setError('The password needs at least 6 characters.');
    void act(async () => {
      await api.add(email.trim(), password);
      setEmail('');
      setPassword('');
    });
  };

  const setPasswordFor = (user: AuthUser) => {
    const next = window.prompt(`New password for ${user.email ?? user.localId} (6 characters or more):`);
    if (next === null) return;
    if (next.length < 6) return setError('The password needs at least 6 characters; nothing was changed.');
    void act(() => api.update(user.localId, { password: next }));
  };

  return (
    <Stack gap="4">
      <Heading size="lg">Authentication</Heading>
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
          placeholder="e-mail"
          aria-label="New user e-mail"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Input
          size="sm"
          w="180px"
          placeholder="password"
          type="password"
          aria-label="New user password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button size="sm" type="submit">
          Add user
        </Button>
      </HStack>
      <ErrorNote message={error ?? users.error ?? admins.error} />
      <Table.Root size="sm" variant="outline" data-testid="users">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>E-mail</Table.ColumnHeader>
            <Table.ColumnHeader>uid</Table.ColumnHeader>
            <Table.ColumnHeader>Verified</Table.ColumnHeader>
            <Table.ColumnHeader>Created</Table.ColumnHeader>
            <Table.ColumnHeader>Last sign-in</Table.ColumnHeader>
            <Table.ColumnHeader>Role</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.data?.map((user) => {
            const isAdmin = admins.data?.has(user.localId) ?? false;
            return (
              <Table.Row key={user.localId} data-user={user.email}>
                <Table.Cell>{user.email ?? '(no e-mail)'}</Table.Cell>
                <Table.Cell fontFamily="mono" fontSize="xs">
                  {user.localId}
                </Table.Cell>
                <Table.Cell>{user.emailVerified ? '✓' : '—'}</Table.Cell>
                <Table.Cell>{when(user.createdAt)}</Table.Cell>
                <Table.Cell>{when(user.lastLoginAt)}</Table.Cell>
                <Table.Cell>
                  {isAdmin ? (
                    <Badge colorPalette="purple">admin</Badge>
                  ) : (
                    <Text color="gray.500">customer</Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="1">
                    <Button
                      size="2xs"
                      variant="outline"
                      onClick={() => void act(() => api.setAdmin(user.localId, !isAdmin))}
                    >
                      {isAdmin ? 'Revoke admin' : 'Grant admin'}
                    </Button>
                    {!user.emailVerified && (
                      <Button
                        size="2xs"
                        variant="ghost"
                        onClick={() => void act(() => api.update(user.localId, { emailVerified: true }))}
                      >
                        Mark verified
                      </Button>
                    )}
                    <Button size="2xs" variant="ghost" onClick={() => setPasswordFor(user)}>
                      Set password
                    </Button>
                    <Button
                      size="2xs"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() =>
                        window.confirm(`Delete the user ${user.email ?? user.localId}?`) &&
                        void act(() => api.remove(user.localId))
                      }
                    >
                      Delete
                    </Button>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      {users.data?.length === 0 && <Text color="gray.500">No users.</Text>}
    </Stack>
  );
}
