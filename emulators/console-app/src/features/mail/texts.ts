import { defineTexts } from '../../i18n/texts';

/** The Mail page's texts, each in Bengali and in English (the SMS page shares those of a message). */
export const mailTexts = defineTexts({
  nav: { bn: 'ই-মেইল', en: 'Mail' },
  title: { bn: 'ই-মেইল (আউটবক্স)', en: 'Mail (outbox)' },
  intro: {
    bn: (collection: string) =>
      `“Trigger Email from Firestore” এক্সটেনশন ${collection} কালেকশনের প্রতিটি ডকুমেন্টকে একটি ই-মেইল হিসেবে পাঠায়। এখানে সেটি চলে না: কিছুই পাঠানো হয় না, প্রতিটি ই-মেইল যেমন পৌঁছাত তেমন এখানে দেখা যায়।`,
    en: (collection: string) =>
      `The "Trigger Email from Firestore" extension sends each document of the ${collection} collection as an e-mail. It does not run here: nothing is sent, and each message shows here as it would arrive.`,
  },
  empty: { bn: 'এখনো কোনো ই-মেইল নেই।', en: 'No mail yet.' },
  count: {
    bn: (count: string) => `${count}টি ই-মেইল, নতুনটি আগে`,
    en: (count: string) => `${count} messages, newest first`,
  },
  to: { bn: 'প্রাপক', en: 'To' },
  subject: { bn: 'বিষয়', en: 'Subject' },
  written: { bn: 'লেখা হয়েছে', en: 'Written' },
  delivery: { bn: 'পাঠানোর অবস্থা', en: 'Delivery' },
  notSent: { bn: 'পাঠানো হয়নি (এক্সটেনশন এখানে চলে না)', en: 'not sent (the extension does not run here)' },
  showText: { bn: 'সাধারণ লেখা দেখুন', en: 'Show plain text' },
  showHtml: { bn: 'HTML দেখুন', en: 'Show HTML' },
  noBody: { bn: 'এই ই-মেইলে কোনো লেখা নেই (template?)', en: 'This message has no body (a template?)' },
  document: { bn: 'ডকুমেন্ট', en: 'Document' },
});

/** The SMS page's own texts (a message's labels are the Mail page's). */
export const smsTexts = defineTexts({
  nav: { bn: 'SMS', en: 'SMS' },
  title: { bn: 'SMS (আউটবক্স)', en: 'SMS (outbox)' },
  intro: {
    bn: (collection: string) =>
      `Twilio-র “Send Message” এক্সটেনশন ${collection} কালেকশনের প্রতিটি ডকুমেন্টকে একটি SMS হিসেবে পাঠায়। এখানে সেটি চলে না: কিছুই পাঠানো হয় না, প্রতিটি SMS যেমন ফোনে পৌঁছাত তেমন এখানে দেখা যায়।`,
    en: (collection: string) =>
      `Twilio's "Send Message" extension sends each document of the ${collection} collection as an SMS. It does not run here: nothing is sent, and each message shows here as the phone would receive it.`,
  },
  empty: { bn: 'এখনো কোনো SMS নেই।', en: 'No SMS yet.' },
  count: {
    bn: (count: string) => `${count}টি SMS, নতুনটি আগে`,
    en: (count: string) => `${count} messages, newest first`,
  },
});
