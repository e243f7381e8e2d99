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
  /** Each wallet's own name for its transaction id, as its SMS and app write it (docs/payments.md). */
  trxIdName: { bkash: 'TrxID', nagad: 'TxnID' },
  /** Where the money goes, with the ending a Bengali reader expects: বিকাশে, and -এ after Nagad's Latin name. */
  heading: { bkash: 'বিকাশে যেভাবে টাকা পাঠাবেন', nagad: 'নগদ (Nagad)-এ যেভাবে টাকা পাঠাবেন' },
  step: {
    open: (provider: string, ussd: string, action: string) =>
      `${provider} অ্যাপ খুলুন (বা ${ussd} ডায়াল করুন) আর ${action} বেছে নিন।`,
    number: (number: string, type: string) => `নম্বর: ${number} (${type} অ্যাকাউন্ট)`,
    amount: (amount: string) => `টাকার পরিমাণ: ঠিক ${amount}`,
    referencePhone: (phone: string) => `রেফারেন্সে লিখুন আপনার মোবাইল নম্বর: ${phone}`,
    referencePhonePending: 'রেফারেন্সে লিখুন আপনার মোবাইল নম্বর (ওপরে যেটি দিয়েছেন)।',
    referenceOrder: (number: string) => `রেফারেন্সে লিখুন অর্ডার নম্বর: ${number}`,
    // A Cash Out has no reference field at all; its charge is taken from the sender, on top of the amount.
    cashOutCharge:
      'ক্যাশ আউটের চার্জ আপনি দেবেন: তা আপনার অ্যাকাউন্ট থেকে আলাদা কাটা হয়, দোকানে পুরো পরিমাণটাই পৌঁছায়।',
    // Only a Payment dialled on the USSD menu asks for a counter: the seller's one counter is ১.
    counter: (ussd: string) => `${ussd} ডায়াল করে পেমেন্ট করলে “কাউন্টার নম্বর” চাইবে: ১ লিখুন।`,
    // The wallets ask for the PIN last, after the number, the amount and the reference.
    pin: (provider: string) => `শেষে আপনার ${provider} পিন দিয়ে টাকা পাঠানো নিশ্চিত করুন।`,
    trxId: (provider: string, name: string) =>
      `টাকা পাঠালে ${provider} একটি ট্রানজেকশন আইডি (${name}) দেবে, SMS-এও আসে: সেটি আর যে নম্বর থেকে পাঠিয়েছেন তা নিচে লিখুন।`,
  },
  /** Why the reference is the phone in the dialog: the order number exists only once the order is placed. */
  later: (hours: string) =>
    `এখন না পাঠালে অর্ডার করে পরে “আমার অর্ডার” থেকে TrxID দিন। ${hours} ঘণ্টার মধ্যে TrxID না দিলে অর্ডারটি নিজে থেকে বাতিল হবে।`,
  trxIdLabel: (name: string) => `ট্রানজেকশন আইডি (${name})`,
  trxIdPlaceholder: (example: string) => `যেমন ${example}`,
  payerLabel: 'যে নম্বর থেকে টাকা পাঠিয়েছেন',
  payerPlaceholder: 'যেমন ০১৮১২৩৪৫৬৭৮',
} as const;
