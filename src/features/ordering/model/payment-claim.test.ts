import { describe, expect, it } from 'vitest';
import {
  optionalPaymentClaimErrors,
  paymentClaimErrors,
  paymentClaimOf,
  trxIdExample,
  trxIdLength,
} from './payment-claim';
import { paymentInstructionSteps } from './payment-instructions';
import { orderMessages } from './texts';

describe('a TrxID and payer number given by the customer', () => {
  it('reads the length of each provider from its one pattern, with an example of that length', () => {
    expect(trxIdLength('bkash')).toBe(10);
    expect(trxIdLength('nagad')).toBe(8);
    expect(trxIdExample('nagad')).toHaveLength(8);
    expect(paymentClaimErrors('bkash', { trxId: trxIdExample('bkash'), payer: '01812345678' })).toEqual({});
  });

  it("puts each of the server's refusals on its own field", () => {
    expect(paymentClaimErrors('nagad', { trxId: 'BK7Q2M9XA4', payer: '01812345678' })).toEqual({
      trxId: orderMessages.payment.trxIdWrongFormat.nagad,
    });
    expect(paymentClaimErrors('bkash', { trxId: 'BK7Q2M9XA4', payer: '' })).toEqual({
      payer: orderMessages.payment.payerPrefix + orderMessages.phone.required,
    });
  });

  it('lets the order dialog leave both empty (pay later), but not the number alone', () => {
    expect(optionalPaymentClaimErrors('bkash', { trxId: '', payer: '' })).toEqual({});
    expect(optionalPaymentClaimErrors('bkash', { trxId: '', payer: '01812345678' })).toEqual({
      trxId: orderMessages.payment.trxIdRequired,
    });
    expect(paymentClaimOf('bkash', { trxId: ' bk7q2m9xa৪ ', payer: '+880 1812-345678' })).toEqual({
      trxId: 'BK7Q2M9XA4',
      payer: '01812345678',
    });
    expect(paymentClaimOf('bkash', { trxId: '', payer: '' })).toBeNull();
  });
});

describe('paymentInstructionSteps', () => {
  const amount = { shown: '৳৭০০', typed: '700' };
  it('names the app words of each kind of account and the reference to write', () => {
    const personal = paymentInstructionSteps({
      method: 'bkash',
      account: { number: '01811223344', account_type: 'personal' },
      amount,
      reference: { kind: 'order', number: 'AB12CD34' },
    });
    expect(personal.join('\n')).toContain('“Send Money”');
    expect(personal).toContain('রেফারেন্সে লিখুন অর্ডার নম্বর: AB12CD34');
    const merchant = paymentInstructionSteps({
      method: 'nagad',
      account: { number: '01911223344', account_type: 'merchant' },
      amount: null,
      reference: { kind: 'phone', phone: null },
    });
    expect(merchant.join('\n')).toContain('“Payment”');
    expect(merchant.join('\n')).not.toContain('টাকার পরিমাণ');
    expect(merchant).toContain('রেফারেন্সে লিখুন আপনার মোবাইল নম্বর (ওপরে যেটি দিয়েছেন)।');
    const agent = paymentInstructionSteps({
      method: 'bkash',
      account: { number: '01811223344', account_type: 'agent' },
      amount,
      reference: { kind: 'phone', phone: '01712345678' },
    });
    expect(agent.join('\n')).toContain('“Cash Out”');
    // Cash Out has no reference at all, and its charge is the sender's (the shop must receive the amount).
    expect(agent.join('\n')).not.toContain('রেফারেন্স');
    expect(agent).toContain(
      'ক্যাশ আউটের চার্জ আপনি দেবেন: তা আপনার অ্যাকাউন্ট থেকে আলাদা কাটা হয়, দোকানে পুরো পরিমাণটাই পৌঁছায়।',
    );
  });
});
