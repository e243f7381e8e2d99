import { httpsCallable } from 'firebase/functions';
import { functions } from '@/lib/functions';
import type { SubmitPaymentInput, SubmitPaymentResult } from '../model/payment-input';

const submitPaymentCallable = httpsCallable<SubmitPaymentInput, SubmitPaymentResult>(
  functions,
  'submitPayment',
);

/**
 * Sends the TrxID of a bKash/Nagad payment and the number it came from for the customer's own order (after
 * placing it, or after the seller rejected an earlier TrxID). The server checks the provider's format and that no
 * other order has claimed the TrxID, refusing with a Bengali reason (`details.message`, orderErrorMessage reads
 * it). Sending the same TrxID again is answered as done, so a retry is safe.
 */
export async function submitPayment(input: SubmitPaymentInput): Promise<SubmitPaymentResult> {
  const { orderId, trxId, payer } = input;
  return (await submitPaymentCallable({ orderId, trxId, payer })).data;
}
