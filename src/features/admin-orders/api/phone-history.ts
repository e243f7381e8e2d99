import { doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore';
import { db } from '@/lib/firebase';
import {
  BLOCKED_PHONES,
  PHONE_SUMMARIES,
  readPhoneSummary,
  type PhoneSummary,
} from '@/features/ordering/model';

// A number's history with the shop (phone_summaries/{01…}), read once per distinct number while the dashboard
// is open, however many of its orders are on screen: a page of 50 cards reads at most 50 summaries.
const summaries = new Map<string, Promise<PhoneSummary>>();

export function loadPhoneSummary(phone: string): Promise<PhoneSummary> {
  let summary = summaries.get(phone);
  if (!summary) {
    summary = getDoc(doc(db, PHONE_SUMMARIES, phone)).then((snapshot) => readPhoneSummary(snapshot.data()));
    // A failed read is tried again by the next card that asks.
    summary.catch(() => summaries.delete(phone));
    summaries.set(phone, summary);
  }
  return summary;
}

/** Adds the number to the blocklist (firestore.rules checks the entry's shape; admins only). */
export async function blockPhone(phone: string): Promise<void> {
  await setDoc(doc(db, BLOCKED_PHONES, phone), { phone, blocked_at: serverTimestamp() });
}
