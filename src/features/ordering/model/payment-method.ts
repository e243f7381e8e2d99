import { sharedTexts } from '../../../i18n/texts';

export const PAYMENT_METHODS = ['cash_on_delivery', 'bkash', 'nagad'] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'cash_on_delivery';

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

export function paymentMethodLabel(method: PaymentMethod): string {
  return sharedTexts.paymentMethod[method];
}
