import type { Firestore } from 'firebase-admin/firestore';
import type { Caller } from './caller';

/**
 * An admin is a user whose role record roles/{uid} says role 'admin' and whose ID token says the e-mail is
 * verified, as firestore.rules and storage.rules decide it: anyone may sign up with the seller's address before
 * the seller does, and an unverified account proves nothing about who holds it.
 */
export async function isAdmin(db: Firestore, caller: Caller): Promise<boolean> {
  if (caller.token.email_verified !== true) return false;
  const role = await db.collection('roles').doc(caller.uid).get();
  return role.exists && role.get('role') === 'admin';
}
