import {
  initialPaymentState,
  normalizeTrxId,
  paymentClaimId,
  paymentStateLabel,
  PAYMENT_STATES,
} from './payment';
import { offeredPaymentMethods, readPaymentSettings, DEFAULT_PAYMENT_SETTINGS } from './payment-settings';

describe('an order’s payment', () => {
  it('starts as cash to collect, or as a wallet payment awaited', () => {
    expect(initialPaymentState('cash_on_delivery')).toBe('collect_on_delivery');
    expect(initialPaymentState('bkash')).toBe('awaiting_payment');
    expect(initialPaymentState('nagad')).toBe('awaiting_payment');
  });

  it('has a Bengali label for every state', () => {
    for (const state of PAYMENT_STATES) expect(paymentStateLabel(state)).toMatch(/[\u0980-\u09ff]/);
  });

  it('reads a TrxID forgiving case, spaces and Bengali digits, and refuses another shape', () => {
    expect(normalizeTrxId('bkash', ' 9bh4k2l1xq ')).toBe('9BH4K2L1XQ');
    expect(normalizeTrxId('bkash', '৯BH৪K২L১XQ')).toBe('9BH4K2L1XQ');
    expect(normalizeTrxId('bkash', '9BH4K2L1X')).toBeNull();
    expect(normalizeTrxId('bkash', '9BH4-2L1XQ')).toBeNull();
    expect(paymentClaimId('bkash', '9BH4K2L1XQ')).toBe('bkash-9BH4K2L1XQ');
  });
});

describe('the shop’s payment settings', () => {
  it('offers cash only until a wallet has a number', () => {
    expect(offeredPaymentMethods(DEFAULT_PAYMENT_SETTINGS)).toEqual(['cash_on_delivery']);
    const settings = readPaymentSettings({
      methods: { cash_on_delivery: true, bkash: true, nagad: true },
      bkash: { number: '01712345678', account_type: 'merchant' },
      nagad: { number: 'not a number', account_type: 'agent' },
    });
    expect(offeredPaymentMethods(settings)).toEqual(['cash_on_delivery', 'bkash']);
    expect(settings.bkash.account_type).toBe('merchant');
    expect(settings.payment_wait_hours).toBe(24);
  });

  it('reads fields of the wrong shape as their defaults', () => {
    const settings = readPaymentSettings({ payment_wait_hours: 0.5, phone_verification_required: 'no' });
    expect(settings.payment_wait_hours).toBe(24);
    expect(settings.phone_verification_required).toBe(true);
  });
});
