import { defineTexts } from '../../i18n/texts';
import { formatCount as num } from '../../lib/format';

export const requestsTexts = defineTexts({
  title: { bn: 'অনুরোধ', en: 'Requests' },
  clearLog: { bn: 'লগ মুছুন', en: 'Clear the log' },
  verdict: { bn: 'ফলাফল', en: 'Verdict' },
  all: { bn: 'সব', en: 'All' },
  allowed: { bn: 'অনুমোদিত', en: 'Allowed' },
  denied: { bn: 'প্রত্যাখ্যাত', en: 'Denied' },
  pathFilter: { bn: 'পাথ ফিল্টার', en: 'Path filter' },
  pathPlaceholder: { bn: 'পাথে আছে', en: 'Path contains' },
  userFilter: { bn: 'ব্যবহারকারী ফিল্টার', en: 'User filter' },
  userPlaceholder: { bn: 'ব্যবহারকারী (uid বা ই-মেইল)', en: 'User (uid or e-mail)' },
  shownOf: {
    bn: (shown: number, total: number) =>
      `${num(total)}টির মধ্যে ${num(shown)}টি দেখানো হচ্ছে (মেমরিতে রাখা হয় সর্বশেষ ${num(1000)}টি)`,
    en: (shown: number, total: number) =>
      `Showing ${num(shown)} of ${num(total)} (the last ${num(1000)} are kept in memory)`,
  },
  time: { bn: 'সময়', en: 'Time' },
  service: { bn: 'সার্ভিস', en: 'Service' },
  method: { bn: 'মেথড', en: 'Method' },
  path: { bn: 'পাথ', en: 'Path' },
  who: { bn: 'কে', en: 'Who' },
  adminSdk: { bn: 'admin SDK (রুলস প্রযোজ্য নয়)', en: 'admin SDK (rules do not apply)' },
  anonymous: { bn: 'লগইন ছাড়া', en: 'Signed out' },
  empty: {
    bn: 'এখনো কোনো অনুরোধ নেই: অ্যাপটি ব্যবহার করুন, অনুরোধগুলো এখানে দেখা যাবে।',
    en: 'No requests yet: use the app and its requests show here.',
  },
  detail: {
    bn: (allowed: boolean, method: string, path: string) =>
      `${allowed ? 'অনুমোদিত' : 'প্রত্যাখ্যাত'}: ${method} /${path}`,
    en: (allowed: boolean, method: string, path: string) =>
      `${allowed ? 'Allowed' : 'Denied'}: ${method} /${path}`,
  },
  adminSkips: {
    bn: 'admin SDK (owner পরিচয়) নিরাপত্তা রুলস এড়িয়ে যায়: এখানে রুলস কিছু বিচার করেনি।',
    en: 'The admin SDK (the owner credential) bypasses the security rules: they judged nothing here.',
  },
  /** The rules engine's own reason is technical English; it is shown after a label. */
  engineMessage: {
    bn: (message: string) => `রুলস ইঞ্জিনের বার্তা: ${message}`,
    en: (message: string) => `The rules engine says: ${message}`,
  },
  noTrace: {
    bn: 'রুলের হিসাব নেই: এই অনুরোধ এসেছিল যখন কোনো কনসোল খোলা ছিল না।',
    en: 'No rule trace: this request came while no console was open.',
  },
  noAllowMatched: {
    bn: 'এই পাথ আর মেথডের সাথে কোনো allow স্টেটমেন্ট মেলেনি।',
    en: 'No allow statement matched this path and method.',
  },
  rulesChanged: {
    bn: 'এই অনুরোধের পরে রুলস বদলেছে; এর লাইন নম্বরগুলো আগের সংস্করণের।',
    en: "The rules changed after this request; its line numbers are the earlier version's.",
  },
  outcome: {
    true: { bn: 'সত্য', en: 'true' },
    false: { bn: 'মিথ্যা', en: 'false' },
    error: { bn: 'ত্রুটি', en: 'error' },
    skipped: { bn: 'যাচাই হয়নি', en: 'not evaluated' },
  },
  conditionError: {
    bn: (error: string) => `ত্রুটি: ${error}`,
    en: (error: string) => `error: ${error}`,
  },
});
