/** Texts every page shares: the HTTP helper's refusals, the configuration's failure, the common buttons. */
import { defineTexts } from '../i18n/texts';

const REFUSED: Record<number, { bn: string; en: string }> = {
  400: {
    bn: 'এমুলেটর অনুরোধটি গ্রহণ করেনি: মানটি ঠিক নয়।',
    en: 'The emulator did not accept the request: a value is not valid.',
  },
  401: {
    bn: 'এমুলেটর অনুরোধটি গ্রহণ করেনি: পরিচয় যাচাই হয়নি।',
    en: 'The emulator did not accept the request: the caller was not authenticated.',
  },
  403: {
    bn: 'এমুলেটর অনুরোধটি প্রত্যাখ্যান করেছে (অনুমতি নেই)।',
    en: 'The emulator refused the request (permission denied).',
  },
  404: {
    bn: 'যা চাওয়া হয়েছে তা নেই (পাথটি খুঁজে পাওয়া যায়নি)।',
    en: 'What was asked for does not exist (path not found).',
  },
  409: { bn: 'এটি আগে থেকেই আছে।', en: 'It already exists.' },
  413: { bn: 'ফাইল বা অনুরোধটি সীমার চেয়ে বড়।', en: 'The file or request is over the size limit.' },
};

export const sharedTexts = defineTexts({
  http: {
    unreachable: {
      bn: (host: string) => `${host} এর সাথে যোগাযোগ করা যাচ্ছে না: ওই এমুলেটর কি চলছে?`,
      en: (host: string) => `Cannot reach ${host}: is that emulator running?`,
    },
    /** The emulator's own (English, technical) reason follows, so nothing it said is lost. */
    refused: {
      bn: (status: number, detail: string | null) =>
        `${REFUSED[status]?.bn ?? `অনুরোধ ব্যর্থ হয়েছে (স্ট্যাটাস ${status})।`} কিছুই বদলানো হয়নি।` +
        (detail ? ` বিস্তারিত: ${detail}` : ''),
      en: (status: number, detail: string | null) =>
        `${REFUSED[status]?.en ?? `The request failed (status ${status}).`} Nothing was changed.` +
        (detail ? ` Details: ${detail}` : ''),
    },
  },
  configFailed: {
    bn: (status: number) =>
      `কনসোল সার্ভার তার কনফিগারেশন দিতে পারেনি (স্ট্যাটাস ${status})। npm start চলছে কি না দেখুন।`,
    en: (status: number) =>
      `The console server could not give its configuration (status ${status}). Check that npm start is running.`,
  },
  common: {
    edit: { bn: 'সম্পাদনা', en: 'Edit' },
    delete: { bn: 'মুছুন', en: 'Delete' },
    /** The header of a table's column of buttons. */
    actions: { bn: 'যা করবেন', en: 'Actions' },
    save: { bn: 'সেভ করুন', en: 'Save' },
    cancel: { bn: 'বাদ দিন', en: 'Cancel' },
    live: { bn: 'লাইভ', en: 'Live' },
    connecting: { bn: 'সংযোগ হচ্ছে…', en: 'Connecting…' },
  },
});
