import {
  amountToCollect,
  displayLine,
  displayMultiline,
  isOrderStatus,
  paymentMethodLabel,
  shortOrderId,
  type OrderStatus,
} from '@/features/ordering/model';
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
   * The amount the courier collects: the whole total unless the payment was verified by the seller (a bKash or
   * Nagad TrxID given but not yet checked is no money: the courier still collects); null once verified.
   */
  collectOnDelivery: number | null;
  /** The verified payment's TrxID, printed with "পরিশোধিত"; null while there is something to collect. */
  paidTrxId: string | null;
}

export function packingSlip(order: AdminOrder): PackingSlip {
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
    collectOnDelivery: order.payment_state === 'verified' ? null : amountToCollect(order),
    paidTrxId: order.payment_state === 'verified' ? (order.payment_trxid ?? '') : null,
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
