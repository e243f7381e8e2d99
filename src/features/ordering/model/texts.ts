/**
 * The refusals of an order, in the browser's form and in the Cloud Functions alike: phone and order validation,
 * placeOrder's errors, setOrderStatus's and the payment callables' (submitPayment, reviewPayment). Kept in the
 * model so the functions bundle carries only these.
 */
import { orderMoneyTexts } from './money-texts';

// The ledger's undo window (order-ledger.ts' UNDO_MINUTES), in Bengali digits.
export const UNDO_MINUTES_BN = '১০';

export const orderMessages = {
  phone: {
    required: 'মোবাইল নম্বর দিন।',
    invalidCharacters: 'মোবাইল নম্বরে শুধু অঙ্ক, স্পেস, ড্যাশ আর শুরুতে + থাকতে পারে।',
    mustStartWith01: 'মোবাইল নম্বর ০১ দিয়ে শুরু হতে হবে (যেমন ০১৭১২৩৪৫৬৭৮)।',
    wrongLength: 'মোবাইল নম্বরে ১১টি অঙ্ক থাকতে হবে (যেমন ০১৭১২৩৪৫৬৭৮)।',
    invalidOperator: 'মোবাইল নম্বরের তৃতীয় অঙ্ক ৩ থেকে ৯-এর মধ্যে হতে হবে।',
  },
  validation: {
    quantityRequired: 'পরিমাণ দিন।',
    quantityNotNumber: 'পরিমাণ সংখ্যায় লিখুন।',
    quantityNotInteger: 'পরিমাণ পূর্ণসংখ্যায় লিখুন।',
    quantityMin: 'কমপক্ষে ১টি বয়াম নিতে হবে।',
    quantityAboveStock: (stockInBengaliDigits: string) => `স্টকে মাত্র ${stockInBengaliDigits}টি আছে।`,
    quantityAboveLimit: (limitInBengaliDigits: string) =>
      `একটি অর্ডারে সর্বোচ্চ ${limitInBengaliDigits}টি বয়াম নেওয়া যায়।`,
    outOfStock: 'এই আচারটি এখন স্টকে নেই।',
    nameRequired: 'আপনার নাম দিন।',
    nameTooLong: 'নাম ১০০ অক্ষরের বেশি হতে পারবে না।',
    addressRequired: 'ডেলিভারির ঠিকানা দিন।',
    addressTooLong: 'ঠিকানা ৫০০ অক্ষরের বেশি হতে পারবে না।',
    // What customer-text.ts refuses in a name or an address (docs/clean-text.md).
    nameLineBreak: 'নাম এক লাইনে লিখুন — নামে লাইন ভাঙা থাকতে পারবে না।',
    nameControl: 'নামে ট্যাব বা অন্য কোনো নিয়ন্ত্রণ-অক্ষর থাকতে পারবে না — নামটি আবার টাইপ করুন।',
    nameBidi:
      'নামে লেখার দিক উল্টে দেওয়ার অদৃশ্য চিহ্ন (যেমন U+202E) আছে — অন্য জায়গা থেকে কপি না করে নামটি নিজে টাইপ করুন।',
    nameMarkPile: 'নামে একটি অক্ষরের ওপর অনেকগুলো কার-ফলা চিহ্ন জমে আছে — নামটি আবার টাইপ করুন।',
    nameNoLetter: 'নামে অন্তত একটি অক্ষর থাকতে হবে।',
    addressTooManyLines: (maxInBengaliDigits: string) => `ঠিকানা সর্বোচ্চ ${maxInBengaliDigits} লাইনে লিখুন।`,
    addressControl: 'ঠিকানায় ট্যাব বা অন্য কোনো নিয়ন্ত্রণ-অক্ষর থাকতে পারবে না — শুধু নতুন লাইন চলবে।',
    addressBidi:
      'ঠিকানায় লেখার দিক উল্টে দেওয়ার অদৃশ্য চিহ্ন (যেমন U+202E) আছে — অন্য জায়গা থেকে কপি না করে ঠিকানাটি নিজে টাইপ করুন।',
    addressMarkPile: 'ঠিকানায় একটি অক্ষরের ওপর অনেকগুলো কার-ফলা চিহ্ন জমে আছে — ঠিকানাটি আবার টাইপ করুন।',
    addressNoLetter: 'ঠিকানায় অন্তত একটি অক্ষর থাকতে হবে।',
    paymentMethodInvalid: 'পেমেন্ট পদ্ধতি ক্যাশ অন ডেলিভারি, বিকাশ অথবা নগদ (Nagad) হতে হবে।',
    productRequired: 'কোন আচার অর্ডার করছেন তা জানা যায়নি।',
    invalidRequest: 'অর্ডারের তথ্য সঠিক নয়।',
  },
  errors: {
    signInRequired: 'অর্ডার করতে প্রথমে লগইন করুন।',
    productNotFound: 'আচারটি খুঁজে পাওয়া যায়নি।',
    productInactive: 'এই আচারটি এখন বিক্রি হচ্ছে না।',
    notEnoughStock: 'স্টকে যথেষ্ট বয়াম নেই।',
    tooBusy: 'এই মুহূর্তে অনেকে একসাথে অর্ডার করছেন — একটু পরে আবার চেষ্টা করুন।',
    requestExpired: 'এই অর্ডারের অনুরোধটি অনেক পুরোনো — দয়া করে আবার অর্ডার করুন।',
    productUnsellable: 'এই আচারের দাম বা স্টক ঠিকভাবে দেওয়া নেই, তাই এখন অর্ডার নেওয়া যাচ্ছে না।',
    tooManyOpenOrders: (limitInBengaliDigits: string) =>
      `আপনার ${limitInBengaliDigits}টি অর্ডার এখনো চলমান — সেগুলো সরবরাহ বা বাতিল হওয়ার পর নতুন অর্ডার করুন।`,
  },
  // The cash-order guard's refusals (functions/src/order-guard.ts), with the numbers of order-limits.ts.
  guard: {
    phoneNotVerified:
      'অর্ডারের আগে এই মোবাইল নম্বরটি কোড দিয়ে যাচাই করুন — অর্ডার ফর্মে যে নম্বর দিয়েছেন, সেটিই যাচাই করা থাকতে হবে।',
    unavailable: 'এই মুহূর্তে এই নম্বরে অর্ডার নেওয়া যাচ্ছে না — দোকানে ফোন করুন।',
    tooManyOrdersToday: (limitInBengaliDigits: string) =>
      `একদিনে সর্বোচ্চ ${limitInBengaliDigits}টি অর্ডার করা যায় (একই অ্যাকাউন্ট বা একই মোবাইল নম্বর থেকে) — আগামীকাল আবার অর্ডার করুন।`,
    tooSoon: (minutesInBengaliDigits: string) =>
      `দুটি অর্ডারের মাঝে অন্তত ${minutesInBengaliDigits} মিনিট অপেক্ষা করুন, তারপর আবার চেষ্টা করুন।`,
    tooManyCancellations: (limitInBengaliDigits: string) =>
      `আজ ${limitInBengaliDigits}টি অর্ডার বাতিল হয়েছে, তাই আজ আর নতুন অর্ডার নেওয়া যাচ্ছে না — আগামীকাল আবার চেষ্টা করুন।`,
  },
  payment: {
    invalidRequest: 'পেমেন্টের তথ্য সঠিক নয়।',
    signInRequired: 'পেমেন্টের তথ্য দিতে প্রথমে লগইন করুন।',
    trxIdRequired: 'ট্রানজেকশন আইডি দিন।',
    trxIdWrongFormat: {
      bkash:
        'বিকাশের ট্রানজেকশন আইডি ১০ অক্ষরের — শুধু ইংরেজি অক্ষর ও অঙ্ক (যেমন 8N7A6D5EE7)। বিকাশের মেসেজ থেকে আবার দেখে লিখুন।',
      nagad:
        'নগদ (Nagad)-এর ট্রানজেকশন আইডি ৮ অক্ষরের — শুধু ইংরেজি অক্ষর ও অঙ্ক (যেমন 71B4XK9Q)। নগদ (Nagad)-এর মেসেজ থেকে আবার দেখে লিখুন।',
    },
    trxIdTooLong: 'ট্রানজেকশন আইডি এত লম্বা হয় না — মেসেজ থেকে শুধু আইডিটি লিখুন।',
    payerPrefix: 'যে নম্বর থেকে টাকা পাঠিয়েছেন: ',
    notForCash: 'ক্যাশ অন ডেলিভারি অর্ডারে ট্রানজেকশন আইডি লাগে না — টাকা আচার হাতে পেয়ে দেবেন।',
    methodNotOffered: 'এই পেমেন্ট পদ্ধতি এখন নেওয়া হচ্ছে না — অন্য একটি পদ্ধতি বেছে নিন।',
    trxIdUsedElsewhere:
      'এই ট্রানজেকশন আইডি আগেই অন্য একটি অর্ডারে ব্যবহার হয়েছে। আপনার এই অর্ডারের জন্য পাঠানো টাকার আইডিটি দিন।',
    orderNotFound: 'অর্ডারটি খুঁজে পাওয়া যায়নি।',
    alreadyClaimed:
      'এই অর্ডারের একটি ট্রানজেকশন আইডি যাচাইয়ের অপেক্ষায় আছে — বিক্রেতা যাচাই করলে এখানে দেখা যাবে।',
    alreadyVerified: 'এই অর্ডারের পেমেন্ট ইতোমধ্যে যাচাই হয়ে গেছে।',
    orderClosed: 'বাতিল, ফেরত আসা বা সরবরাহ হয়ে যাওয়া অর্ডারে পেমেন্টের তথ্য দেওয়া যায় না।',
    reviewSignInRequired: 'পেমেন্ট যাচাই করতে প্রথমে লগইন করুন।',
    reviewNotAllowed: 'পেমেন্ট যাচাই করার অনুমতি শুধু বিক্রেতার।',
    nothingToReview: 'এই অর্ডারে যাচাই করার মতো কোনো ট্রানজেকশন আইডি নেই।',
    rejectReasonRequired: 'পেমেন্ট না মেলার কারণ লিখুন — গ্রাহক তা দেখবেন।',
    rejectReasonTooLong: 'কারণ ২০০ অক্ষরের বেশি হতে পারবে না।',
    moveTargetInvalid: 'যে অর্ডারে ট্রানজেকশন আইডিটি সরাতে চান, তার নম্বর সঠিক নয়।',
    moveTargetNotFound: 'যে অর্ডারে ট্রানজেকশন আইডিটি সরাতে চান, সেটি খুঁজে পাওয়া যায়নি।',
    moveTargetOtherMethod:
      'ট্রানজেকশন আইডিটি শুধু একই পদ্ধতির অর্ডারে সরানো যায়: বিকাশের আইডি বিকাশ অর্ডারে, নগদ (Nagad)-এর আইডি নগদ (Nagad) অর্ডারে।',
    refundAmountInvalid: 'ফেরতের পরিমাণ টাকায় লিখুন (যেমন ২৫০ বা ২৫০.৫০)।',
    refundTrxIdRequired: 'যে বিকাশ বা নগদ (Nagad) লেনদেনে টাকা ফেরত পাঠিয়েছেন, তার ট্রানজেকশন আইডি দিন।',
    refundTrxIdWrongFormat:
      'ট্রানজেকশন আইডি বিকাশে ১০ অক্ষরের, নগদ (Nagad)-এ ৮ অক্ষরের — শুধু ইংরেজি অক্ষর ও অঙ্ক। মেসেজ থেকে আবার দেখে লিখুন।',
    refundNotAllowed: 'টাকা ফেরতের হিসাব শুধু বিক্রেতা রাখতে পারেন।',
  },
  statusChange: {
    invalidRequest: 'অর্ডার বা স্ট্যাটাস সঠিক নয়।',
    signInRequired: 'অর্ডারের স্ট্যাটাস বদলাতে প্রথমে লগইন করুন।',
    orderNotFound: 'অর্ডারটি খুঁজে পাওয়া যায়নি।',
    productGone: 'এই আচারটি আর দোকানে নেই, তাই বাতিল অর্ডারটি আবার চালু করা যাবে না।',
    notEnoughStock: (stockInBengaliDigits: string) =>
      `বাতিল অর্ডারটি আবার চালু করতে যথেষ্ট স্টক নেই (স্টকে আছে ${stockInBengaliDigits}টি)।`,
    stockCapped: (droppedInBengaliDigits: string, maxInBengaliDigits: string) =>
      `স্টকে সর্বোচ্চ ${maxInBengaliDigits}টি বয়াম রাখা যায়, তাই ফেরত আসা ${droppedInBengaliDigits}টি বয়াম স্টকে যোগ হয়নি — স্টক মিলিয়ে দেখুন।`,
  },
  // What the customer hands the courier, said alike on /orders and in the status SMS.
  money: orderMoneyTexts,
  // The order ledger's refusals (order-ledger.ts), one per LedgerRefusal, for whoever tried the move.
  ledger: {
    notAllowed: 'এই অর্ডারে এই কাজটি করার অনুমতি আপনার নেই।',
    courierNeedsPacked: 'শুধু প্রস্তুত (প্যাক করা) অর্ডার কুরিয়ারে বুক করা যায়।',
    courierOnlyDelivers: 'কুরিয়ার শুধু ডেলিভারিতে থাকা পার্সেল সরবরাহ করতে পারে।',
    customerCanOnlyCancelPending:
      'শুধু অমীমাংসিত অর্ডার বাতিল করা যায় — বিক্রেতা নিশ্চিত করার পর বাতিল করতে দোকানে ফোন করুন।',
    deliveredIsFinal: `সরবরাহ হয়ে যাওয়া অর্ডারের স্ট্যাটাস আর বদলানো যায় না — ভুল করে চাপলে ${UNDO_MINUTES_BN} মিনিটের মধ্যে “আগের অবস্থায় ফেরান” চাপুন।`,
    returnOnlyWhileDelivering: 'শুধু ডেলিভারিতে থাকা অর্ডারকেই “ফেরত” করা যায়।',
    returnedOnlyResent: 'ফেরত আসা অর্ডার শুধু আবার ডেলিভারিতে পাঠানো যায়।',
    cancelledOnlyReopened:
      'বাতিল অর্ডার আগে আবার চালু করুন (অমীমাংসিত, নিশ্চিত, প্রস্তুত বা ডেলিভারিতে) — সরাসরি সরবরাহ বা ফেরত করা যায় না।',
    notDue: 'এই অর্ডারের পেমেন্টের সময় এখনো শেষ হয়নি।',
    notForCash: 'ক্যাশ অন ডেলিভারি অর্ডারে ট্রানজেকশন আইডি লাগে না — টাকা আচার হাতে পেয়ে দেবেন।',
    claimNotOpen: 'বাতিল, ফেরত আসা বা সরবরাহ হয়ে যাওয়া অর্ডারে পেমেন্টের তথ্য দেওয়া যায় না।',
    alreadyClaimed:
      'এই অর্ডারের একটি ট্রানজেকশন আইডি যাচাইয়ের অপেক্ষায় আছে — বিক্রেতা যাচাই করলে এখানে দেখা যাবে।',
    alreadyVerified: 'এই অর্ডারের পেমেন্ট ইতোমধ্যে যাচাই হয়ে গেছে।',
    nothingToReview: 'এই অর্ডারে যাচাই করার মতো কোনো ট্রানজেকশন আইডি নেই।',
    notEditable: 'ডেলিভারিতে পাঠানো, সরবরাহ হওয়া, বাতিল বা ফেরত আসা অর্ডার বদলানো যায় না।',
    customerEditOnlyPending: 'বিক্রেতা অর্ডারটি নিশ্চিত করেছেন, তাই এখন আর বদলানো যায় না — দোকানে ফোন করুন।',
    badQuantity: 'পরিমাণ কমপক্ষে ১টি বয়াম, পূর্ণসংখ্যায়।',
    noRefundDue: 'এই অর্ডারে গ্রাহককে ফেরত দেওয়ার মতো কোনো টাকা বাকি নেই।',
    refundTooLarge: 'ফেরতের পরিমাণ ১ টাকা থেকে বাকি ফেরতের মধ্যে হতে হবে।',
    nothingToUndo: `ফেরানোর মতো কোনো পরিবর্তন নেই — শুধু শেষ স্ট্যাটাস বদল ${UNDO_MINUTES_BN} মিনিটের মধ্যে ফেরানো যায়।`,
    undoTooLate: `শেষ স্ট্যাটাস বদলের পর ${UNDO_MINUTES_BN} মিনিট পেরিয়ে গেছে, তাই আর ফেরানো যাবে না।`,
  },
  // editOrder's refusals (functions/src/edit-order.ts): the seller before dispatch, the customer while pending.
  edit: {
    invalidRequest: 'অর্ডারের পরিবর্তনের তথ্য সঠিক নয়।',
    nothingToChange: 'কী বদলাতে চান তা লিখুন।',
    signInRequired: 'অর্ডার বদলাতে প্রথমে লগইন করুন।',
    orderNotFound: 'অর্ডারটি খুঁজে পাওয়া যায়নি।',
    customerFieldsOnly: 'আপনি শুধু ঠিকানা ও মোবাইল নম্বর বদলাতে পারেন — পরিমাণ বা নাম বদলাতে দোকানে ফোন করুন।',
    notEnoughStock: (stockInBengaliDigits: string) =>
      `পরিমাণ বাড়ানোর মতো স্টক নেই (স্টকে আর আছে ${stockInBengaliDigits}টি)।`,
    productGone: 'এই আচারটি আর দোকানে নেই, তাই পরিমাণ বদলানো যাবে না।',
  },
} as const;
