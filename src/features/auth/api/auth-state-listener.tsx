import type { Auth, User } from 'firebase/auth';
import { useEffect, useMemo, useRef } from 'react';
import { useIdToken } from 'react-firebase-hooks/auth';
import type { Session } from '../model/session';

export interface AuthSnapshot {
  user: User | null;
  session: Session | null;
}

async function sessionOf(user: User): Promise<Session | null> {
  try {
    const token = await user.getIdTokenResult();
    return { idToken: token.token, expiresAt: Date.parse(token.expirationTime) };
  } catch (error) {
    // Token fetch can fail offline; the user is still signed in and Firebase retries on its own.
    console.error('auth: could not read the ID token', error);
    return null;
  }
}

/**
 * Follows Firebase's auth state with react-firebase-hooks' useIdToken: sign-in, sign-out and every token
 * refresh, each reported with the session the backend will see. Renders nothing; the auth provider loads it
 * (with firebase/auth, ~50 KB gzip) after the first paint.
 */
export function AuthStateListener({
  auth,
  onChange,
}: {
  auth: Auth;
  onChange: (snapshot: AuthSnapshot) => void;
}) {
  const report = useRef(onChange);
  useEffect(() => {
    report.current = onChange;
  }, [onChange]);
  const latest = useRef(0);
  // The library awaits onUserChanged before it publishes the user: the session is read there, so a token
  // refresh (the same User object) is reported too.
  const options = useMemo(
    () => ({
      onUserChanged: async (user: User | null) => {
        const event = ++latest.current;
        const session = user ? await sessionOf(user) : null;
        // A newer event may have arrived while this token was fetched; it wins.
        if (event === latest.current) report.current({ user, session });
      },
    }),
    [],
  );
  const [, , error] = useIdToken(auth, options);

  useEffect(() => {
    if (!error) return;
    // The auth state cannot be followed: show the visitor's shop, say why in the console.
    console.error('auth: the sign-in state could not be read', error);
    report.current({ user: null, session: null });
  }, [error]);

  return null;
}
