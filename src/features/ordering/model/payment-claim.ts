import { toBengaliDigits } from './digits';
import { paymentMethodLabel } from './payment-method';
import { normalizeTrxId, TRXID_PATTERNS, type MobilePaymentMethod } from './payment';
import { normalizeBangladeshPhone } from './phone';
import { paymentTexts } from './payment-texts';

/**
 * A customer's claim to have paid: the provider's transaction id and the wallet number the money came from,
 * checked as the server checks them (normalizeTrxId, normalizeBangladeshPhone) with the Bengali reason.
 */
export type Checked = { ok: true; value: string } | { ok: false; error: string };

const v = paymentTexts.validation;

/** The number of characters of a provider's TrxID, read from its one pattern (TRXID_PATTERNS). */
export function trxIdLength(method: MobilePaymentMethod): number {
  return Number(/\{(\d+)\}/.exec(TRXID_PATTERNS[method].source)?.[1] ?? 0);
}

/** An example of the provider's TrxID shape, for the field's placeholder. */
export function trxIdExample(method: MobilePaymentMethod): string {
  return 'BK7Q2M9XA4D3N8'.slice(0, trxIdLength(method));
}

export function checkTrxId(method: MobilePaymentMethod, raw: string): Checked {
  if (raw.trim() === '') return { ok: false, error: v.trxIdRequired };
  const trxId = normalizeTrxId(method, raw);
  return trxId
    ? { ok: true, value: trxId }
    : {
        ok: false,
        error: v.trxIdFormat(paymentMethodLabel(method), toBengaliDigits(trxIdLength(method))),
      };
}

export function checkPayer(raw: string): Checked {
  if (raw.trim() === '') return { ok: false, error: v.payerRequired };
  const result = normalizeBangladeshPhone(raw);
  return result.ok ? { ok: true, value: result.phone } : { ok: false, error: result.error };
}

export interface PaymentClaimValues {
  trxId: string;
  payer: string;
}

/** Field errors of a claim given after placing (both required), or none. */
export function paymentClaimErrors(
  method: MobilePaymentMethod,
  values: PaymentClaimValues,
): Partial<Record<keyof PaymentClaimValues, string>> {
  const trxId = checkTrxId(method, values.trxId);
  const payer = checkPayer(values.payer);
  return {
    ...(!trxId.ok && { trxId: trxId.error }),
    ...(!payer.ok && { payer: payer.error }),
  };
}

/**
 * Field errors of a claim given with the order (the order dialog): both may stay empty, to pay later; a TrxID
 * needs its payer number, and a payer number alone is no claim.
 */
export function optionalPaymentClaimErrors(
  method: MobilePaymentMethod,
  values: PaymentClaimValues,
): Partial<Record<keyof PaymentClaimValues, string>> {
  const hasTrxId = values.trxId.trim() !== '';
  const hasPayer = values.payer.trim() !== '';
  if (!hasTrxId && !hasPayer) return {};
  if (!hasTrxId) return { trxId: v.payerWithoutTrxId };
  return paymentClaimErrors(method, values);
}

/** The claim as it travels to the server (normalised), or nothing when the customer pays later. */
export function paymentClaimOf(
  method: MobilePaymentMethod,
  values: PaymentClaimValues,
): { trxId: string; payer: string } | null {
  const trxId = checkTrxId(method, values.trxId);
  const payer = checkPayer(values.payer);
  return trxId.ok && payer.ok ? { trxId: trxId.value, payer: payer.value } : null;
}
