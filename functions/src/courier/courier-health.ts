// Whether the courier took the shop's keys the last time it was called: the Settings tab shows it beside whether
// the keys are set at all (they are Cloud Functions secrets, never in Firestore nor in the browser).
import { FieldValue, type Firestore } from 'firebase-admin/firestore';

export const COURIER_HEALTH = 'courier_health';

export async function recordCredentials(db: Firestore, credentials: 'ok' | 'bad'): Promise<void> {
  const ref = db.collection(COURIER_HEALTH).doc('steadfast');
  const current = await ref.get();
  if (current.get('credentials') === credentials) return;
  await ref.set({ credentials, checked_at: FieldValue.serverTimestamp() }, { merge: true });
}
