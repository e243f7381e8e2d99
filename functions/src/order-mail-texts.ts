// The Bengali texts of the mail a seller gets for each new order (order-mail.ts): the functions' own, so the
// web app's bundles never carry them.
export const orderMailTexts = {
  subject: (orderNumber: string, productName: string) => `নতুন অর্ডার #${orderNumber}: ${productName}`,
  heading: 'নতুন অর্ডার এসেছে',
  product: 'পণ্য',
  quantity: 'পরিমাণ',
  jars: (count: string) => `${count}টি বয়াম`,
  total: 'মোট',
  payment: 'পেমেন্ট',
  customer: 'গ্রাহক',
  phone: 'ফোন',
  address: 'ঠিকানা',
  customerWrote: 'গ্রাহক যা লিখেছেন (প্রতিটি লাইন “>” দিয়ে শুরু):',
  open: 'ড্যাশবোর্ডে অর্ডারটি দেখুন',
  footer: 'অর্ডারের ই-মেইল বন্ধ করতে বা ঠিকানা বদলাতে ড্যাশবোর্ডের সেটিংস দেখুন।',
} as const;

// The seller's other mail: a jar crossing its low-stock threshold (low-stock.ts) and the evening summary
// (evening-summary.ts). Numbers and money arrive already written in Bengali.
export const lowStockMailTexts = {
  subject: (name: string, stock: string) => `কম স্টক: ${name} — মাত্র ${stock}টি বয়াম বাকি`,
  soldOut: (name: string) => `স্টক শেষ: ${name}`,
  body: (name: string, stock: string, threshold: string) =>
    `${name}-এর স্টক ${stock}টিতে নেমেছে (কম স্টকের সীমা ${threshold}টি)। সময়মতো নতুন বয়াম তৈরি করে স্টক বাড়ান।`,
  again: 'স্টক সীমার ওপরে তোলার পর আবার কমলে আরেকটি ই-মেইল আসবে।',
} as const;

export const eveningMailTexts = {
  today: (day: string, orders: string, revenue: string) => `আজ (${day}) ${orders}টি অর্ডার, বিক্রি ${revenue}।`,
  lastWeek: (day: string, orders: string, revenue: string) =>
    `গত সপ্তাহের এই দিনে (${day}): ${orders}টি অর্ডার, বিক্রি ${revenue}।`,
  // The stats tab's revenue (revenuePoishaOf): money the shop has, so cash the courier still carries is not in it.
  revenueIs:
    'বিক্রি মানে হাতে আসা টাকা: যাচাই হওয়া বিকাশ ও নগদ (Nagad) পেমেন্ট আর সরবরাহ হওয়া অর্ডারের ক্যাশ অন ডেলিভারি। ক্যাশ অন ডেলিভারির যে টাকা এখনো আদায় হয়নি, তা এতে ধরা হয়নি।',
  waiting: (pending: string, toVerify: string) =>
    `অপেক্ষায়: ${pending}টি অমীমাংসিত অর্ডার, ${toVerify}টি পেমেন্ট যাচাই বাকি।`,
  noLowStock: 'কম স্টকের কোনো আচার নেই।',
  lowStock: (jars: string) => `কম স্টক: ${jars}।`,
  soldOutJar: (name: string) => `${name} (শেষ)`,
  lowJar: (name: string, stock: string) => `${name} (${stock}টি)`,
  subject: (day: string, orders: string, revenue: string) =>
    `আজকের হিসাব (${day}): ${orders}টি অর্ডার, বিক্রি ${revenue}`,
} as const;
