import { startTransition, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLoadAfterMount } from '@/lib/load-after-mount';
import type { AuthSnapshot } from '../api/auth-state-listener';
import type { AuthState } from '../model/session';
import { rememberSession } from '@/lib/session-hint';
import { AuthContext } from './auth-context';

// firebase/auth (~50 KB gzip) arrives in its own chunk after the first paint: the prerendered storefront
// shows the signed-out/neutral shell (`loading`) until Firebase says who is there.
async function loadAuthListener() {
  const [{ AuthStateListener }, { auth }] = await Promise.all([
    import('../api/auth-state-listener'),
    import('@/lib/auth'),
  ]);
  return { AuthStateListener, auth };
}

async function signOut(): Promise<void> {
  const actions = await import('../api/auth-actions');
  await actions.signOut();
}

/** Holds who is signed in (followed by the auth state listener) for every page. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<Omit<AuthState, 'signOut'>>({
    user: null,
    session: null,
    loading: true,
  });
  const reported = useRef(false);
  const follow = useCallback((snapshot: AuthSnapshot) => {
    const show = () => setState({ ...snapshot, loading: false });
    rememberSession(snapshot.user !== null);
    // The first report ends the page's loading state: drawn in a transition, in slices, so a slow phone stays
    // responsive while the header changes. A later one (a sign-in, a sign-out) is drawn at once.
    if (reported.current) show();
    else startTransition(show);
    reported.current = true;
  }, []);
  const listener = useLoadAfterMount(loadAuthListener, (error) => {
    // The auth code could not be loaded (offline on first visit): show the visitor's shop, say why.
    console.error('auth: could not start', error);
    setState({ user: null, session: null, loading: false });
  });

  const value = useMemo<AuthState>(() => ({ ...state, signOut }), [state]);
  return (
    <AuthContext.Provider value={value}>
      {listener && <listener.AuthStateListener auth={listener.auth} onChange={follow} />}
      {children}
    </AuthContext.Provider>
  );
}
