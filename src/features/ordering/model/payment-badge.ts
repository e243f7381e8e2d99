import { toPoisha } from './money';
import { financialStatus, type FinancialStatus } from './order-ledger';
import type { OrderStatus } from './order-status';
import { PAYMENT_STATE_PALETTE, paymentStateLabel, type PaymentState } from './payment';

/** What the payment badge needs of an order, as the dashboard's and `/orders`' readers give it (taka). */
export interface PaymentBadgeOrder {
  status: OrderStatus;
  payment_state: PaymentState;
  total_amount: number;
  paid_amount: number;
  refunded_amount: number;
}

export interface PaymentBadge {
  label: string;
  /** A Chakra colour palette. */
  palette: string;
}

/**
 * The money states that say more than the wallet's: a verified payment is not "paid" once an edit left a
 * balance to collect, or once the order was cancelled with money owed back.
 */
const MONEY_STATE_BADGES: Partial<Record<FinancialStatus, PaymentBadge>> = {
  partially_paid: { label: 'আংশিক পরিশোধিত', palette: 'orange' },
  refund_due: { label: 'টাকা ফেরত বাকি', palette: 'red' },
  refunded: { label: 'টাকা ফেরত দেওয়া হয়েছে', palette: 'purple' },
};

// A malformed stored amount (negative, finer than a poisha) reads as none rather than breaking the card.
function poisha(taka: number): number {
  return Number.isFinite(taka) && taka > 0 ? toPoisha(Math.round(taka * 100) / 100) : 0;
}

/**
 * The one payment badge of an order, on the seller's card and on the customer's `/orders`: the ledger's money
 * state where it differs from the wallet's story (partially paid, refund due, refunded), else the payment state.
 */
export function paymentBadge(order: PaymentBadgeOrder): PaymentBadge {
  const money = financialStatus({
    status: order.status,
    total: poisha(order.total_amount),
    paid: poisha(order.paid_amount),
    refunded: poisha(order.refunded_amount),
  });
  return (
    MONEY_STATE_BADGES[money] ?? {
      label: paymentStateLabel(order.payment_state),
      palette: PAYMENT_STATE_PALETTE[order.payment_state],
    }
  );
}
