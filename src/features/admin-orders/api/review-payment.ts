import { httpsCallable } from 'firebase/functions';
import type { ReviewPaymentInput, ReviewPaymentResult } from '@/features/ordering/model';
import { functions } from '@/lib/functions';

const reviewPaymentCallable = httpsCallable<ReviewPaymentInput, ReviewPaymentResult>(
  functions,
  'reviewPayment',
);

/**
 * The seller's decision on a claimed bKash/Nagad payment, after looking the TrxID up in the provider's app:
 * verified (the order is paid, its total counts as revenue), or rejected with a reason of 1..200 characters
 * the customer reads. Admins only; refusals carry a Bengali reason. Deciding again what was decided writes nothing.
 */
export async function reviewPayment(input: ReviewPaymentInput): Promise<ReviewPaymentResult> {
  return (await reviewPaymentCallable(input)).data;
}
