import type { JarLook } from './jar-image';

/** A product of the demo shop as the seller would enter it, plus how its jar picture looks. */
export interface CatalogProduct {
  /** Stable key, used for the picture's seed and to find the product in tests. */
  key: string;
  name: string;
  description: string;
  price: number;
  original_price: number | null;
  category: string;
  stock_quantity: number;
  is_active: boolean;
  /** How many days ago the seller added it (the storefront lists newest first). */
  addedDaysAgo: number;
  look: JarLook;
}

export const DEMO_CATALOG: readonly CatalogProduct[] = [
  {
    key: 'mango',
    name: 'আমের আচার',
    description: 'রাজশাহীর কাঁচা আম, খাঁটি সরিষার তেল আর পাঁচফোড়নে রোদে শুকিয়ে তৈরি টক-ঝাল-মিষ্টি আচার।',
    price: 250,
    original_price: 300,
    category: 'ফলের আচার',
    stock_quantity: 40,
    is_active: true,
    addedDaysAgo: 2,
    look: { fruit: '#e8a317', accent: '#f6d365', cloth: '#c0392b' },
  },
  {
    key: 'olive',
    name: 'জলপাইয়ের আচার',
    description: 'সিলেটের টাটকা জলপাই, গুড় আর শুকনো মরিচে মাখানো — ভাত বা খিচুড়ির সাথে অতুলনীয়।',
    price: 220,
    original_price: null,
    category: 'ফলের আচার',
    stock_quantity: 35,
    is_active: true,
    addedDaysAgo: 5,
    look: { fruit: '#6b8e23', accent: '#a4c639', cloth: '#1e6f5c' },
  },
  {
    key: 'tamarind',
    name: 'তেঁতুলের আচার',
    description: 'পাকা তেঁতুল, খেজুরের গুড় আর ভাজা জিরার গুঁড়ায় তৈরি টক-মিষ্টি আচার।',
    price: 200,
    original_price: 240,
    category: 'টক-মিষ্টি আচার',
    stock_quantity: 25,
    is_active: true,
    addedDaysAgo: 8,
    look: { fruit: '#6f3b1f', accent: '#a0522d', cloth: '#d35400' },
  },
  {
    key: 'garlic',
    name: 'রসুনের আচার',
    description: 'আস্ত রসুনের কোয়া সরিষার তেল, ভিনেগার আর কালোজিরায় ডুবিয়ে মাসখানেক ধরে জারানো।',
    price: 280,
    original_price: null,
    category: 'মসলাদার আচার',
    stock_quantity: 30,
    is_active: true,
    addedDaysAgo: 11,
    look: { fruit: '#e9d8a6', accent: '#fff3d6', cloth: '#8e44ad' },
  },
  {
    key: 'chilli',
    name: 'মরিচের আচার',
    description: 'কাঁচা ও শুকনো মরিচ, রসুন আর লেবুর রসে তৈরি ঝাল আচার — ঝাল-প্রেমীদের জন্য।',
    price: 180,
    original_price: null,
    category: 'ঝাল আচার',
    stock_quantity: 50,
    is_active: true,
    addedDaysAgo: 14,
    look: { fruit: '#c0261b', accent: '#2e8b3e', cloth: '#f39c12' },
  },
  {
    key: 'mixed',
    name: 'মিক্সড আচার',
    description: 'আম, জলপাই, লেবু, গাজর আর মরিচ — এক বয়ামে পাঁচ রকম স্বাদ, ঘরোয়া মসলায়।',
    price: 300,
    original_price: 350,
    category: 'মিশ্র আচার',
    stock_quantity: 20,
    is_active: true,
    addedDaysAgo: 17,
    look: { fruit: '#b5651d', accent: '#f4d03f', cloth: '#27ae60' },
  },
  {
    key: 'jujube',
    name: 'বরইয়ের আচার',
    description: 'শীতের কুল বরই, গুড় আর শুকনো মরিচে মাখানো টক-মিষ্টি আচার। এই মৌসুমের সব বয়াম বিক্রি হয়ে গেছে।',
    price: 190,
    original_price: null,
    category: 'টক-মিষ্টি আচার',
    stock_quantity: 0,
    is_active: true,
    addedDaysAgo: 20,
    look: { fruit: '#a0522d', accent: '#d2691e', cloth: '#c0392b' },
  },
  {
    key: 'elephant-apple',
    name: 'চালতার আচার',
    description: 'টাটকা চালতা কুচি, পাঁচফোড়ন আর চিনিতে জ্বাল দেওয়া — পুরান ঢাকার রেসিপি।',
    price: 215.5,
    original_price: null,
    category: 'ফলের আচার',
    stock_quantity: 15,
    is_active: true,
    addedDaysAgo: 23,
    look: { fruit: '#9acd32', accent: '#d4e157', cloth: '#2980b9' },
  },
  {
    key: 'lemon',
    name: 'লেবুর আচার',
    description: 'কাগজি লেবু লবণ আর হলুদে রোদে জারানো, তারপর সরিষার তেলে মসলা মাখানো।',
    price: 160,
    original_price: 190,
    category: 'টক আচার',
    stock_quantity: 45,
    is_active: true,
    addedDaysAgo: 26,
    look: { fruit: '#f4d03f', accent: '#fff59d', cloth: '#16a085' },
  },
  {
    key: 'jackfruit',
    name: 'কাঁঠালের আচার',
    description: 'কচি এঁচোড় কাঁঠালের ঝাল আচার। মৌসুমি পণ্য — আবার আসবে বৈশাখে।',
    price: 320,
    original_price: null,
    category: 'ফলের আচার',
    stock_quantity: 10,
    is_active: false,
    addedDaysAgo: 29,
    look: { fruit: '#d4a017', accent: '#8b5a2b', cloth: '#7f8c8d' },
  },
];
