import { orderMessages } from './texts';
import {
  checkPaymentClaim,
  parseReviewPaymentInput,
  parseSubmitPaymentInput,
  MAX_REJECT_REASON_LENGTH,
} from './payment-input';
import { readPaymentState } from './payment';

const m = orderMessages.payment;

describe('a TrxID and the number the money came from', () => {
  it('are stored upper case and as 01XXXXXXXXX, whatever digits and spaces were typed', () => {
    expect(checkPaymentClaim('bkash', ' 8n7a6d5ee7 ', '+880 1712-345678')).toEqual({
      ok: true,
      trxId: '8N7A6D5EE7',
      payer: '01712345678',
    });
    expect(checkPaymentClaim('nagad', '৭১B৪XK৯Q', '০১৮১২৩৪৫৬৭৮')).toEqual({
      ok: true,
      trxId: '71B4XK9Q',
      payer: '01812345678',
    });
  });

  it("are refused in Bengali when the TrxID has not the provider's shape", () => {
    expect(checkPaymentClaim('bkash', '8N7A6D5EE', '01712345678')).toEqual({
      ok: false,
      error: m.trxIdWrongFormat.bkash,
    });
    // A bKash-length id on a Nagad order is not a Nagad TrxID.
    expect(checkPaymentClaim('nagad', '8N7A6D5EE7', '01712345678')).toEqual({
      ok: false,
      error: m.trxIdWrongFormat.nagad,
    });
    expect(checkPaymentClaim('bkash', '8N7A-6D5EE', '01712345678')).toMatchObject({ ok: false });
    expect(checkPaymentClaim('bkash', '', '01712345678')).toEqual({ ok: false, error: m.trxIdRequired });
    expect(checkPaymentClaim('bkash', 'X'.repeat(300), '01712345678')).toEqual({
      ok: false,
      error: m.trxIdTooLong,
    });
  });

  it('need the payer’s number, and are not taken for a cash order', () => {
    expect(checkPaymentClaim('bkash', '8N7A6D5EE7', '')).toEqual({
      ok: false,
      error: m.payerPrefix + orderMessages.phone.required,
    });
    expect(checkPaymentClaim('bkash', '8N7A6D5EE7', '0171234567')).toEqual({
      ok: false,
      error: m.payerPrefix + orderMessages.phone.wrongLength,
    });
    expect(checkPaymentClaim('cash_on_delivery', '8N7A6D5EE7', '01712345678')).toEqual({
      ok: false,
      error: m.notForCash,
    });
  });
});

describe('parseSubmitPaymentInput', () => {
  it('takes an order id, a TrxID and a number, leaving the format to the order’s method', () => {
    expect(
      parseSubmitPaymentInput({ orderId: 'abc', trxId: '8n7a6d5ee7', payer: '01712345678', extra: 1 }),
    ).toEqual({ ok: true, input: { orderId: 'abc', trxId: '8n7a6d5ee7', payer: '01712345678' } });
  });

  it('refuses a missing TrxID, an impossible order id or no payload', () => {
    expect(parseSubmitPaymentInput({ orderId: 'abc', trxId: ' ', payer: '01712345678' })).toEqual({
      ok: false,
      error: m.trxIdRequired,
    });
    expect(parseSubmitPaymentInput({ orderId: 'a/b', trxId: 'X', payer: '1' })).toEqual({
      ok: false,
      error: m.invalidRequest,
    });
    expect(parseSubmitPaymentInput(null)).toEqual({ ok: false, error: m.invalidRequest });
  });
});

describe('parseReviewPaymentInput', () => {
  it('verifies without a reason, and rejects only with one, trimmed', () => {
    expect(parseReviewPaymentInput({ orderId: 'abc', decision: 'verify', reason: 'x' })).toEqual({
      ok: true,
      input: { orderId: 'abc', decision: 'verify' },
    });
    expect(parseReviewPaymentInput({ orderId: 'abc', decision: 'reject', reason: '  টাকা আসেনি ' })).toEqual({
      ok: true,
      input: { orderId: 'abc', decision: 'reject', reason: 'টাকা আসেনি' },
    });
  });

  it('refuses a rejection without a reason or with one over 200 characters, and an unknown decision', () => {
    expect(parseReviewPaymentInput({ orderId: 'abc', decision: 'reject', reason: '   ' })).toEqual({
      ok: false,
      error: m.rejectReasonRequired,
    });
    expect(
      parseReviewPaymentInput({
        orderId: 'abc',
        decision: 'reject',
        reason: 'ক'.repeat(MAX_REJECT_REASON_LENGTH + 1),
      }),
    ).toEqual({ ok: false, error: m.rejectReasonTooLong });
    expect(
      parseReviewPaymentInput({ orderId: 'abc', decision: 'reject', reason: 'ক'.repeat(200) }),
    ).toMatchObject({ ok: true });
    expect(parseReviewPaymentInput({ orderId: 'abc', decision: 'refund' })).toEqual({
      ok: false,
      error: m.invalidRequest,
    });
  });
});

describe('readPaymentState', () => {
  it('reads a stored state, and an order from before payments by its method', () => {
    expect(readPaymentState({ payment_method: 'bkash', payment_state: 'verified' })).toBe('verified');
    expect(readPaymentState({ payment_method: 'bkash' })).toBe('awaiting_payment');
    expect(readPaymentState({ payment_method: 'nagad', payment_state: 'paid?' })).toBe('awaiting_payment');
    expect(readPaymentState({ payment_method: 'cash_on_delivery' })).toBe('collect_on_delivery');
    expect(readPaymentState({})).toBe('collect_on_delivery');
  });
});
