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
  customerWrote: 'গ্রাহক যা লিখেছেন (প্রতিটি লাইন ">" দিয়ে শুরু):',
  open: 'ড্যাশবোর্ডে অর্ডারটি দেখুন',
  footer: 'অর্ডারের ই-মেইল বন্ধ করতে বা ঠিকানা বদলাতে ড্যাশবোর্ডের সেটিংস দেখুন।',
} as const;
