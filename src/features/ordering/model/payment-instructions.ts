import { toBengaliDigits } from './digits';
import { paymentMethodLabel } from './payment-method';
import type { MobilePaymentMethod } from './payment';
import type { WalletAccount } from './payment-settings';
import { paymentTexts as t } from './payment-texts';

/**
 * What to write in the payment's reference. In the order dialog the order has no number yet (the server gives
 * it once placed), so the customer writes the mobile number they order with, which the seller sees on the card;
 * once placed ("আমার অর্ডার") the order number. A Cash Out to an agent has no reference field at all.
 */
export type PaymentReference = { kind: 'phone'; phone: string | null } | { kind: 'order'; number: string };

export interface PaymentInstructionsInput {
  method: MobilePaymentMethod;
  account: WalletAccount;
  /** The exact amount, already formatted for reading (e.g. "৳৭০০"), and as the wallet app takes it. */
  amount: { shown: string; typed: string } | null;
  reference: PaymentReference;
}

/** The steps of one wallet payment, in Bengali, in the order the wallet app asks for them: the PIN last. */
export function paymentInstructionSteps({
  method,
  account,
  amount,
  reference,
}: PaymentInstructionsInput): string[] {
  const provider = paymentMethodLabel(method);
  const steps = [
    t.step.open(provider, t.ussd[method], t.action[account.account_type]),
    t.step.number(account.number, t.accountType[account.account_type]),
  ];
  if (amount) steps.push(t.step.amount(`${amount.shown} (${amount.typed})`));
  if (account.account_type === 'agent') steps.push(t.step.cashOutCharge);
  else if (reference.kind === 'order') steps.push(t.step.referenceOrder(reference.number));
  else steps.push(reference.phone ? t.step.referencePhone(reference.phone) : t.step.referencePhonePending);
  if (account.account_type === 'merchant') steps.push(t.step.counter(t.ussd[method]));
  steps.push(t.step.pin(provider), t.step.trxId(provider, t.trxIdName[method]));
  return steps;
}

/** The closing note: the TrxID may follow later, within the shop's wait. */
export function payLaterNote(waitHours: number): string {
  return t.later(toBengaliDigits(waitHours));
}
