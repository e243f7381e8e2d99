import {
  orderMessages,
  parseRecordRefundInput,
  toLatinDigits,
  type RecordRefundInput,
} from '@/features/ordering/model';
import type { AdminOrder } from './admin-order';

export interface RefundErrors {
  amount?: string;
  trxId?: string;
}

/**
 * What the seller typed, checked as the server checks it (parseRecordRefundInput, and no more than is owed back,
 * as the ledger refuses), with the same Bengali words: the input to send, or the errors by field.
 */
export function checkRefund(
  order: Pick<AdminOrder, 'id' | 'refund_due'>,
  amount: string,
  trxId: string,
): { ok: true; input: RecordRefundInput } | { ok: false; errors: RefundErrors } {
  const typed = toLatinDigits(amount).trim();
  const parsed = parseRecordRefundInput({
    orderId: order.id,
    amount: typed === '' ? Number.NaN : Number(typed),
    trxId,
  });
  if (!parsed.ok) {
    const onAmount = parsed.error === orderMessages.payment.refundAmountInvalid;
    return { ok: false, errors: onAmount ? { amount: parsed.error } : { trxId: parsed.error } };
  }
  if (parsed.input.amount > order.refund_due)
    return { ok: false, errors: { amount: orderMessages.ledger.refundTooLarge } };
  return parsed;
}
