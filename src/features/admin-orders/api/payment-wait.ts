import { useEffect, useState } from 'react';
import { doc, getDoc } from 'firebase/firestore';
import { db } from '@/lib/firebase';
import { PAYMENT_SETTINGS_PATH, readPaymentSettings } from '@/features/ordering/model';

/**
 * The shop's payment wait (`payment_wait_hours` of `settings/payments`, set in the Settings tab), read when the
 * orders tab opens: a claim left unchecked longer than it is flagged on its card. Null until read; a failed
 * read gives the default wait, so an old claim is still flagged.
 */
export function usePaymentWaitHours(): number | null {
  const [hours, setHours] = useState<number | null>(null);
  useEffect(() => {
    let current = true;
    getDoc(doc(db, PAYMENT_SETTINGS_PATH.collection, PAYMENT_SETTINGS_PATH.id)).then(
      (snapshot) => current && setHours(readPaymentSettings(snapshot.data()).payment_wait_hours),
      () => current && setHours(readPaymentSettings(undefined).payment_wait_hours),
    );
    return () => {
      current = false;
    };
  }, []);
  return hours;
}
