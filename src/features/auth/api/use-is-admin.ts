import { useEffect, useState } from 'react';
import { useAuth } from './use-auth';

export type AdminAccess =
  | { status: 'loading'; error?: undefined }
  | { status: 'allowed'; error?: undefined }
  | { status: 'denied'; error?: Error };

/**
 * Whether the signed-in user is an admin. Visitors are denied without a query; a failed check is denied
 * too (with the error, so the admin page can say 'যাচাইকরণ ত্রুটি').
 */
export function useIsAdmin(): AdminAccess {
  const { user, loading } = useAuth();
  const uid = user?.uid;
  const [result, setResult] = useState<{ uid: string; access: AdminAccess } | null>(null);

  useEffect(() => {
    if (!uid) return;
    let current = true;
    import('./admin-role-query')
      .then(({ hasAdminRole }) => hasAdminRole(uid))
      .then(
        (isAdmin) => current && setResult({ uid, access: { status: isAdmin ? 'allowed' : 'denied' } }),
        (error: unknown) =>
          current &&
          setResult({
            uid,
            access: { status: 'denied', error: error instanceof Error ? error : new Error(String(error)) },
          }),
      );
    return () => {
      current = false;
    };
  }, [uid]);

  if (loading) return { status: 'loading' };
  if (!uid) return { status: 'denied' };
  // A result for a previous user (sign-out, then someone else signs in) must not leak to the new one.
  if (result?.uid !== uid) return { status: 'loading' };
  return result.access;
}
