import { DEFAULT_PAYMENT_METHOD, type PaymentMethod } from './payment-method';

// The order form's values without its validation (order-form.ts, which needs Yup).

export const MIN_ORDER_QUANTITY = 1;

/** What the customer fills in the order dialog; the same names travel to the placeOrder callable. */
export interface OrderFormValues {
  quantity: number;
  customerName: string;
  customerPhone: string;
  customerAddress: string;
  paymentMethod: PaymentMethod;
}

/** The dialog opens, and resets after a successful order, to these values. */
export const initialOrderFormValues: OrderFormValues = {
  quantity: MIN_ORDER_QUANTITY,
  customerName: '',
  customerPhone: '',
  customerAddress: '',
  paymentMethod: DEFAULT_PAYMENT_METHOD,
};
