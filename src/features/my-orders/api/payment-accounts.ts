import { useEffect, useState } from 'react';
import { doc, getDoc } from 'firebase/firestore';
import { db } from '@/lib/firestore';
import {
  PAYMENT_SETTINGS_PATH,
  readPaymentSettings,
  type PaymentSettings,
} from '@/features/ordering/model/payment-settings';

// The shop's wallet numbers, read once for the page (public: they are what a customer pays to).
let cached: Promise<PaymentSettings> | null = null;

function loadPaymentAccounts(): Promise<PaymentSettings> {
  cached ??= getDoc(doc(db, PAYMENT_SETTINGS_PATH.collection, PAYMENT_SETTINGS_PATH.id)).then(
    (snapshot) => readPaymentSettings(snapshot.data()),
    (error: unknown) => {
      cached = null;
      throw error;
    },
  );
  return cached;
}

/** The shop's payment accounts once read; null meanwhile, and if they cannot be read (the form still works). */
export function usePaymentAccounts(): PaymentSettings | null {
  const [settings, setSettings] = useState<PaymentSettings | null>(null);
  useEffect(() => {
    let current = true;
    loadPaymentAccounts().then(
      (loaded) => current && setSettings(loaded),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  return settings;
}
