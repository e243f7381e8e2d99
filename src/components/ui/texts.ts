// The texts of the shared UI pieces (components/ui).
export const uiTexts = {
  loading: 'লোড হচ্ছে…',
  appLoadFailed: 'দোকানের বাকি অংশ লোড হয়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
  retry: 'আবার চেষ্টা করুন',
} as const;
