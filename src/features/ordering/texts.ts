// The order dialog's texts (the messages of the model and the Cloud Functions are in model/texts.ts).
export const orderingTexts = {
  close: 'বন্ধ করুন',
  dialog: {
    title: 'অর্ডার করুন',
    quantity: 'পরিমাণ',
    name: 'আপনার নাম',
    phone: 'মোবাইল নম্বর',
    phonePlaceholder: 'যেমন ০১৭১২৩৪৫৬৭৮',
    address: 'ডেলিভারি ঠিকানা',
    addressPlaceholder: 'বাসা, রোড, এলাকা, জেলা',
    paymentMethod: 'পেমেন্ট পদ্ধতি',
    total: 'মোট',
    confirm: 'অর্ডার দিন',
    submitting: 'অর্ডার জমা হচ্ছে…',
    limits: (jars: string, openOrders: string) =>
      `একটি অর্ডারে সর্বোচ্চ ${jars}টি বয়াম; একসাথে সর্বোচ্চ ${openOrders}টি চলমান অর্ডার রাখা যায়।`,
  },
  toast: {
    loginRequired: 'লগইন প্রয়োজন',
    loginRequiredText: 'অর্ডার করতে প্রথমে লগইন করুন।',
    loginAction: 'লগইন করুন',
    success: 'অর্ডার সফল!',
    successText: 'আপনার অর্ডারটি সফলভাবে জমা দেওয়া হয়েছে।',
    failure: 'অর্ডার জমা দিতে সমস্যা',
    failureText: 'অর্ডার জমা দিতে সমস্যা হয়েছে।',
  },
} as const;
