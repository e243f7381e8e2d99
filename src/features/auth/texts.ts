// The login and sign-up page's texts, its validation and the Firebase Auth errors it explains.
export const authTexts = {
  title: 'আপনার অ্যাকাউন্ট',
  subtitle: 'অর্ডার করতে লগইন করুন অথবা সাইন আপ করুন',
  signInTab: 'লগইন',
  signUpTab: 'সাইন আপ',
  email: 'ই-মেইল',
  emailPlaceholder: 'you@example.com',
  password: 'পাসওয়ার্ড',
  signInButton: 'লগইন করুন',
  signUpButton: 'সাইন আপ করুন',
  validation: {
    emailRequired: 'ই-মেইল দিন',
    emailInvalid: 'সঠিক ই-মেইল ঠিকানা দিন',
    passwordRequired: 'পাসওয়ার্ড দিন',
    passwordMin: 'পাসওয়ার্ড কমপক্ষে ৬ অক্ষরের হতে হবে',
  },
  toast: {
    signInSuccess: 'লগইন সফল!',
    signInSuccessText: 'স্বাগতম!',
    signUpSuccess: 'সাইন আপ সফল!',
    verificationSent: (email: string) =>
      `${email} ঠিকানায় একটি যাচাইয়ের লিংক পাঠানো হয়েছে। ই-মেইলটি খুলে লিংকে ক্লিক করে ঠিকানাটি নিশ্চিত করুন।`,
    verificationNotSent: 'যাচাইয়ের ই-মেইল এখন পাঠানো যায়নি। অর্ডার করতে এতে কোনো বাধা নেই।',
    signInError: 'লগইন ত্রুটি',
    signUpError: 'সাইন আপ ত্রুটি',
  },
  errors: {
    invalidCredential: 'ই-মেইল বা পাসওয়ার্ড সঠিক নয়।',
    userNotFound: 'এই ই-মেইলে কোনো অ্যাকাউন্ট নেই।',
    emailInUse: 'এই ই-মেইল দিয়ে আগেই সাইন আপ করা হয়েছে।',
    weakPassword: 'পাসওয়ার্ড খুব দুর্বল — কমপক্ষে ৬ অক্ষর দিন।',
    invalidEmail: 'ই-মেইল ঠিকানাটি সঠিক নয়।',
    tooManyRequests: 'অনেকবার চেষ্টা করা হয়েছে। কিছুক্ষণ পরে আবার চেষ্টা করুন।',
    network: 'ইন্টারনেট সংযোগে সমস্যা। সংযোগ দেখে আবার চেষ্টা করুন।',
    unknown: 'কিছু একটা সমস্যা হয়েছে। আবার চেষ্টা করুন।',
  },
} as const;
