import { DEFAULT_PAYMENT_METHOD, type PaymentMethod } from './payment-method';

// The order form's values without its validation (order-form.ts, which needs Yup): what the storefront's entry
// needs for the order dialog it draws before the app's code has loaded (components/early-order-dialog.ts).

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

/** An order form filled in the early dialog, before the app's code had loaded. */
export interface OrderDraft {
  values: OrderFormValues;
  /** The shopper tapped "confirm": the app's dialog confirms it once it takes over (and validates it then). */
  confirmed: boolean;
  /** The field that had the focus and its selection (the caret), for the app's dialog to give them back. */
  focus: { field: keyof OrderFormValues; selection: [start: number, end: number] | null } | null;
}

/**
 * The order dialog the page drew before the app ran, still on screen: the app's dialog opens with its draft and
 * removes it in the same frame.
 */
export interface EarlyOrderDialog {
  /** The form as the shopper left it; null while the dialog is not drawn yet. */
  draft(): OrderDraft | null;
  remove(): void;
}
