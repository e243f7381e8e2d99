/**
 * The texts of the rules playground, the rule coverage page and the request view's payload and replay, each in
 * Bengali and English (i18n/texts.ts). Paths, methods, field names, JSON and the rules engine's own English stay
 * as they are.
 */
import { defineTexts } from '../../i18n/texts';
import { formatCount as num } from '../../lib/format';

export const rulesTexts = defineTexts({
  playground: {
    title: {
      bn: 'রুলস প্লেগ্রাউন্ড: “যদি এই ব্যবহারকারী এটা করে?”',
      en: 'Rules playground: "what if this user does this?"',
    },
    intro: {
      bn: 'এমুলেটর যে রুলস মানছে সেগুলোকেই জিজ্ঞেস করা হয়, এখনকার ডেটার উপর। কিছুই লেখা হয় না, অনুরোধের লগ আর কভারেজেও যোগ হয় না।',
      en: 'The rules the emulator enforces are asked, against the data as it is now. Nothing is written, and nothing is added to the request log or the coverage.',
    },
    user: { bn: 'কে', en: 'Who' },
    signedOut: { bn: 'লগইন ছাড়া', en: 'Signed out' },
    customUser: { bn: 'অন্য uid (নিজে লিখুন)', en: 'Another uid (type it)' },
    uid: { bn: 'uid', en: 'uid' },
    email: { bn: 'ই-মেইল (ঐচ্ছিক)', en: 'E-mail (optional)' },
    claims: { bn: 'কাস্টম ক্লেইম (JSON)', en: 'Custom claims (JSON)' },
    service: { bn: 'সার্ভিস', en: 'Service' },
    method: { bn: 'মেথড', en: 'Method' },
    path: { bn: 'পাথ', en: 'Path' },
    pathHint: {
      bn: 'Firestore: orders/o1 (list হলে কালেকশন: orders; ফিল্টার ছাড়া কোয়েরির মতো বিচার হয়)। Storage: product-images/p1.webp (list হলে ফোল্ডার)।',
      en: 'Firestore: orders/o1 (a collection for list: orders, judged as a query without filters). Storage: product-images/p1.webp (a folder for list).',
    },
    fields: { bn: 'যে ফিল্ডগুলো লেখা হবে (JSON)', en: 'Fields written (JSON)' },
    fieldsHint: {
      bn: 'সাধারণ JSON: পূর্ণসংখ্যা integer, দশমিক double, লেখা string। অন্য ধরনের মান REST-এর মতো লিখুন, যেমন {"timestampValue": "2026-11-24T10:00:00Z"} বা {"referenceValue": "products/p1"}। update হলে এগুলো রাখা ডকুমেন্টের উপর বসে।',
      en: 'Plain JSON: whole numbers are integers, decimals doubles, text strings. Other types as the REST API writes them, e.g. {"timestampValue": "2026-11-24T10:00:00Z"} or {"referenceValue": "products/p1"}. For update they are written over the stored document.',
    },
    size: { bn: 'ফাইলের আকার (বাইট)', en: 'File size (bytes)' },
    contentType: { bn: 'Content-Type', en: 'Content-Type' },
    metadata: { bn: 'কাস্টম মেটাডেটা (JSON)', en: 'Custom metadata (JSON)' },
    ask: { bn: 'রুলসকে জিজ্ঞেস করুন', en: 'Ask the rules' },
    asking: { bn: 'জিজ্ঞেস করা হচ্ছে…', en: 'Asking…' },
    allowed: { bn: 'অনুমোদিত', en: 'Allowed' },
    denied: { bn: 'প্রত্যাখ্যাত', en: 'Denied' },
    verdict: {
      bn: (allowed: boolean, method: string, path: string, line?: number) =>
        `${allowed ? 'অনুমোদিত' : 'প্রত্যাখ্যাত'}: ${method} /${path}` +
        (line ? ` — সিদ্ধান্ত লাইন ${num(line)}` : ''),
      en: (allowed: boolean, method: string, path: string, line?: number) =>
        `${allowed ? 'Allowed' : 'Denied'}: ${method} /${path}` +
        (line ? ` — decided at line ${num(line)}` : ''),
    },
    noRules: {
      bn: 'এই সার্ভিসের কোনো রুলস নেই: অফিসিয়াল এমুলেটরের মতো সব অনুমোদিত।',
      en: 'This service has no rules: everything is allowed, as in the official emulator.',
    },
    badJson: {
      bn: (what: string, reason: string) => `${what}: JSON ঠিক নয় (${reason})। কিছুই জিজ্ঞেস করা হয়নি।`,
      en: (what: string, reason: string) => `${what}: not valid JSON (${reason}). Nothing was asked.`,
    },
    notObject: {
      bn: (what: string) => `${what}: একটি JSON অবজেক্ট ({…}) দিন। কিছুই জিজ্ঞেস করা হয়নি।`,
      en: (what: string) => `${what}: give a JSON object ({…}). Nothing was asked.`,
    },
    badSize: {
      bn: 'ফাইলের আকার একটি শূন্য বা ধনাত্মক পূর্ণসংখ্যা হতে হবে। কিছুই জিজ্ঞেস করা হয়নি।',
      en: 'The file size must be a whole number of bytes, zero or more. Nothing was asked.',
    },
    needUid: { bn: 'একটি uid লিখুন। কিছুই জিজ্ঞেস করা হয়নি।', en: 'Type a uid. Nothing was asked.' },
    resource: { bn: 'resource (এখন যা রাখা আছে)', en: 'resource (what is stored now)' },
    requestResource: { bn: 'request.resource (লেখার পরে যা হবে)', en: 'request.resource (after the write)' },
    none: { bn: 'নেই (null)', en: 'none (null)' },
    replayed: {
      bn: (method: string, path: string) =>
        `লগের অনুরোধ থেকে: ${method} /${path}। ব্যবহারকারী বদলে আবার জিজ্ঞেস করুন।`,
      en: (method: string, path: string) =>
        `From the request log: ${method} /${path}. Pick another user and ask again.`,
    },
  },
  coverage: {
    title: { bn: 'রুল কভারেজ', en: 'Rule coverage' },
    intro: {
      bn: 'চালু হওয়া বা রিসেটের পর থেকে প্রতিটি allow আর তার শর্তের প্রতিটি অংশ কতবার যাচাই হয়েছে, আর কতবার সত্য, মিথ্যা বা ত্রুটি হয়েছে। লাল: একবারও যাচাই হয়নি।',
      en: 'How often each allow and each part of its condition was evaluated since start or reset, and how often it was true, false or an error. Red: never evaluated.',
    },
    service: { bn: 'সার্ভিস', en: 'Service' },
    reset: { bn: 'গণনা শূন্য থেকে শুরু করুন', en: 'Reset the counts' },
    resetDone: { bn: 'গণনা শূন্য করা হয়েছে।', en: 'The counts are back to zero.' },
    refresh: { bn: 'আবার দেখুন', en: 'Refresh' },
    summary: {
      bn: (covered: number, total: number) =>
        `${num(total)}টি allow-এর মধ্যে ${num(covered)}টি অন্তত একবার যাচাই হয়েছে।`,
      en: (covered: number, total: number) =>
        `${num(covered)} of ${num(total)} allow statements evaluated at least once.`,
    },
    counts: {
      bn: (c: { evaluated: number; true: number; false: number; error: number }) =>
        `যাচাই ${num(c.evaluated)} · সত্য ${num(c.true)} · মিথ্যা ${num(c.false)} · ত্রুটি ${num(c.error)}`,
      en: (c: { evaluated: number; true: number; false: number; error: number }) =>
        `evaluated ${num(c.evaluated)} · true ${num(c.true)} · false ${num(c.false)} · error ${num(c.error)}`,
    },
    noRules: {
      bn: 'এই সার্ভিসের রুলস নেই, বা ফাইলটি কম্পাইল হয়নি: কভারেজ গোনার কিছু নেই।',
      en: 'This service has no rules, or its file does not compile: there is nothing to count.',
    },
    report: {
      bn: 'Google-এর মতো HTML রিপোর্ট (Firestore)',
      en: 'HTML report, as Google serves it (Firestore)',
    },
  },
  request: {
    payload: { bn: 'পেলোড: request.resource', en: 'Payload: request.resource' },
    stored: { bn: 'resource.data (অনুরোধের সময় যা রাখা ছিল)', en: 'resource.data (stored at the time)' },
    none: { bn: 'নেই (null)', en: 'none (null)' },
    replay: { bn: 'অন্য ব্যবহারকারী হিসেবে আবার চালান', en: 'Replay as another user' },
  },
});
