// The admin Settings tab's texts: the seller's order mail.
export const adminSettingsTexts = {
  title: 'অর্ডারের ই-মেইল',
  intro: 'প্রতিটি নতুন অর্ডারের খবর ই-মেইলে পান: পণ্য, পরিমাণ, মোট দাম, গ্রাহকের নাম, ফোন ও ঠিকানা সহ।',
  enabled: 'প্রতিটি নতুন অর্ডারে ই-মেইল পাঠান',
  email: 'যে ঠিকানায় ই-মেইল যাবে',
  emailPlaceholder: 'যেমন rokshana@example.com',
  emailHint: 'ই-মেইল বন্ধ রাখলে ঠিকানা খালি রাখা যায়।',
  save: 'সংরক্ষণ করুন',
  saved: 'সেটিংস সংরক্ষণ করা হয়েছে।',
  saveError: 'সেটিংস সংরক্ষণ করা যায়নি। কিছুই বদলায়নি।',
  loadError: 'সেটিংস লোড করা যায়নি।',
  retry: 'আবার চেষ্টা করুন',
  validation: {
    emailRequired: 'ই-মেইল চালু রাখতে একটি ঠিকানা দিন।',
    emailInvalid: 'ই-মেইল ঠিকানাটি সঠিক নয় (যেমন rokshana@example.com)।',
    emailTooLong: 'ই-মেইল ঠিকানা ২৫৪ অক্ষরের বেশি হতে পারবে না।',
  },
} as const;

// Cash orders from real people: the phone code switch and the blocklist (components/cash-order-settings.tsx).
export const cashOrderSettingsTexts = {
  title: 'ক্যাশ অন ডেলিভারি: আসল গ্রাহক',
  verification: 'প্রথম ক্যাশ অর্ডারের আগে মোবাইল নম্বর কোড দিয়ে যাচাই করান',
  verificationHint:
    'চালু থাকলে গ্রাহক প্রথম ক্যাশ অন ডেলিভারি অর্ডারের আগে এসএমএস-এ পাওয়া কোড দিয়ে নম্বর যাচাই করেন (প্রতিটি এসএমএস-এর খরচ আছে)।',
  verificationSaved: 'নম্বর যাচাইয়ের সেটিং সংরক্ষণ করা হয়েছে।',
  verificationError: 'সেটিং সংরক্ষণ করা যায়নি। কিছুই বদলায়নি।',
  blocklistTitle: 'ব্লক করা নম্বর',
  blocklistHint:
    'এই নম্বরগুলো থেকে অর্ডার নেওয়া হয় না; গ্রাহককে বলা হয় "এই মুহূর্তে এই নম্বরে অর্ডার নেওয়া যাচ্ছে না — দোকানে ফোন করুন।"',
  empty: 'কোনো নম্বর ব্লক করা নেই।',
  phone: 'মোবাইল নম্বর',
  phonePlaceholder: '01XXXXXXXXX',
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
