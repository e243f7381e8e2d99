import { isMobilePaymentMethod } from '@/features/ordering/model';
import type { AdminOrder } from './admin-order';

export type ClaimedOrder = Pick<AdminOrder, 'payment_method' | 'payment_state' | 'payment_updated_at'>;

const HOUR_MS = 60 * 60 * 1000;

/**
 * When a bKash/Nagad claim the seller has not checked starts to count as overdue: the shop's payment wait
 * (`payment_wait_hours`) after the TrxID was given. Null for any other order, and for a claim whose time is
 * unknown. The dashboard only flags it: the money may really have been sent, so nothing expires a claim.
 */
export function claimOverdueAt(order: ClaimedOrder, waitHours: number): number | null {
  if (!isMobilePaymentMethod(order.payment_method) || order.payment_state !== 'claimed') return null;
  if (!order.payment_updated_at) return null;
  return order.payment_updated_at.getTime() + waitHours * HOUR_MS;
}

/** Whether the claim has waited for the seller's check longer than the shop's payment wait, at `now`. */
export function isClaimOverdue(order: ClaimedOrder, waitHours: number, now: number): boolean {
  const at = claimOverdueAt(order, waitHours);
  return at !== null && now > at;
}
