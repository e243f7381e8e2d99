import type { OrderStatus } from './order-status';
import type { PaymentMethod } from './payment-method';

/**
 * The fields of an order document without its id and timestamps: what placeOrder writes, what the seed
 * writes, and what the dashboard reads back. One definition, so the three cannot drift apart.
 */
export interface OrderFields {
  product_id: string;
  product_name: string;
  product_price: number;
  quantity: number;
  total_amount: number;
  customer_name: string;
  customer_phone: string;
  /** The signed-in user's e-mail; null for an account without one. */
  customer_email: string | null;
  customer_address: string;
  payment_method: PaymentMethod;
  user_id: string;
  status: OrderStatus;
}

/** The short order number the seller reads out on the phone and the shopper sees: the id's last 8 characters. */
export function shortOrderId(id: string): string {
  return id.slice(-8);
}
