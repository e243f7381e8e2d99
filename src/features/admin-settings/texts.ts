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
