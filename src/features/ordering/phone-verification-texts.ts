// Apart from texts.ts, whose dialog texts the storefront's entry carries before the first paint: these load only
// with the verification step.
// The phone code before a first cash order (components/phone-verification.tsx).
export const phoneVerificationTexts = {
  title: 'মোবাইল নম্বর যাচাই',
  intro: (phone: string) =>
    `অর্ডারের আগে একবার ${phone} নম্বরটি যাচাই করুন: এই নম্বরে একটি ৬ অঙ্কের কোড যাবে। পরের অর্ডারে আর লাগবে না।`,
  send: 'কোড পাঠান',
  sending: 'কোড পাঠানো হচ্ছে…',
  codeLabel: 'SMS-এ পাওয়া ৬ অঙ্কের কোড',
  codeSent: (phone: string) => `${phone} নম্বরে কোড পাঠানো হয়েছে।`,
  confirm: 'কোড যাচাই করে অর্ডার দিন',
  confirming: 'যাচাই হচ্ছে…',
  resend: 'নতুন কোড পাঠান',
  cancel: 'ফিরে যান',
  verified: 'নম্বর যাচাই হয়েছে।',
  limits: (ordersPerDay: string, minutes: string, cancellations: string) =>
    `একই অ্যাকাউন্ট বা নম্বর থেকে দিনে সর্বোচ্চ ${ordersPerDay}টি অর্ডার, দুটি অর্ডারের মাঝে অন্তত ${minutes} মিনিট; দিনে ${cancellations}টি বাতিলের পর সেদিন আর অর্ডার নেওয়া হয় না।`,
  localHint:
    'লোকাল শপ: কোনো SMS যায় না — কোডটি এমুলেটর কনসোলের Authentication পাতায় এবং Auth এমুলেটরের লগে দেখুন।',
  errors: {
    codeFormat: 'কোডটি ৬ অঙ্কের — SMS-এ যেমন এসেছে তেমন লিখুন।',
    wrongCode: 'কোডটি সঠিক নয় — আবার দেখে লিখুন।',
    tooManyTries: 'অনেকবার ভুল কোড দেওয়া হয়েছে — নতুন কোড পাঠিয়ে আবার চেষ্টা করুন।',
    tooManyRequests: 'এই মুহূর্তে অনেকবার চেষ্টা হয়েছে — কিছুক্ষণ পরে আবার চেষ্টা করুন।',
    expired: 'কোডের মেয়াদ শেষ — নতুন কোড পাঠান।',
    linkedElsewhere:
      'এই নম্বরটি অন্য একটি অ্যাকাউন্টে যাচাই করা আছে — সেই অ্যাকাউন্টে লগইন করে অর্ডার দিন, অথবা অন্য নম্বর ব্যবহার করুন।',
    invalidNumber: 'এই নম্বরে কোড পাঠানো যাচ্ছে না — নম্বরটি দেখে নিন।',
    signInRequired: 'নম্বর যাচাই করতে প্রথমে লগইন করুন।',
    failed: 'কোড পাঠানো বা যাচাই করা যায়নি — ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
  },
} as const;
