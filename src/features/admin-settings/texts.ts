// The admin Settings tab's texts: the seller's order mail, the shop's payment accounts.
export const adminSettingsTexts = {
  title: 'অর্ডারের ই-মেইল',
  intro: 'প্রতিটি নতুন অর্ডারের খবর ই-মেইলে পান: পণ্য, পরিমাণ, মোট দাম, গ্রাহকের নাম, মোবাইল নম্বর ও ঠিকানাসহ।',
  enabled: 'প্রতিটি নতুন অর্ডারে ই-মেইল পাঠান',
  email: 'যে ঠিকানায় ই-মেইল যাবে',
  emailPlaceholder: 'যেমন rokshana@example.com',
  emailHint: 'ই-মেইল বন্ধ রাখলে ঠিকানা খালি রাখা যায়।',
  save: 'সেভ করুন',
  saved: 'সেটিংস সেভ হয়েছে।',
  saveError: 'সেটিংস সেভ করা যায়নি। কিছুই বদলায়নি।',
  loadError: 'সেটিংস লোড করা যায়নি।',
  retry: 'আবার চেষ্টা করুন',
  validation: {
    emailRequired: 'ই-মেইল চালু রাখতে একটি ঠিকানা দিন।',
    emailInvalid: 'ই-মেইল ঠিকানাটি সঠিক নয় (যেমন rokshana@example.com)।',
    emailTooLong: 'ই-মেইল ঠিকানা ২৫৪ অক্ষরের বেশি হতে পারবে না।',
  },
  payments: {
    title: 'পেমেন্ট অ্যাকাউন্ট',
    intro:
      'অর্ডার করার সময় গ্রাহক যে পদ্ধতিগুলো দেখবেন, আর বিকাশ বা নগদ (Nagad)-এ কোন নম্বরে টাকা পাঠাবেন। গ্রাহক TrxID দিলে আপনি অ্যাপে মিলিয়ে অর্ডারে “পেমেন্ট মিলেছে” চাপবেন।',
    methods: 'যে পদ্ধতিতে টাকা নেবেন',
    number: (provider: string) => `${provider} নম্বর`,
    numberPlaceholder: 'যেমন ০১৭১১২২৩৩৪৪',
    accountType: (provider: string) => `${provider} অ্যাকাউন্টের ধরন`,
    accountTypeHint: 'পার্সোনাল হলে গ্রাহক “Send Money”, মার্চেন্ট হলে “Payment”, এজেন্ট হলে “Cash Out” করবেন।',
    waitHours: 'পেমেন্টের জন্য কত ঘণ্টা অপেক্ষা',
    waitHoursHint:
      'এই সময়ের মধ্যে বিকাশ বা নগদ (Nagad)-এর TrxID না এলে (বা বাতিল করা TrxID-এর পর নতুন না এলে) অর্ডারটি নিজে থেকে বাতিল হয়ে স্টক ফেরত যাবে।',
    save: 'পেমেন্ট সেটিংস সেভ করুন',
    saved: 'পেমেন্ট সেটিংস সেভ হয়েছে।',
    saveError: 'পেমেন্ট সেটিংস সেভ করা যায়নি। কিছুই বদলায়নি।',
    loadError: 'পেমেন্ট সেটিংস লোড করা যায়নি।',
    validation: {
      numberRequired: (provider: string) => `${provider} চালু রাখতে নম্বর দিন।`,
      noMethod: 'অন্তত একটি পেমেন্ট পদ্ধতি চালু রাখুন।',
      hoursNotNumber: 'ঘণ্টা সংখ্যায় লিখুন।',
      hoursWhole: 'পুরো ঘণ্টা লিখুন (যেমন ২৪)।',
      hoursRange: (min: string, max: string) => `অপেক্ষা ${min} থেকে ${max} ঘণ্টার মধ্যে হতে হবে।`,
    },
  },
} as const;

// Cash orders from real people: the phone code switch and the blocklist (components/cash-order-settings.tsx).
export const cashOrderSettingsTexts = {
  title: 'অর্ডার: আসল গ্রাহক',
  verification: 'প্রথম অর্ডারের আগে মোবাইল নম্বর কোড দিয়ে যাচাই করান',
  verificationHint:
    'চালু থাকলে গ্রাহক প্রথম অর্ডারের আগে (ক্যাশ অন ডেলিভারি, বিকাশ বা নগদ (Nagad)) SMS-এ পাওয়া কোড দিয়ে নম্বর যাচাই করেন (প্রতিটি SMS-এর খরচ আছে)।',
  verificationSaved: 'নম্বর যাচাইয়ের সেটিং সেভ হয়েছে।',
  verificationError: 'সেটিং সেভ করা যায়নি। কিছুই বদলায়নি।',
  blocklistTitle: 'ব্লক করা নম্বর',
  blocklistHint:
    'এই নম্বরগুলো থেকে অর্ডার নেওয়া হয় না; গ্রাহককে বলা হয় “এই মুহূর্তে এই নম্বরে অর্ডার নেওয়া যাচ্ছে না — দোকানে ফোন করুন।”',
  empty: 'কোনো নম্বর ব্লক করা নেই।',
  phone: 'মোবাইল নম্বর',
  phonePlaceholder: 'যেমন ০১৯১২৩৪৫৬৭৮',
  note: 'কারণ (ঐচ্ছিক)',
  notePlaceholder: 'যেমন: তিনবার পার্সেল ফেরত',
  noteTooLong: 'কারণ ২০০ অক্ষরের বেশি হতে পারবে না।',
  add: 'ব্লক করুন',
  remove: 'সরান',
  added: 'নম্বরটি ব্লক করা হয়েছে।',
  removed: 'নম্বরটি ব্লক তালিকা থেকে সরানো হয়েছে।',
  changeError: 'ব্লক তালিকা বদলানো যায়নি। কিছুই বদলায়নি।',
  loadError: 'এই অংশটি লোড করা যায়নি।',
} as const;

// The Settings tab's SMS section (sms-settings.ts): the customer's messages at the order's steps.
export const smsSettingsTexts = {
  title: 'গ্রাহককে SMS',
  intro:
    'অর্ডার নিশ্চিত, ডেলিভারিতে পাঠানো, সরবরাহ ও বাতিল হলে গ্রাহকের নম্বরে একটি ছোট SMS যায় (Twilio এক্সটেনশন দিয়ে)।',
  enabled: 'SMS পাঠানো চালু',
  shopPhone: 'দোকানের মোবাইল নম্বর ({shop_phone})',
  placeholders: (prefix: string) =>
    `প্রতিটি SMS শুরু হয় “${prefix.trim()}” দিয়ে। লেখায় ব্যবহার করা যায়: {order} অর্ডার নম্বর, {total} মোট টাকা, {collect} ডেলিভারিতে কত দেবেন, {shop_phone} দোকানের মোবাইল নম্বর (না থাকলে সেই বাক্যটি বাদ যায়)।`,
  steps: {
    confirmed: 'অর্ডার নিশ্চিত হলে',
    delivering: 'ডেলিভারিতে পাঠালে',
    delivered: 'সরবরাহ হলে',
    cancelled: 'বাতিল হলে',
  },
  segments: (count: string, length: string) =>
    `সবচেয়ে লম্বা অবস্থায় ${length} অক্ষর, ${count}টি SMS (বাংলায় ১টি SMS-এ ৭০ অক্ষর, একাধিক হলে প্রতিটিতে ৬৭; সর্বোচ্চ ২টি)।`,
  tooLong: 'লেখাটি ২টি SMS-এর বেশি হয়ে যাচ্ছে — ছোট করুন।',
  required: 'লেখাটি খালি রাখা যাবে না।',
  phoneInvalid: 'মোবাইল নম্বর ০১ দিয়ে শুরু হওয়া ১১ অঙ্কের হতে হবে।',
  save: 'সেভ করুন',
  saved: 'SMS-এর সেটিংস সেভ হয়েছে।',
  saveError: 'SMS-এর সেটিংস সেভ করা যায়নি। কিছুই বদলায়নি।',
  loadError: 'SMS-এর সেটিংস লোড করা যায়নি।',
} as const;

export const courierSettingsTexts = {
  title: 'কুরিয়ার (স্টেডফাস্ট)',
  loadError: 'কুরিয়ারের অবস্থা জানা যায়নি।',
  keys: 'API key ও secret key:',
  keysSet: 'দেওয়া আছে',
  keysMissing: 'দেওয়া হয়নি',
  badCredentials: 'কুরিয়ার শেষবার এই key দুটি নেয়নি — স্টেডফাস্টের পোর্টাল থেকে key দুটি আবার নিয়ে বসান।',
  credentialsOk: 'শেষবার কুরিয়ার key দুটি নিয়েছে।',
  howToSet:
    'key দুটি নিরাপদে সার্ভারে রাখা হয় (Cloud Functions secrets), ব্রাউজারে বা ডাটাবেসে কখনো নয়; বসানোর নিয়ম docs/courier-steadfast.md-এ।',
} as const;
