import { useEffect, useState } from 'react';
import { PAYMENT_SETTINGS_PATH, readPaymentSettings, type PaymentSettings } from '../model/payment-settings';

// The shop's payment accounts, read once per page (anyone may read them: they are what a customer pays to) and
// kept: the order dialog opens many times, "আমার অর্ডার" shows them beside each unpaid order.
let cached: Promise<PaymentSettings> | null = null;

/** The shop's payment settings; a failed read is asked again next time, and reads as cash only meanwhile. */
export function loadPaymentSettings(): Promise<PaymentSettings> {
  cached ??= (async () => {
    const [{ doc, getDoc }, { db }] = await Promise.all([
      import('firebase/firestore'),
      import('@/lib/firestore'),
    ]);
    const snapshot = await getDoc(doc(db, PAYMENT_SETTINGS_PATH.collection, PAYMENT_SETTINGS_PATH.id));
    return readPaymentSettings(snapshot.data());
  })().catch((error: unknown) => {
    cached = null;
    throw error;
  });
  return cached;
}

/**
 * The payment settings once read: null while they are on their way. A read that fails leaves the defaults
 * (cash on delivery only): a customer can always order and pay at the door.
 */
export function usePaymentSettings(enabled = true): PaymentSettings | null {
  const [settings, setSettings] = useState<PaymentSettings | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    loadPaymentSettings().then(
      (loaded) => current && setSettings(loaded),
      () => current && setSettings(readPaymentSettings(undefined)),
    );
    return () => {
      current = false;
    };
  }, [enabled]);
  return settings;
}
