import { collection, getDocs, limit, query, where } from 'firebase/firestore';
import { db } from '@/lib/firestore';

/** True when a role record says this user is an admin. Security rules let a user read only their own. */
export async function hasAdminRole(uid: string): Promise<boolean> {
  const roles = query(
    collection(db, 'roles'),
    where('user_id', '==', uid),
    where('role', '==', 'admin'),
    limit(1),
  );
  const snapshot = await getDocs(roles);
  return !snapshot.empty;
}
