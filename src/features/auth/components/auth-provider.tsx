import type { User } from 'firebase/auth';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { subscribeLazily } from '@/lib/lazy-subscription';
import type { AuthState, Session } from '../model/session';
import { AuthContext } from './auth-context';

async function sessionOf(user: User): Promise<Session> {
  const token = await user.getIdTokenResult();
  return { idToken: token.token, expiresAt: Date.parse(token.expirationTime) };
}

// firebase/auth (~50 KB gzip) arrives in its own chunk after the first paint: the prerendered storefront
// shows the signed-out/neutral shell (`loading`) until Firebase says who is there.
async function signOut(): Promise<void> {
  const actions = await import('../api/auth-actions');
  await actions.signOut();
}

/**
 * Follows Firebase's auth state: sign-in, sign-out and every token refresh (onIdTokenChanged covers all
 * three), so `session` always holds the token the backend will see.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<Omit<AuthState, 'signOut'>>({
    user: null,
    session: null,
    loading: true,
  });

  useEffect(() => {
    let latest = 0;
    return subscribeLazily(
      async () => {
        const [{ onIdTokenChanged }, { auth }] = await Promise.all([
          import('firebase/auth'),
          import('@/lib/auth'),
        ]);
        return () =>
          onIdTokenChanged(auth, async (user) => {
            const event = ++latest;
            if (!user) {
              setState({ user: null, session: null, loading: false });
              return;
            }
            let session: Session | null = null;
            try {
              session = await sessionOf(user);
            } catch (error) {
              // Token fetch can fail offline; the user is still signed in and Firebase retries on its own.
              console.error('auth: could not read the ID token', error);
            }
            // A newer event may have arrived while this token was fetched; it wins.
            if (event === latest) setState({ user, session, loading: false });
          });
      },
      (error) => {
        // The auth code could not be loaded (offline on first visit): show the visitor's shop, say why.
        console.error('auth: could not start', error);
        setState({ user: null, session: null, loading: false });
      },
    );
  }, []);

  const value = useMemo<AuthState>(() => ({ ...state, signOut }), [state]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
