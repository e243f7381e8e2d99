// What a customer reads and is told about paying by bKash or Nagad: the steps in the order dialog and on "আমার
// অর্ডার", and the refusals of a TrxID or payer number (the same words whether the form or the server refuses).
export const paymentTexts = {
  /** The wallet app's own words for the three kinds of account (the app shows them in English). */
  action: {
    personal: '“Send Money” (সেন্ড মানি)',
    merchant: '“Payment” (পেমেন্ট)',
    agent: '“Cash Out” (ক্যাশ আউট)',
  },
  accountType: {
    personal: 'পার্সোনাল',
    merchant: 'মার্চেন্ট',
    agent: 'এজেন্ট',
  },
  /** The provider's own menu on a phone without the app (dialled code). */
  ussd: { bkash: '*247#', nagad: '*167#' },
  heading: (provider: string) => `${provider}-এ যেভাবে টাকা পাঠাবেন`,
  step: {
    open: (provider: string, ussd: string, action: string) =>
      `${provider} অ্যাপ খুলুন (বা ${ussd} ডায়াল করুন), বেছে নিন ${action}।`,
    number: (number: string, type: string) => `নম্বর: ${number} (${type} অ্যাকাউন্ট)`,
    amount: (amount: string) => `টাকার পরিমাণ: ঠিক ${amount}`,
    referencePhone: (phone: string) => `রেফারেন্সে লিখুন আপনার মোবাইল নম্বর: ${phone}`,
    referencePhonePending: 'রেফারেন্সে লিখুন আপনার মোবাইল নম্বর (ওপরে যেটি দিয়েছেন)।',
    referenceOrder: (number: string) => `রেফারেন্সে লিখুন অর্ডার নম্বর: ${number}`,
    // A Cash Out has no reference field at all; its charge is taken from the sender, on top of the amount.
    cashOutCharge:
      'ক্যাশ আউটের চার্জ আপনি দেবেন: তা আপনার অ্যাকাউন্ট থেকে আলাদা কাটা হয়, দোকানে পুরো পরিমাণটাই পৌঁছায়।',
    trxId: (provider: string) =>
      `টাকা পাঠালে ${provider} একটি ট্রানজেকশন আইডি (TrxID) দেবে, SMS-এও আসে: সেটি আর যে নম্বর থেকে পাঠিয়েছেন তা নিচে লিখুন।`,
  },
  /** Why the reference is the phone in the dialog: the order number exists only once the order is placed. */
  later: (hours: string) =>
    `এখন না পাঠালে অর্ডার করে পরে “আমার অর্ডার” থেকে TrxID দিন। ${hours} ঘণ্টার মধ্যে TrxID না দিলে অর্ডারটি নিজে থেকে বাতিল হবে।`,
  trxIdLabel: 'ট্রানজেকশন আইডি (TrxID)',
  trxIdPlaceholder: (example: string) => `যেমন ${example}`,
  payerLabel: 'যে নম্বর থেকে টাকা পাঠিয়েছেন',
  payerPlaceholder: 'যেমন ০১৮১২৩৪৫৬৭৮',
} as const;
