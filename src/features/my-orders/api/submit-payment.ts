import type { SubmitPaymentInput, SubmitPaymentResult } from '@/features/ordering/model/payment-input';

/**
 * Sends the TrxID and payer number of a bKash/Nagad payment for one of the customer's own orders; the server
 * checks the provider's format and that no other order claimed the TrxID, refusing with a Bengali reason. The
 * Functions SDK is loaded on first use, as for a cancel, so /orders does not carry it until then.
 */
export async function submitMyPayment(input: SubmitPaymentInput): Promise<SubmitPaymentResult> {
  const [{ httpsCallable }, { functions }] = await Promise.all([
    import('firebase/functions'),
    import('@/lib/functions'),
  ]);
  const submitPayment = httpsCallable<SubmitPaymentInput, SubmitPaymentResult>(functions, 'submitPayment');
  const { orderId, trxId, payer } = input;
  return (await submitPayment({ orderId, trxId, payer })).data;
}
