import * as yup from 'yup';
import {
  MAX_PAYMENT_WAIT_HOURS,
  MIN_PAYMENT_WAIT_HOURS,
  normalizeBangladeshPhone,
  paymentMethodLabel,
  toBengaliDigits,
  type MobilePaymentMethod,
  type PaymentSettings,
  type WalletAccountType,
} from '@/features/ordering/model';
import type { PaymentAccounts } from '../api/payment-settings';
import { adminSettingsTexts } from '../texts';

const t = adminSettingsTexts.payments.validation;

/** The payment accounts section's form: one flat field per control, so each shows its own message. */
export interface PaymentAccountsFormValues {
  cash_on_delivery: boolean;
  bkash: boolean;
  nagad: boolean;
  bkash_number: string;
  bkash_type: WalletAccountType;
  nagad_number: string;
  nagad_type: WalletAccountType;
  /** As typed (a number input gives text). */
  payment_wait_hours: string;
}

export function paymentAccountsFormValues(settings: PaymentSettings): PaymentAccountsFormValues {
  return {
    ...settings.methods,
    bkash_number: settings.bkash.number,
    bkash_type: settings.bkash.account_type,
    nagad_number: settings.nagad.number,
    nagad_type: settings.nagad.account_type,
    payment_wait_hours: String(settings.payment_wait_hours),
  };
}

/** A wallet number: may stay empty while its method is off; typed any way a phone number is written. */
function walletNumber(method: MobilePaymentMethod) {
  // Formik hands an empty field over as undefined.
  return yup
    .string()
    .default('')
    .test('wallet-number', '', function check(value) {
      const on = (this.parent as PaymentAccountsFormValues)[method];
      if (!value?.trim())
        return !on || this.createError({ message: t.numberRequired(paymentMethodLabel(method)) });
      const result = normalizeBangladeshPhone(value);
      return result.ok || this.createError({ message: result.error });
    });
}

const hoursRange = t.hoursRange(
  toBengaliDigits(MIN_PAYMENT_WAIT_HOURS),
  toBengaliDigits(MAX_PAYMENT_WAIT_HOURS),
);

export const paymentAccountsSchema = yup.object({
  // The shop must take money somehow: the message stands under the methods (the cash switch's path).
  cash_on_delivery: yup
    .boolean()
    .defined()
    .test('some-method', t.noMethod, function check(value) {
      const { bkash, nagad } = this.parent as PaymentAccountsFormValues;
      return Boolean(value || bkash || nagad);
    }),
  bkash: yup.boolean().defined(),
  nagad: yup.boolean().defined(),
  bkash_number: walletNumber('bkash'),
  bkash_type: yup.mixed<WalletAccountType>().defined(),
  nagad_number: walletNumber('nagad'),
  nagad_type: yup.mixed<WalletAccountType>().defined(),
  payment_wait_hours: yup
    .string()
    .default('')
    .test('hours', '', function check(value) {
      const hours = Number(value?.trim() ? value : Number.NaN);
      if (Number.isNaN(hours)) return this.createError({ message: t.hoursNotNumber });
      if (!Number.isInteger(hours)) return this.createError({ message: t.hoursWhole });
      if (hours < MIN_PAYMENT_WAIT_HOURS || hours > MAX_PAYMENT_WAIT_HOURS)
        return this.createError({ message: hoursRange });
      return true;
    }),
});

/** The form's values as stored: numbers normalised to 01XXXXXXXXX (or ''), hours a whole number. */
export function toPaymentAccounts(values: PaymentAccountsFormValues): PaymentAccounts {
  const wallet = (method: MobilePaymentMethod) => {
    const result = normalizeBangladeshPhone(values[`${method}_number`]);
    return { number: result.ok ? result.phone : '', account_type: values[`${method}_type`] };
  };
  return {
    methods: { cash_on_delivery: values.cash_on_delivery, bkash: values.bkash, nagad: values.nagad },
    bkash: wallet('bkash'),
    nagad: wallet('nagad'),
    payment_wait_hours: Number(values.payment_wait_hours),
  };
}
