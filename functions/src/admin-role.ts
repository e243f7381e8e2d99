import type { Firestore } from 'firebase-admin/firestore';

/** An admin is a user whose role record roles/{uid} says role 'admin'. */
export async function isAdmin(db: Firestore, uid: string): Promise<boolean> {
  const role = await db.collection('roles').doc(uid).get();
  return role.exists && role.get('role') === 'admin';
}
