import { collection, getDocs, limit, query, where } from 'firebase/firestore';
import { auth } from '@/lib/auth';
import { db } from '@/lib/firestore';

/**
 * True when a role record says this user is an admin and the signed-in account's e-mail is verified: what the
 * security rules ask of an admin (firestore.rules' isAdmin). Rules let a user read only their own role record.
 * A seller who has just opened the verification link still holds an ID token from before it: the account is
 * read again and, once verified, the token renewed, so the dashboard opens without signing in again.
 */
export async function hasAdminRole(uid: string): Promise<boolean> {
  const roles = query(
    collection(db, 'roles'),
    where('user_id', '==', uid),
    where('role', '==', 'admin'),
    limit(1),
  );
  const snapshot = await getDocs(roles);
  if (snapshot.empty) return false;
  const user = auth.currentUser;
  if (!user || user.uid !== uid) return false;
  if ((await user.getIdTokenResult()).claims.email_verified === true) return true;
  await user.reload();
  if (!user.emailVerified) return false;
  await user.getIdToken(true);
  return true;
}
