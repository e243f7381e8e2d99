import { NORMALIZED_PHONE_PATTERN } from './phone';
import { PAYMENT_METHODS, type PaymentMethod } from './payment-method';
import type { MobilePaymentMethod } from './payment';

/**
 * The shop's payment accounts and the rules of its orders: one document, `settings/payments`, that the dashboard's
 * Settings tab writes (admins only), the order dialog reads (anyone: the numbers are what a customer pays to) and
 * the Cloud Functions read in placeOrder and the unpaid-order expiry. Pure: bundled into the functions.
 */
export const PAYMENT_SETTINGS_PATH = { collection: 'settings', id: 'payments' } as const;

/** A personal wallet takes "Send Money", a merchant one "Payment", an agent one "Cash Out". */
export const WALLET_ACCOUNT_TYPES = ['personal', 'agent', 'merchant'] as const;
export type WalletAccountType = (typeof WALLET_ACCOUNT_TYPES)[number];

export interface WalletAccount {
  /** 01XXXXXXXXX, or '' while none is set (the method is then not offered). */
  number: string;
  account_type: WalletAccountType;
}

export interface PaymentSettings {
  /** Which methods the order dialog offers; a wallet is offered only with a number. */
  methods: Record<PaymentMethod, boolean>;
  bkash: WalletAccount;
  nagad: WalletAccount;
  /** How long an unpaid bKash/Nagad order waits before the scheduler cancels it. */
  payment_wait_hours: number;
  /** Whether a customer verifies a phone number by a one-time code before their first cash order. */
  phone_verification_required: boolean;
}

export const MIN_PAYMENT_WAIT_HOURS = 1;
export const MAX_PAYMENT_WAIT_HOURS = 168;

export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  methods: { cash_on_delivery: true, bkash: false, nagad: false },
  bkash: { number: '', account_type: 'personal' },
  nagad: { number: '', account_type: 'personal' },
  payment_wait_hours: 24,
  phone_verification_required: true,
};

function readWallet(value: unknown): WalletAccount {
  const raw = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const number =
    typeof raw.number === 'string' && NORMALIZED_PHONE_PATTERN.test(raw.number) ? raw.number : '';
  const type = (WALLET_ACCOUNT_TYPES as readonly unknown[]).includes(raw.account_type)
    ? (raw.account_type as WalletAccountType)
    : 'personal';
  return { number, account_type: type };
}

/** The stored document (or none) as settings; a field of the wrong shape reads as its default. */
export function readPaymentSettings(data: Record<string, unknown> | undefined): PaymentSettings {
  if (!data) return DEFAULT_PAYMENT_SETTINGS;
  const methods = (typeof data.methods === 'object' && data.methods !== null ? data.methods : {}) as Record<
    string,
    unknown
  >;
  const hours = data.payment_wait_hours;
  return {
    methods: Object.fromEntries(
      PAYMENT_METHODS.map((method) => [
        method,
        typeof methods[method] === 'boolean' ? methods[method] : DEFAULT_PAYMENT_SETTINGS.methods[method],
      ]),
    ) as Record<PaymentMethod, boolean>,
    bkash: readWallet(data.bkash),
    nagad: readWallet(data.nagad),
    payment_wait_hours:
      typeof hours === 'number' &&
      Number.isInteger(hours) &&
      hours >= MIN_PAYMENT_WAIT_HOURS &&
      hours <= MAX_PAYMENT_WAIT_HOURS
        ? hours
        : DEFAULT_PAYMENT_SETTINGS.payment_wait_hours,
    phone_verification_required:
      typeof data.phone_verification_required === 'boolean'
        ? data.phone_verification_required
        : DEFAULT_PAYMENT_SETTINGS.phone_verification_required,
  };
}

/** The methods a customer may choose now: switched on, and for a wallet, with a number to pay to. */
export function offeredPaymentMethods(settings: PaymentSettings): PaymentMethod[] {
  return PAYMENT_METHODS.filter(
    (method) =>
      settings.methods[method] &&
      (method === 'cash_on_delivery' || settings[method as MobilePaymentMethod].number !== ''),
  );
}
