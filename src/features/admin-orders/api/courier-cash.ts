import { collection, query, where, type Query } from 'firebase/firestore';
import { httpsCallable } from 'firebase/functions';
import { owedOf, type CourierPayoutInput } from '@/features/ordering/model';
import { db } from '@/lib/firestore';
import { functions } from '@/lib/functions';
import { readAs } from '@/lib/live-query';
import { storedMillis } from '@/lib/stored-date';

/** A delivered parcel whose cash the courier still holds, as the dashboard lists it. */
export interface CourierOwedOrder {
  id: string;
  customerName: string;
  /** Poisha collected at the door and not yet paid out. */
  owed: number;
  deliveredAt: number;
}

/**
 * The orders whose cash the courier holds: only a delivered courier parcel has `courier_payout_id`, null until a
 * payout settles it, so the set stays as small as what is owed (functions/src/move-order.ts writes it).
 */
export const courierOwedQuery: Query<CourierOwedOrder> = query(
  collection(db, 'orders'),
  where('courier_payout_id', '==', null),
).withConverter(
  readAs((id, data) => ({
    id,
    customerName: typeof data.customer_name === 'string' ? data.customer_name : '',
    owed: owedOf(data),
    deliveredAt: storedMillis(data.courier_delivered_at) ?? 0,
  })),
);

export interface RecordCourierPayoutResult {
  payoutId: string;
  orderIds: string[];
}

const recordCourierPayoutCallable = httpsCallable<CourierPayoutInput, RecordCourierPayoutResult>(
  functions,
  'recordCourierPayout',
);

/** Records the courier's payout and settles the orders it covers (functions/src/courier). Admins only. */
export async function recordCourierPayout(input: CourierPayoutInput): Promise<RecordCourierPayoutResult> {
  return (await recordCourierPayoutCallable(input)).data;
}
