/**
 * Every Bengali string the UI shows, in one place. Sections are owned by the feature that shows them.
 * Texts quoted in SPEC.md are kept letter for letter.
 */
export const bn = {
  common: {},
  storefront: {},
  auth: {},
  ordering: {
    status: {
      pending: 'অমীমাংসিত',
      confirmed: 'নিশ্চিত',
      preparing: 'প্রস্তুত',
      delivering: 'ডেলিভারি',
      delivered: 'সরবরাহ',
      cancelled: 'বাতিল',
    },
    paymentMethod: {
      cash_on_delivery: 'ক্যাশ অন ডেলিভারি',
      bkash: 'বিকাশ',
      nagad: 'নগদ',
    },
    phone: {
      required: 'ফোন নম্বর দিন।',
      invalidCharacters: 'ফোন নম্বরে শুধু সংখ্যা, স্পেস, ড্যাশ এবং শুরুতে + থাকতে পারে।',
      mustStartWith01: 'ফোন নম্বর ০১ দিয়ে শুরু হতে হবে (যেমন ০১৭১২৩৪৫৬৭৮)।',
      wrongLength: 'ফোন নম্বরে ১১টি সংখ্যা থাকতে হবে (যেমন ০১৭১২৩৪৫৬৭৮)।',
      invalidOperator: 'ফোন নম্বরের তৃতীয় সংখ্যা ৩ থেকে ৯-এর মধ্যে হতে হবে।',
    },
    validation: {
      quantityRequired: 'পরিমাণ দিন।',
      quantityNotNumber: 'পরিমাণ একটি সংখ্যা হতে হবে।',
      quantityNotInteger: 'পরিমাণ পূর্ণসংখ্যা হতে হবে।',
      quantityMin: 'কমপক্ষে ১টি অর্ডার করতে হবে।',
      quantityAboveStock: (stockInBengaliDigits: string) => `স্টকে মাত্র ${stockInBengaliDigits}টি আছে।`,
      outOfStock: 'পণ্যটি এখন স্টকে নেই।',
      nameRequired: 'আপনার নাম দিন।',
      nameTooLong: 'নাম ১০০ অক্ষরের বেশি হতে পারবে না।',
      addressRequired: 'ডেলিভারির ঠিকানা দিন।',
      addressTooLong: 'ঠিকানা ৫০০ অক্ষরের বেশি হতে পারবে না।',
      paymentMethodInvalid: 'পেমেন্ট পদ্ধতি ক্যাশ অন ডেলিভারি, বিকাশ অথবা নগদ হতে হবে।',
      productRequired: 'কোন পণ্য অর্ডার করছেন তা জানা যায়নি।',
      invalidRequest: 'অর্ডারের তথ্য সঠিক নয়।',
    },
    errors: {
      signInRequired: 'অর্ডার করতে প্রথমে লগইন করুন।',
      productNotFound: 'পণ্যটি খুঁজে পাওয়া যায়নি।',
      productInactive: 'পণ্যটি এখন বিক্রি হচ্ছে না।',
      notEnoughStock: 'স্টকে পর্যাপ্ত পণ্য নেই।',
      adminOnly: 'এই তথ্য দেখতে অ্যাডমিন অনুমতি প্রয়োজন।',
    },
  },
  admin: {
    stats: {
      recommendations: {
        manyPending: 'অনেক অর্ডার অমীমাংসিত অবস্থায় আছে — দ্রুত নিশ্চিত করুন।',
        strongGrowth: 'চমৎকার! গত সপ্তাহের তুলনায় অর্ডার ২০%-এর বেশি বেড়েছে।',
        decline: 'গত সপ্তাহের তুলনায় অর্ডার ১০%-এর বেশি কমেছে — প্রচারণার কথা ভাবুন।',
        firstOrder: 'এখনও কোনো অর্ডার আসেনি — প্রথম অর্ডারের অপেক্ষায়!',
      },
    },
  },
} as const;
