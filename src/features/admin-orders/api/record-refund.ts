import { httpsCallable } from 'firebase/functions';
import type { RecordRefundInput } from '@/features/ordering/model';
import { functions } from '@/lib/functions';

/** What recordRefund answers: the taka refunded on the order in all, this refund included. */
export interface RecordRefundResult {
  refunded_amount: number;
}

const recordRefundCallable = httpsCallable<RecordRefundInput, RecordRefundResult>(functions, 'recordRefund');

/**
 * Records money the seller has sent back to the customer (amount in taka, the bKash/Nagad TrxID of the money
 * sent). Admins only; the server refuses more than is owed back, with a Bengali reason.
 */
export async function recordRefund(input: RecordRefundInput): Promise<RecordRefundResult> {
  return (await recordRefundCallable(input)).data;
}
