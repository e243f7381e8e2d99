import { defineTexts } from '../../i18n/texts';

export const authTexts = defineTexts({
  title: { bn: 'ব্যবহারকারী (Authentication)', en: 'Users (Authentication)' },
  emailPlaceholder: { bn: 'ই-মেইল', en: 'E-mail' },
  emailLabel: { bn: 'নতুন ব্যবহারকারীর ই-মেইল', en: "New user's e-mail" },
  passwordPlaceholder: { bn: 'পাসওয়ার্ড', en: 'Password' },
  passwordLabel: { bn: 'নতুন ব্যবহারকারীর পাসওয়ার্ড', en: "New user's password" },
  add: { bn: 'ব্যবহারকারী যোগ করুন', en: 'Add user' },
  notEmail: {
    bn: (text: string) => `“${text}” কোনো ই-মেইল ঠিকানা নয়। কিছুই বদলানো হয়নি।`,
    en: (text: string) => `"${text}" is not an e-mail address. Nothing was changed.`,
  },
  shortPassword: {
    bn: 'পাসওয়ার্ডে অন্তত ৬টি অক্ষর লাগবে। কিছুই বদলানো হয়নি।',
    en: 'A password needs at least 6 characters. Nothing was changed.',
  },
  newPassword: {
    bn: (who: string) => `${who} এর নতুন পাসওয়ার্ড (৬ বা তার বেশি অক্ষর):`,
    en: (who: string) => `New password for ${who} (6 characters or more):`,
  },
  email: { bn: 'ই-মেইল', en: 'E-mail' },
  uid: { bn: 'uid', en: 'uid' },
  verified: { bn: 'যাচাইকৃত', en: 'Verified' },
  created: { bn: 'তৈরি', en: 'Created' },
  lastSignIn: { bn: 'শেষ লগইন', en: 'Last sign-in' },
  role: { bn: 'ভূমিকা', en: 'Role' },
  noRole: { bn: '—', en: '—' },
  noEmail: { bn: '(ই-মেইল নেই)', en: '(no e-mail)' },
  markVerified: { bn: 'যাচাইকৃত করুন', en: 'Mark verified' },
  pendingVerification: { bn: 'যাচাইয়ের লিংক (পাঠানো)', en: 'Verification link (sent)' },
  setPassword: { bn: 'পাসওয়ার্ড দিন', en: 'Set password' },
  confirmDelete: {
    bn: (who: string) => `${who} ব্যবহারকারীকে মুছবেন?`,
    en: (who: string) => `Delete the user ${who}?`,
  },
  noUsers: { bn: 'কোনো ব্যবহারকারী নেই।', en: 'No users.' },
  phoneCodes: {
    bn: 'মোবাইল নম্বর যাচাইয়ের কোড (SMS যায় না)',
    en: 'Phone verification codes (no SMS is sent)',
  },
  phoneCodesHint: {
    bn: 'দোকানের অর্ডার ফর্মে গ্রাহক যে কোড লিখবেন: নম্বর যাচাই হলে কোডটি তালিকা থেকে চলে যায়।',
    en: 'The code a customer types in the shop’s order form; it leaves the list once the number is verified.',
  },
  phoneNumber: { bn: 'মোবাইল নম্বর', en: 'Phone number' },
  code: { bn: 'কোড', en: 'Code' },
  noPhoneCodes: { bn: 'কোনো কোড অপেক্ষায় নেই।', en: 'No code waiting.' },
});
