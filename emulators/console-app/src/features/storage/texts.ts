import { defineTexts } from '../../i18n/texts';
import { formatCount as num } from '../../lib/format';

export const storageTexts = defineTexts({
  title: { bn: 'ফাইল (Storage)', en: 'Files (Storage)' },
  uploadLabel: { bn: 'ফাইল আপলোড', en: 'Upload files' },
  choose: { bn: 'ফাইল বাছাই করে আপলোড করুন', en: 'Choose files to upload' },
  uploadHint: {
    bn: 'আপলোড এই ফোল্ডারে যায়, প্রতিটি ফাইল সর্বোচ্চ ২০ MiB',
    en: 'Uploads go into this folder, at most 20 MiB per file',
  },
  tooBig: {
    bn: (file: string, mib: number) =>
      `${file} ফাইলটি ${num(mib)} MiB; এমুলেটর সর্বোচ্চ ২০ MiB পর্যন্ত ফাইল নেয়। কিছুই আপলোড হয়নি।`,
    en: (file: string, mib: number) =>
      `${file} is ${num(mib)} MiB; the emulator takes files of at most 20 MiB. Nothing was uploaded.`,
  },
  name: { bn: 'নাম', en: 'Name' },
  size: { bn: 'আকার', en: 'Size' },
  type: { bn: 'ধরন', en: 'Type' },
  updated: { bn: 'আপডেট', en: 'Updated' },
  download: { bn: 'ডাউনলোড', en: 'Download' },
  confirmDelete: { bn: (name: string) => `${name} মুছবেন?`, en: (name: string) => `Delete ${name}?` },
  empty: { bn: 'খালি।', en: 'Empty.' },
  preview: { bn: (name: string) => `${name} এর প্রিভিউ`, en: (name: string) => `Preview of ${name}` },
});
