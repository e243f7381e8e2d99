import { act, render, screen, waitFor } from '@testing-library/react';
import { onIdTokenChanged, type User } from 'firebase/auth';
import { describe, expect, it, vi } from 'vitest';
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
vi.mock('firebase/auth', () => ({ onIdTokenChanged: vi.fn() }));

type Listener = (user: User | null) => Promise<void> | void;

function Probe() {
  const { user, session, loading } = useAuth();
  return (
    <p>
      {loading ? 'loading' : 'ready'} | {user?.email ?? 'visitor'} |{' '}
      {session ? `${session.idToken}@${session.expiresAt}` : 'no session'}
    </p>
  );
}

describe('AuthProvider', () => {
  it('starts loading, then follows sign-in, token refresh and sign-out', async () => {
    let listener: Listener = () => {};
    const unsubscribe = vi.fn();
    vi.mocked(onIdTokenChanged).mockImplementation((_auth, next) => {
      listener = next as Listener;
      return unsubscribe;
    });
    const { unmount } = render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('loading | visitor | no session')).toBeInTheDocument();
    // firebase/auth is loaded after the first paint, so the listener is attached a moment later.
    await waitFor(() => expect(onIdTokenChanged).toHaveBeenCalledTimes(1));

    await act(() => listener(null));
    expect(screen.getByText('ready | visitor | no session')).toBeInTheDocument();

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

    await act(() => listener(user('token-2', 'Sat, 21 Nov 2026 09:00:00 GMT')));
    expect(
      screen.getByText(`ready | rahim@achar.test | token-2@${Date.parse('2026-11-21T09:00:00Z')}`),
    ).toBeInTheDocument();

    await act(() => listener(null));
    expect(screen.getByText('ready | visitor | no session')).toBeInTheDocument();

    unmount();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
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
