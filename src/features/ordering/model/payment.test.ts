import {
  amountToCollect,
  initialPaymentState,
  mayMovePayment,
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

  it('lets the customer give a TrxID and the seller check it, and nobody else move it', () => {
    expect(mayMovePayment('customer', 'awaiting_payment', 'claimed')).toBe(true);
    expect(mayMovePayment('customer', 'rejected', 'claimed')).toBe(true);
    expect(mayMovePayment('customer', 'claimed', 'verified')).toBe(false);
    expect(mayMovePayment('seller', 'claimed', 'verified')).toBe(true);
    expect(mayMovePayment('seller', 'claimed', 'rejected')).toBe(true);
    expect(mayMovePayment('seller', 'awaiting_payment', 'verified')).toBe(false);
    expect(mayMovePayment('seller', 'collect_on_delivery', 'verified')).toBe(false);
  });

  it('has the courier collect the whole total unless the payment was verified', () => {
    expect(amountToCollect({ total_amount: 250, payment_state: 'collect_on_delivery' })).toBe(250);
    expect(amountToCollect({ total_amount: 250, payment_state: 'claimed' })).toBe(250);
    expect(amountToCollect({ total_amount: 250, payment_state: 'verified' })).toBe(0);
    expect(amountToCollect({ total_amount: 250 })).toBe(250);
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
