// What the Settings tab shows of the courier: whether its keys are set (never the keys) and whether they worked
// the last time it was called. Admins only.
import type { Firestore } from 'firebase-admin/firestore';
import { orderMessages } from '../../../src/features/ordering/model';
import { isAdmin } from '../admin-role';
import { signedInCaller } from '../caller';
import { refusal } from '../refusal';
import { COURIER_HEALTH } from './courier-health';

export interface CourierStatus {
  keysSet: boolean;
  /** From the last call: the keys worked, were refused, or the courier was not called yet. */
  credentials: 'ok' | 'bad' | 'unknown';
}

export async function courierStatus(db: Firestore, auth: unknown, keysSet: boolean): Promise<CourierStatus> {
  const caller = signedInCaller(auth);
  if (!caller) throw refusal('unauthenticated', orderMessages.statusChange.signInRequired);
  if (!(await isAdmin(db, caller))) throw refusal('permission-denied', orderMessages.ledger.notAllowed);
  const health: unknown = (await db.collection(COURIER_HEALTH).doc('steadfast').get()).get('credentials');
  return { keysSet, credentials: health === 'ok' || health === 'bad' ? health : 'unknown' };
}
