// The texts of the admin page's frame: the access check and the dashboard around the feature tabs.
export const adminTexts = {
  access: {
    checking: 'অ্যাডমিন অনুমতি যাচাই করা হচ্ছে…',
    deniedTitle: 'অ্যাক্সেস অস্বীকার',
    deniedText: 'অ্যাক্সেস অস্বীকার – এই পাতাটি দেখতে আপনার অ্যাডমিন অনুমতি প্রয়োজন।',
    contactAdmin: 'অনুমতির জন্য সিস্টেম অ্যাডমিনিস্ট্রেটরের সাথে যোগাযোগ করুন।',
    checkErrorTitle: 'যাচাইকরণ ত্রুটি',
    checkErrorText: 'আপনার অ্যাডমিন অনুমতি যাচাই করা যায়নি।',
    backHome: 'হোমে ফিরে যান',
    login: 'লগইন করুন',
  },
  dashboard: {
    title: 'অ্যাডমিন ড্যাশবোর্ড',
    subtitle: 'অর্ডার, পণ্য, গ্রাহক ও বিক্রির হিসাব এক জায়গায়',
    tabs: {
      orders: 'অর্ডার',
      products: 'পণ্য',
      stats: 'পরিসংখ্যান',
      customers: 'গ্রাহক',
      settings: 'সেটিংস',
    },
  },
} as const;
