import { httpsCallable } from 'firebase/functions';
import type { ReviewPaymentInput, ReviewPaymentResult } from '@/features/ordering/model';
import { functions } from '@/lib/functions';

const reviewPaymentCallable = httpsCallable<ReviewPaymentInput, ReviewPaymentResult>(
  functions,
  'reviewPayment',
);

/**
 * The seller's decision on a claimed payment, checked in the bKash/Nagad app: verified, or rejected with a
 * reason the customer reads. The server refuses (in Bengali) anything but a claimed payment.
 */
export async function reviewPayment(input: ReviewPaymentInput): Promise<ReviewPaymentResult> {
  return (await reviewPaymentCallable(input)).data;
}
