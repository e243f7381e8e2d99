import { asError, useLoadFor, type Loadable } from '@/lib/loadable';
import { useAuth } from './use-auth';

export type AdminAccess =
  | { status: 'loading'; error?: undefined }
  | { status: 'allowed'; error?: undefined }
  | { status: 'denied'; error?: Error };

// The query code (and Firestore with it) loads only when someone signs in.
function checkAdminRole(uid: string, report: (result: Loadable<boolean>) => void): () => void {
  import('./admin-role-query')
    .then(({ hasAdminRole }) => hasAdminRole(uid))
    .then(
      (isAdmin) => report({ status: 'loaded', data: isAdmin }),
      (error: unknown) => report({ status: 'failed', error: asError(error) }),
    );
  return () => {}; // a one-off read: useLoadFor drops an answer that comes too late
}

/**
 * Whether the signed-in user is an admin. Visitors are denied without a query; a failed check is denied
 * too (with the error, so the admin page can say 'যাচাইকরণ ত্রুটি').
 */
export function useIsAdmin(): AdminAccess {
  const { user, loading } = useAuth();
  const role = useLoadFor(user?.uid, checkAdminRole);
  if (loading) return { status: 'loading' };
  switch (role.status) {
    case 'idle':
      return { status: 'denied' };
    case 'loading':
      return { status: 'loading' };
    case 'failed':
      return { status: 'denied', error: role.error };
    case 'loaded':
      return { status: role.data ? 'allowed' : 'denied' };
  }
}
