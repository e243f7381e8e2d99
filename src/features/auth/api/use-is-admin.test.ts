import { renderHook, waitFor } from '@testing-library/react';
import type { User } from 'firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hasAdminRole } from './admin-role-query';
import { useAuth } from './use-auth';
import { useIsAdmin } from './use-is-admin';

vi.mock('./use-auth', () => ({ useAuth: vi.fn() }));
vi.mock('./admin-role-query', () => ({ hasAdminRole: vi.fn() }));

function signedInAs(uid: string | null, loading = false) {
  vi.mocked(useAuth).mockReturnValue({
    user: uid ? ({ uid, email: `${uid}@achar.test` } as User) : null,
    session: null,
    loading,
    signOut: async () => {},
  });
}

beforeEach(() => {
  vi.mocked(hasAdminRole).mockReset();
});

describe('useIsAdmin', () => {
  it('is loading while the auth state is unknown, and denies a visitor without asking Firestore', () => {
    signedInAs(null, true);
    const { result, rerender } = renderHook(() => useIsAdmin());
    expect(result.current.status).toBe('loading');

    signedInAs(null);
    rerender();
    expect(result.current).toEqual({ status: 'denied' });
    expect(hasAdminRole).not.toHaveBeenCalled();
  });

  it('allows a user with an admin role record', async () => {
    vi.mocked(hasAdminRole).mockResolvedValue(true);
    signedInAs('boss');
    const { result } = renderHook(() => useIsAdmin());
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current).toEqual({ status: 'allowed' }));
    expect(hasAdminRole).toHaveBeenCalledWith('boss');
  });

  it('denies a user without one', async () => {
    vi.mocked(hasAdminRole).mockResolvedValue(false);
    signedInAs('shopper');
    const { result } = renderHook(() => useIsAdmin());
    await waitFor(() => expect(result.current).toEqual({ status: 'denied' }));
  });

  it('denies, with the error, when the check fails', async () => {
    vi.mocked(hasAdminRole).mockRejectedValue(new Error('permission-denied'));
    signedInAs('shopper');
    const { result } = renderHook(() => useIsAdmin());
    await waitFor(() => expect(result.current.status).toBe('denied'));
    expect(result.current.error).toEqual(new Error('permission-denied'));
  });

  it("never shows the previous user's answer to the next user", async () => {
    vi.mocked(hasAdminRole).mockImplementation(async (uid) => uid === 'boss');
    signedInAs('boss');
    const { result, rerender } = renderHook(() => useIsAdmin());
    await waitFor(() => expect(result.current.status).toBe('allowed'));

    signedInAs('shopper');
    rerender();
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('denied'));
  });
});
