import { parseReviewPaymentInput, shortOrderId, type ReviewPaymentInput } from '@/features/ordering/model';
import { adminOrdersTexts } from '../texts';

const t = adminOrdersTexts.paymentReview;

/** The longest order number the cards show (shortOrderId): anything longer is taken as a full order id. */
const SHORT_ID_LENGTH = 8;

/**
 * The order a claimed TrxID is moved to, from what the seller typed: the number a card shows (found among the
 * orders loaded on the dashboard) or a full order id. Checked as reviewPayment checks it, in the same words.
 */
export function moveTargetOf(
  orderId: string,
  typed: string,
  loaded: readonly { id: string }[],
): { ok: true; input: ReviewPaymentInput } | { ok: false; error: string } {
  const text = typed.trim().replace(/^#/, '');
  if (text === '') return { ok: false, error: t.moveTargetRequired };
  const found =
    loaded.find((order) => order.id === text) ??
    loaded.find((order) => shortOrderId(order.id) === text) ??
    loaded.find((order) => shortOrderId(order.id).toUpperCase() === text.toUpperCase());
  if (!found && text.length <= SHORT_ID_LENGTH) return { ok: false, error: t.moveTargetNotLoaded };
  const parsed = parseReviewPaymentInput({ orderId, decision: 'move', toOrderId: found?.id ?? text });
  return parsed.ok ? parsed : { ok: false, error: parsed.error };
}
