// The storefront catalog's texts: the hero, the product grid and cards, why choose us.
export const catalogTexts = {
  hero: {
    tagline: 'কেরানীগঞ্জের ঘরোয়া স্বাদ',
    headline: 'ঘরে তৈরি খাঁটি আচার, মায়ের হাতের স্বাদে',
    text: 'বাছাই করা ফল, খাঁটি সরিষার তেল আর দেশি মসলায় তৈরি — কোনো কৃত্রিম রং বা প্রিজারভেটিভ নেই।',
    buyNow: 'এখনই কিনুন',
    seeAll: 'সব আচার দেখুন',
  },
  products: {
    title: 'আমাদের আচার',
    subtitle: 'প্রতিটি বয়ামে যত্ন আর ঐতিহ্যের স্বাদ',
    seeAll: 'সব আচার দেখুন',
    empty: 'কোনো আচার পাওয়া যায়নি',
    noMatch: (term: string) => `“${term}” নামে কোনো আচার পাওয়া যায়নি`,
    loadError: 'পণ্য লোড করতে সমস্যা',
    loadErrorHint: 'ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
  },
  card: {
    discount: 'ছাড়',
    rating: '৪.৫',
    ratingLabel: '৫-এর মধ্যে ৪.৫ রেটিং',
    reviews: '(৫০ রিভিউ)',
    weight: '৫০০ গ্রাম',
    freeDelivery: 'ফ্রি ডেলিভারি',
    cashOnDelivery: 'ক্যাশ অন ডেলিভারি',
    order: 'অর্ডার করুন',
    noImage: 'ছবি নেই',
    originalPrice: 'আগের দাম',
  },
  /** The order form's line naming the jar ordered (model/order-subject.ts). */
  orderSubject: {
    unitPrice: 'প্রতি বয়ামের দাম',
    inStock: (count: string) => `স্টকে আছে ${count}টি`,
  },
  page: {
    inStock: 'স্টকে আছে',
    outOfStock: 'স্টক শেষ',
    backToShop: 'সব আচার দেখুন',
    /** The page's <title> and link preview: the name and its price, then the shop. */
    title: (name: string, price: string, shop: string) => `${name} — ${price} | ${shop}`,
    description: (price: string, text: string | null) =>
      `দাম ${price}। ${text ?? 'ঘরে তৈরি খাঁটি আচার।'} ক্যাশ অন ডেলিভারি, ঢাকায় ২৪ ঘণ্টায় ডেলিভারি।`,
  },
  why: {
    title: 'কেন আমাদের বেছে নেবেন?',
    natural: { title: '১০০% প্রাকৃতিক', text: 'কোনো কৃত্রিম রং, ফ্লেভার বা প্রিজারভেটিভ ছাড়া তৈরি।' },
    healthy: { title: 'স্বাস্থ্যকর', text: 'খাঁটি সরিষার তেল আর দেশি মসলায় স্বাস্থ্যসম্মত উপায়ে তৈরি।' },
    fastDelivery: { title: 'দ্রুত ডেলিভারি', text: 'ঢাকায় ২৪ ঘণ্টায়, অন্যান্য জেলায় ৪৮ ঘণ্টায় ডেলিভারি।' },
    guarantee: { title: 'মানের নিশ্চয়তা', text: 'সন্তুষ্ট না হলে সম্পূর্ণ টাকা ফেরত।' },
  },
} as const;
