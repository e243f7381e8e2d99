import { defineTexts } from '../../i18n/texts';
import { formatCount as num } from '../../lib/format';

export const logsTexts = defineTexts({
  title: { bn: 'লগ', en: 'Logs' },
  notConnected: { bn: 'সংযোগ নেই (npm start কি চলছে?)', en: 'Not connected (is npm start running?)' },
  level: { bn: 'স্তর', en: 'Level' },
  levelAndAbove: {
    bn: (level: string) => `${level} ও তার ওপরে`,
    en: (level: string) => `${level} and above`,
  },
  function: { bn: 'ফাংশন', en: 'Function' },
  everyEmulator: { bn: 'সব এমুলেটর', en: 'Every emulator' },
  everyFunction: { bn: 'সব ফাংশন', en: 'Every function' },
  shownOf: {
    bn: (shown: number, total: number) => `${num(total)}টির মধ্যে ${num(shown)}টি দেখানো হচ্ছে`,
    en: (shown: number, total: number) => `Showing ${num(shown)} of ${num(total)}`,
  },
  empty: { bn: 'এখনো কোনো লগ নেই।', en: 'No logs yet.' },
  search: { bn: 'লগে খুঁজুন', en: 'Search the logs' },
  searchPlaceholder: { bn: 'লেখা, ফাংশন বা স্তর', en: 'text, function or level' },
  clear: { bn: 'লগ পরিষ্কার করুন', en: 'Clear the log' },
});
