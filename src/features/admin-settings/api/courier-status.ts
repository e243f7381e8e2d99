import { httpsCallable } from 'firebase/functions';
import { functions } from '@/lib/functions';

/** What courierStatus answers: whether the keys are set (never the keys) and whether they worked last time. */
export interface CourierStatus {
  keysSet: boolean;
  credentials: 'ok' | 'bad' | 'unknown';
}

const courierStatusCallable = httpsCallable<void, CourierStatus>(functions, 'courierStatus');

export async function loadCourierStatus(): Promise<CourierStatus> {
  return (await courierStatusCallable()).data;
}
