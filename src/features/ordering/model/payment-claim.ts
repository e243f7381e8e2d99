import { orderMessages } from './texts';
import { TRXID_PATTERNS, type MobilePaymentMethod } from './payment';
import { checkPaymentClaim } from './payment-input';

/**
 * A customer's claim to have paid, as the forms show it: the TrxID and the payer's number, each with its own
 * message, checked by the server's one check (checkPaymentClaim) so both refuse alike.
 */
export interface PaymentClaimValues {
  trxId: string;
  payer: string;
}

/** The number of characters of a provider's TrxID, read from its one pattern (TRXID_PATTERNS). */
export function trxIdLength(method: MobilePaymentMethod): number {
  return Number(/\{(\d+)\}/.exec(TRXID_PATTERNS[method].source)?.[1] ?? 0);
}

/** An example of the provider's TrxID shape, for the field's placeholder. */
export function trxIdExample(method: MobilePaymentMethod): string {
  return 'BK7Q2M9XA4D3N8'.slice(0, trxIdLength(method));
}

/** The field errors of a claim given after placing ("আমার অর্ডার": both required), or none. */
export function paymentClaimErrors(
  method: MobilePaymentMethod,
  values: PaymentClaimValues,
): Partial<Record<keyof PaymentClaimValues, string>> {
  const check = checkPaymentClaim(method, values.trxId, values.payer);
  if (check.ok) return {};
  // The check names the payer's number in its message; everything else is about the TrxID.
  return check.error.startsWith(orderMessages.payment.payerPrefix)
    ? { payer: check.error }
    : { trxId: check.error };
}

/**
 * The field errors of a claim given with the order (the order dialog): both may stay empty, to pay later; a
 * number alone is no claim.
 */
export function optionalPaymentClaimErrors(
  method: MobilePaymentMethod,
  values: PaymentClaimValues,
): Partial<Record<keyof PaymentClaimValues, string>> {
  if (values.trxId.trim() === '' && values.payer.trim() === '') return {};
  return paymentClaimErrors(method, values);
}

/** The claim as it travels to the server (normalised), or nothing when the customer pays later. */
export function paymentClaimOf(
  method: MobilePaymentMethod,
  values: PaymentClaimValues,
): { trxId: string; payer: string } | null {
  const check = checkPaymentClaim(method, values.trxId, values.payer);
  return check.ok ? { trxId: check.trxId, payer: check.payer } : null;
}
