import { paymentMethodLabel, shortOrderId, type PaymentMethod } from '@/features/ordering/model';
import type { AdminOrder } from './admin-order';

/** What one packing slip prints for an order, decided once so the page and its tests agree. */
export interface PackingSlip {
  orderId: string;
  /** The order number as the seller reads it on the phone and in the dashboard's search. */
  orderNumber: string;
  createdAt: Date | null;
  customerName: string;
  customerPhone: string;
  customerAddress: string;
  productName: string;
  quantity: number;
  unitPrice: number;
  total: number;
  paymentLabel: string;
  /** The amount the courier collects: the total for cash on delivery; null when paid otherwise (bKash, Nagad). */
  collectOnDelivery: number | null;
}

const COLLECTED_ON_DELIVERY: ReadonlySet<PaymentMethod | null> = new Set<PaymentMethod | null>([
  'cash_on_delivery',
  // An order whose payment method is unknown is treated as cash: the courier asks rather than hands it over free.
  null,
]);

export function packingSlip(order: AdminOrder): PackingSlip {
  return {
    orderId: order.id,
    orderNumber: shortOrderId(order.id),
    createdAt: order.created_at,
    customerName: order.customer_name,
    customerPhone: order.customer_phone,
    customerAddress: order.customer_address,
    productName: order.product_name,
    quantity: order.quantity,
    unitPrice: order.product_price,
    total: order.total_amount,
    paymentLabel: order.payment_method ? paymentMethodLabel(order.payment_method) : '—',
    collectOnDelivery: COLLECTED_ON_DELIVERY.has(order.payment_method) ? order.total_amount : null,
  };
}

/** The paper the slips are printed on: A4 sheets with several slips and cut lines, or an 80 mm receipt roll. */
export const SLIP_PAPERS = ['a4', 'receipt80'] as const;
export type SlipPaper = (typeof SLIP_PAPERS)[number];

export function isSlipPaper(value: unknown): value is SlipPaper {
  return typeof value === 'string' && (SLIP_PAPERS as readonly string[]).includes(value);
}
