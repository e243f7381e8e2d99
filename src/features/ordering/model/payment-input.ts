import { orderMessages } from './texts';
import { toLatinDigits } from './digits';
import { isFirestoreDocumentId } from './document-id';
import { normalizeBangladeshPhone } from './phone';
import { isMobilePaymentMethod, normalizeTrxId } from './payment';
import type { PaymentMethod } from './payment-method';

// What the customer types to claim a payment (the TrxID and the wallet number it came from) and what the seller
// sends to decide on it: read here once, for the order dialog, placeOrder, submitPayment and reviewPayment.

const m = orderMessages.payment;

/** The seller's reason for a rejected payment, shown to the customer: at most this many characters. */
export const MAX_REJECT_REASON_LENGTH = 200;

/** Longer than any provider's TrxID by far: such input is refused before it is even looked at. */
const MAX_TRXID_INPUT_LENGTH = 40;

export type PaymentClaimCheck = { ok: true; trxId: string; payer: string } | { ok: false; error: string };

/**
 * A TrxID and the payer's number as the customer typed them, for an order paid by `method`: in their stored form
 * (TrxID upper case, number 01XXXXXXXXX), or the first thing wrong with them in Bengali.
 */
export function checkPaymentClaim(method: PaymentMethod, trxId: unknown, payer: unknown): PaymentClaimCheck {
  if (!isMobilePaymentMethod(method)) return { ok: false, error: m.notForCash };
  const typed = typeof trxId === 'string' ? toLatinDigits(trxId).trim() : '';
  if (typed === '') return { ok: false, error: m.trxIdRequired };
  if (typed.length > MAX_TRXID_INPUT_LENGTH) return { ok: false, error: m.trxIdTooLong };
  const normalized = normalizeTrxId(method, typed);
  if (normalized === null) return { ok: false, error: m.trxIdWrongFormat[method] };
  const phone = normalizeBangladeshPhone(typeof payer === 'string' ? payer : '');
  if (!phone.ok) return { ok: false, error: m.payerPrefix + phone.error };
  return { ok: true, trxId: normalized, payer: phone.phone };
}

export type Parsed<T> = { ok: true; input: T } | { ok: false; error: string };

/** What the submitPayment callable accepts: the TrxID and number as typed, checked against the order's method. */
export interface SubmitPaymentInput {
  orderId: string;
  trxId: string;
  payer: string;
}

export interface SubmitPaymentResult {
  payment_state: 'claimed';
}

/** The payload's shape; the TrxID's format depends on the order's method, so checkPaymentClaim comes after. */
export function parseSubmitPaymentInput(data: unknown): Parsed<SubmitPaymentInput> {
  if (typeof data !== 'object' || data === null) return { ok: false, error: m.invalidRequest };
  const { orderId, trxId, payer } = data as Record<string, unknown>;
  if (typeof orderId !== 'string' || !isFirestoreDocumentId(orderId))
    return { ok: false, error: m.invalidRequest };
  if (typeof trxId !== 'string' || trxId.trim() === '') return { ok: false, error: m.trxIdRequired };
  if (typeof payer !== 'string') return { ok: false, error: m.payerPrefix + orderMessages.phone.required };
  return { ok: true, input: { orderId, trxId, payer } };
}

export type PaymentDecision = 'verify' | 'reject' | 'move';

/**
 * What the reviewPayment callable accepts; a rejection carries the seller's reason, trimmed; a move names the
 * order the claimed TrxID really paid (it leaves this order, which waits for its own payment again).
 */
export type ReviewPaymentInput =
  | { orderId: string; decision: 'verify' }
  | { orderId: string; decision: 'reject'; reason: string }
  | { orderId: string; decision: 'move'; toOrderId: string };

export interface ReviewPaymentResult {
  payment_state: 'verified' | 'rejected' | 'awaiting_payment';
}

export function parseReviewPaymentInput(data: unknown): Parsed<ReviewPaymentInput> {
  if (typeof data !== 'object' || data === null) return { ok: false, error: m.invalidRequest };
  const { orderId, decision, reason } = data as Record<string, unknown>;
  if (typeof orderId !== 'string' || !isFirestoreDocumentId(orderId))
    return { ok: false, error: m.invalidRequest };
  if (decision === 'verify') return { ok: true, input: { orderId, decision } };
  if (decision === 'move') {
    const { toOrderId } = data as Record<string, unknown>;
    if (typeof toOrderId !== 'string' || !isFirestoreDocumentId(toOrderId) || toOrderId === orderId)
      return { ok: false, error: m.moveTargetInvalid };
    return { ok: true, input: { orderId, decision, toOrderId } };
  }
  if (decision !== 'reject') return { ok: false, error: m.invalidRequest };
  const text = typeof reason === 'string' ? reason.trim() : '';
  if (text === '') return { ok: false, error: m.rejectReasonRequired };
  // Characters as a reader counts them (a Bengali conjunct is several code points, each counted).
  if ([...text].length > MAX_REJECT_REASON_LENGTH) return { ok: false, error: m.rejectReasonTooLong };
  return { ok: true, input: { orderId, decision, reason: text } };
}

/** What the recordRefund callable accepts: the taka sent back and the TrxID of the money sent. */
export interface RecordRefundInput {
  orderId: string;
  amount: number;
  trxId: string;
}

/** The refund as the seller typed it: an amount in taka (to the poisha) and a bKash or Nagad TrxID. */
export function parseRecordRefundInput(data: unknown): Parsed<RecordRefundInput> {
  if (typeof data !== 'object' || data === null) return { ok: false, error: m.invalidRequest };
  const { orderId, amount, trxId } = data as Record<string, unknown>;
  if (typeof orderId !== 'string' || !isFirestoreDocumentId(orderId))
    return { ok: false, error: m.invalidRequest };
  if (
    typeof amount !== 'number' ||
    !Number.isFinite(amount) ||
    amount <= 0 ||
    Math.round(amount * 100) !== amount * 100
  )
    return { ok: false, error: m.refundAmountInvalid };
  const typed = typeof trxId === 'string' ? toLatinDigits(trxId).trim() : '';
  if (typed === '') return { ok: false, error: m.refundTrxIdRequired };
  const normalized = normalizeTrxId('bkash', typed) ?? normalizeTrxId('nagad', typed);
  if (normalized === null) return { ok: false, error: m.refundTrxIdWrongFormat };
  return { ok: true, input: { orderId, amount, trxId: normalized } };
}
