// The texts of the header and footer every page shows (the login link is shared with /orders: i18n/texts.ts).
export const layoutTexts = {
  error: 'ত্রুটি',
  signOutError: 'লগআউট করতে সমস্যা হয়েছে।',
  nav: {
    home: 'হোম',
    products: 'সব আচার',
    about: 'আমাদের সম্পর্কে',
    contact: 'যোগাযোগ',
    admin: 'অ্যাডমিন',
    myOrders: 'আমার অর্ডার',
    menu: 'মেনু',
  },
  header: {
    search: 'আচার খুঁজুন',
    searchPlaceholder: 'আচারের নাম লিখুন…',
    cartCount: (count: string) => `চলমান অর্ডার: ${count}টি`,
    logout: 'লগআউট',
  },
  footer: {
    aboutTitle: 'আমাদের সম্পর্কে',
    aboutText:
      'কেরানীগঞ্জের একটি ছোট পারিবারিক উদ্যোগ। দাদি-নানির রেসিপিতে ঘরে বানানো আচার আমরা পৌঁছে দিই আপনার দোরগোড়ায়।',
    quickLinks: 'গুরুত্বপূর্ণ লিংক',
    pickleTypes: 'আচারের ধরন',
    types: ['আমের আচার', 'জলপাইয়ের আচার', 'তেঁতুলের আচার', 'রসুনের আচার', 'বরইয়ের আচার', 'মিশ্র আচার'],
    contactTitle: 'যোগাযোগ',
    proprietor: 'স্বত্বাধিকারী',
    phone: 'ফোন',
    email: 'ই-মেইল',
    website: 'ওয়েবসাইট',
    social: 'ফেসবুক',
    copyright: (shop: string) => `© ২০২৪ ${shop}। সর্বস্বত্ব সংরক্ষিত।`,
  },
} as const;
