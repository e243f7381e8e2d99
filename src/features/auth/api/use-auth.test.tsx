import { render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../components/auth-context';
import type { AuthState } from '../model/session';
import { useAuth } from './use-auth';

describe('useAuth', () => {
  it('refuses to work outside an AuthProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow(
      new Error('useAuth must be used within an AuthProvider'),
    );
  });

  it('returns what the provider holds', () => {
    const state: AuthState = { user: null, session: null, loading: true, signOut: async () => {} };
    function Probe() {
      const { loading, user } = useAuth();
      return <p>{`loading=${loading} user=${user === null ? 'none' : 'someone'}`}</p>;
    }
    render(
      <AuthContext.Provider value={state}>
        <Probe />
      </AuthContext.Provider>,
    );
    expect(screen.getByText('loading=true user=none')).toBeInTheDocument();
  });
});
