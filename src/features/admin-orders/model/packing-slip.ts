import {
  displayLine,
  displayMultiline,
  isMobilePaymentMethod,
  isOrderStatus,
  paymentMethodLabel,
  shortOrderId,
  type OrderStatus,
} from '@/features/ordering/model';
import { adminOrdersTexts } from '../texts';
import type { AdminOrder } from './admin-order';

/** What one packing slip prints for an order, decided once so the page and its tests agree. */
export interface PackingSlip {
  orderId: string;
  /** The order number as the seller reads it on the phone and in the dashboard's search. */
  orderNumber: string;
  createdAt: Date | null;
  customerName: string;
  customerPhone: string;
  /** The address's lines, LF-apart: each printed on its own line inside the address's field. */
  customerAddress: string;
  productName: string;
  quantity: number;
  unitPrice: number;
  total: number;
  paymentLabel: string;
  /**
   * A bKash/Nagad payment the seller has not verified ("বিকাশ (যাচাই হয়নি)"), printed beside what to collect: a
   * TrxID given but not yet checked is no money. null for cash and for a verified payment.
   */
  unverifiedPayment: string | null;
  /**
   * The amount the courier collects (the order ledger's `toCollect`): the whole total until a payment came in,
   * the balance an edit after payment left; null when there is nothing to collect.
   */
  collectOnDelivery: number | null;
  /** What came in already (less what went back): with something to collect, it makes that a balance. */
  paidBefore: number;
  /** With nothing to collect on a paid order: its TrxID ('' for none), printed with "পরিশোধিত"; else null. */
  paidTrxId: string | null;
  /** The courier's tracking code once the parcel is booked (printed for the rider and the seller); else null. */
  trackingCode: string | null;
}

export function packingSlip(order: AdminOrder): PackingSlip {
  const paidNet = Math.max(0, order.paid_amount - order.refunded_amount);
  return {
    orderId: order.id,
    orderNumber: shortOrderId(order.id),
    createdAt: order.created_at,
    // Read as display text again, so a slip made from any AdminOrder prints no control or direction character.
    customerName: displayLine(order.customer_name),
    customerPhone: displayLine(order.customer_phone),
    customerAddress: displayMultiline(order.customer_address),
    productName: displayLine(order.product_name),
    quantity: order.quantity,
    unitPrice: order.product_price,
    total: order.total_amount,
    paymentLabel: order.payment_method ? paymentMethodLabel(order.payment_method) : '—',
    unverifiedPayment:
      isMobilePaymentMethod(order.payment_method) && order.payment_state !== 'verified'
        ? adminOrdersTexts.slips.unverified[order.payment_method]
        : null,
    collectOnDelivery: order.to_collect > 0 ? order.to_collect : null,
    paidBefore: paidNet,
    paidTrxId: order.to_collect > 0 || paidNet <= 0 ? null : (order.payment_trxid ?? ''),
    trackingCode: order.courier_tracking_code,
  };
}

/** The paper the slips are printed on: A4 sheets with several slips and cut lines, or an 80 mm receipt roll. */
export const SLIP_PAPERS = ['a4', 'receipt80'] as const;
export type SlipPaper = (typeof SLIP_PAPERS)[number];

export function isSlipPaper(value: unknown): value is SlipPaper {
  return typeof value === 'string' && (SLIP_PAPERS as readonly string[]).includes(value);
}

/** Which slips a print page shows, read from its address: one order, or every order of one status. */
export type SlipRequest =
  { kind: 'order'; orderId: string } | { kind: 'status'; status: OrderStatus } | { kind: 'invalid' };

const ORDER_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** From the address's `order` and `status` parameters (null when absent). */
export function slipRequest(orderId: string | null, status: string | null): SlipRequest {
  if (orderId !== null) return ORDER_ID.test(orderId) ? { kind: 'order', orderId } : { kind: 'invalid' };
  return isOrderStatus(status) ? { kind: 'status', status } : { kind: 'invalid' };
}

/** The print page's address for one order's slip, or for every order of a status. */
export function slipsHref(request: { orderId: string } | { status: OrderStatus }, paper?: SlipPaper): string {
  const params = new URLSearchParams(
    'orderId' in request ? { order: request.orderId } : { status: request.status },
  );
  if (paper) params.set('paper', paper);
  return `/admin/slips?${params}`;
}

/** The most slips one status prints: a day's parcels are tens; the newest first beyond that. */
export const MAX_SLIPS_PER_PRINT = 200;
