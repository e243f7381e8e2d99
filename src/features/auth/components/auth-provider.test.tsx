import { act, render, screen, waitFor } from '@testing-library/react';
import type { Auth, User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../api/use-auth';
import { AuthProvider } from './auth-provider';

const loading = vi.hoisted(() => ({ fails: false }));
vi.mock('@/lib/auth', () => ({
  get auth() {
    // Stands for a chunk that could not be downloaded (offline on a first visit).
    if (loading.fails) throw new Error('Failed to fetch dynamically imported module');
    return { name: 'test-auth' };
  },
}));
vi.mock('../api/auth-actions', () => ({ signOut: vi.fn() }));

type Listener = (user: User | null) => Promise<void>;
// The Firebase boundary: react-firebase-hooks' useIdToken, which listens to onIdTokenChanged while mounted
// and awaits onUserChanged before it publishes each user.
const idToken = vi.hoisted(() => ({
  listener: (async () => {}) as Listener,
  auth: [] as unknown[],
  unsubscribe: vi.fn(),
}));
vi.mock('react-firebase-hooks/auth', async () => {
  const { useEffect } = await import('react');
  return {
    useIdToken(auth: Auth, options?: { onUserChanged?: (user: User | null) => Promise<void> }) {
      useEffect(() => {
        idToken.auth.push(auth);
        idToken.listener = async (user) => {
          await options?.onUserChanged?.(user);
        };
        return idToken.unsubscribe;
        // As the library does: the options are read when it subscribes, and it subscribes once per auth.
        // eslint-disable-next-line react-hooks/exhaustive-deps
      }, [auth]);
      return [undefined, true, undefined];
    },
  };
});

function Probe() {
  const { user, session, loading } = useAuth();
  return (
    <p>
      {loading ? 'loading' : 'ready'} | {user?.email ?? 'visitor'} |{' '}
      {session ? `${session.idToken}@${session.expiresAt}` : 'no session'}
    </p>
  );
}

beforeEach(() => {
  idToken.auth = [];
  idToken.unsubscribe.mockClear();
});

describe('AuthProvider', () => {
  it('starts loading, then follows sign-in, token refresh and sign-out', async () => {
    const listener = (user: User | null) => idToken.listener(user);
    const { unmount } = render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('loading | visitor | no session')).toBeInTheDocument();
    // firebase/auth is loaded after the first paint, so the listener is attached a moment later.
    await waitFor(() => expect(idToken.auth).toEqual([{ name: 'test-auth' }]));

    await act(() => listener(null));
    expect(screen.getByText('ready | visitor | no session')).toBeInTheDocument();
    // The next prerendered page's first paint is told nobody is signed in here (src/lib/session-hint.ts).
    expect(localStorage.getItem('achar:signed-in')).toBeNull();

    const user = (token: string, expires: string) =>
      ({
        uid: 'u1',
        email: 'rahim@achar.test',
        getIdTokenResult: async () => ({ token, expirationTime: expires }),
      }) as unknown as User;
    await act(() => listener(user('token-1', 'Sat, 21 Nov 2026 08:00:00 GMT')));
    expect(
      screen.getByText(`ready | rahim@achar.test | token-1@${Date.parse('2026-11-21T08:00:00Z')}`),
    ).toBeInTheDocument();
    expect(localStorage.getItem('achar:signed-in')).toBe('1');

    await act(() => listener(user('token-2', 'Sat, 21 Nov 2026 09:00:00 GMT')));
    expect(
      screen.getByText(`ready | rahim@achar.test | token-2@${Date.parse('2026-11-21T09:00:00Z')}`),
    ).toBeInTheDocument();

    await act(() => listener(null));
    expect(screen.getByText('ready | visitor | no session')).toBeInTheDocument();
    expect(localStorage.getItem('achar:signed-in')).toBeNull();

    unmount();
    expect(idToken.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('keeps the newest sign-in state when an older token read finishes later', async () => {
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(idToken.auth).toHaveLength(1));
    let finishOldRead: (token: { token: string; expirationTime: string }) => void = () => {};
    const slowUser = {
      uid: 'u1',
      email: 'rahim@achar.test',
      getIdTokenResult: () => new Promise((resolve) => (finishOldRead = resolve)),
    } as unknown as User;
    const oldEvent = idToken.listener(slowUser);
    await act(() => idToken.listener(null));
    expect(screen.getByText('ready | visitor | no session')).toBeInTheDocument();

    await act(async () => {
      finishOldRead({ token: 'stale', expirationTime: 'Sat, 21 Nov 2026 08:00:00 GMT' });
      await oldEvent;
    });
    expect(screen.getByText('ready | visitor | no session')).toBeInTheDocument();
  });

  it('shows the visitor shop when the auth code cannot be loaded', async () => {
    loading.fails = true;
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText('ready | visitor | no session')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('auth: could not start', expect.any(Error));
    consoleError.mockRestore();
    loading.fails = false;
  });
});
