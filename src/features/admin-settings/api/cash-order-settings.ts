import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
} from 'firebase/firestore';
import { db } from '@/lib/firebase';
import { BLOCKED_PHONES, PAYMENT_SETTINGS_PATH, readPaymentSettings } from '@/features/ordering/model';

const paymentSettings = () => doc(db, PAYMENT_SETTINGS_PATH.collection, PAYMENT_SETTINGS_PATH.id);

/** Whether a first cash order needs the phone code (settings/payments, shared with the payment accounts). */
export async function loadVerificationRequired(): Promise<boolean> {
  return readPaymentSettings((await getDoc(paymentSettings())).data()).phone_verification_required;
}

/** Writes only this field and the time: the payment accounts in the same document are left as they are. */
export async function saveVerificationRequired(required: boolean): Promise<void> {
  await setDoc(
    paymentSettings(),
    { phone_verification_required: required, updated_at: serverTimestamp() },
    { merge: true },
  );
}

export interface BlockedPhone {
  phone: string;
  note: string | null;
}

/** The most recent blocks first; a small shop's list, shown whole up to this many. */
export const BLOCKLIST_SHOWN = 200;

export async function loadBlocklist(): Promise<BlockedPhone[]> {
  const snapshot = await getDocs(
    query(collection(db, BLOCKED_PHONES), orderBy('blocked_at', 'desc'), limit(BLOCKLIST_SHOWN)),
  );
  return snapshot.docs.map((entry) => {
    const note: unknown = entry.get('note');
    return { phone: entry.id, note: typeof note === 'string' && note !== '' ? note : null };
  });
}

export async function blockPhone(phone: string, note: string): Promise<void> {
  await setDoc(doc(db, BLOCKED_PHONES, phone), {
    phone,
    blocked_at: serverTimestamp(),
    ...(note === '' ? {} : { note }),
  });
}

export async function unblockPhone(phone: string): Promise<void> {
  await deleteDoc(doc(db, BLOCKED_PHONES, phone));
}
