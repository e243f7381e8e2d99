import { defineTexts } from '../../i18n/texts';
import { formatCount as num } from '../../lib/format';

export const snapshotsTexts = defineTexts({
  title: { bn: 'স্ন্যাপশট', en: 'Snapshots' },
  intro: {
    bn: 'পুরো লোকাল অবস্থা (Firestore, Storage, Auth) একটি নামে সেভ করুন, আর দোকান চলতে চলতেই ফিরিয়ে আনুন: খোলা পাতাগুলো সঙ্গে সঙ্গে বদল দেখে। “seed” হলো সর্বশেষ সিড করা ডেমো ডেটা।',
    en: 'Save the whole local state (Firestore, Storage, Auth) under a name, and bring it back while the shop runs: open pages see the change at once. "seed" is the demo data as last seeded.',
  },
  startHint: {
    bn: (dir: string) => `npm start -- --snapshot <নাম> দিয়ে একটি স্ন্যাপশট থেকে শুরু করা যায়। ফোল্ডার: ${dir}`,
    en: (dir: string) => `npm start -- --snapshot <name> starts from one. Folder: ${dir}`,
  },
  nameLabel: { bn: 'স্ন্যাপশটের নাম', en: 'Snapshot name' },
  namePlaceholder: { bn: 'যেমন: অর্ডারের আগে', en: 'e.g. before-order' },
  save: { bn: 'এখনকার অবস্থা সেভ করুন', en: 'Save the current state' },
  needsName: { bn: 'স্ন্যাপশটের একটি নাম দিন।', en: 'Give the snapshot a name.' },
  confirmReplace: {
    bn: (name: string) => `“${name}” নামে একটি স্ন্যাপশট আগে থেকেই আছে। এখনকার অবস্থা দিয়ে সেটি বদলে দেবেন?`,
    en: (name: string) => `A snapshot named "${name}" exists. Replace it with the current state?`,
  },
  saved: {
    bn: (name: string) => `“${name}” সেভ হয়েছে।`,
    en: (name: string) => `Saved "${name}".`,
  },
  name: { bn: 'নাম', en: 'Name' },
  savedAt: { bn: 'সেভ করার সময়', en: 'Saved at' },
  documents: { bn: 'ডকুমেন্ট', en: 'Documents' },
  files: { bn: 'ফাইল', en: 'Files' },
  users: { bn: 'ব্যবহারকারী', en: 'Users' },
  noAuth: { bn: 'Auth নেই', en: 'no Auth' },
  restore: { bn: 'ফিরিয়ে আনুন', en: 'Restore' },
  confirmRestore: {
    bn: (name: string) =>
      `এখনকার সব ডেটা (Firestore, Storage, Auth) মুছে “${name}” স্ন্যাপশটের অবস্থা ফিরিয়ে আনবেন? এখনকার অবস্থা রাখতে চাইলে আগে সেটি সেভ করুন।`,
    en: (name: string) =>
      `Replace all current data (Firestore, Storage, Auth) with the snapshot "${name}"? Save the current state first if you want to keep it.`,
  },
  restored: {
    bn: (name: string, written: number, deleted: number, users: number | null) =>
      `“${name}” ফিরিয়ে আনা হয়েছে: ${num(written)}টি ডকুমেন্ট লেখা, ${num(deleted)}টি মোছা` +
      (users === null ? '।' : `, ${num(users)} জন ব্যবহারকারী।`),
    en: (name: string, written: number, deleted: number, users: number | null) =>
      `Restored "${name}": ${num(written)} documents written, ${num(deleted)} deleted` +
      (users === null ? '.' : `, ${num(users)} users.`),
  },
  authSkipped: {
    bn: 'Auth বদলানো হয়নি: স্ন্যাপশটে Auth নেই, বা Auth এমুলেটর এখন চলছে না।',
    en: 'Auth was left as it is: the snapshot has no Auth, or the Auth emulator is not running now.',
  },
  confirmDelete: {
    bn: (name: string) => `“${name}” স্ন্যাপশটটি মুছবেন? এটি আর ফেরানো যাবে না।`,
    en: (name: string) => `Delete the snapshot "${name}"? This cannot be undone.`,
  },
  deleted: { bn: (name: string) => `“${name}” মোছা হয়েছে।`, en: (name: string) => `Deleted "${name}".` },
  none: { bn: 'এখনো কোনো স্ন্যাপশট নেই।', en: 'No snapshots yet.' },
});
