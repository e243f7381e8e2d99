import { defineTexts } from '../../i18n/texts';

/** The Schedules page's texts, each in Bengali and in English. */
export const schedulesTexts = defineTexts({
  nav: { bn: 'নির্ধারিত কাজ', en: 'Schedules' },
  title: { bn: 'নির্ধারিত কাজ (Schedules)', en: 'Scheduled jobs' },
  intro: {
    bn: 'প্রজেক্টের যে কাজগুলো নির্দিষ্ট সময় পরপর নিজে থেকে চলে (যেমন onSchedule ফাংশন)। firebase-tools-এর এমুলেটর এগুলো চালায় না; এখানে লোকাল শিডিউলার এগুলো সময়মতো চালায়, আর “এখনই চালান” চাপলে সঙ্গে সঙ্গে চলে।',
    en: 'The project’s jobs that run by themselves on a schedule (e.g. onSchedule functions). firebase-tools’ emulator does not run them; the local scheduler runs them on time here, and "Run now" runs one at once.',
  },
  job: { bn: 'কাজ', en: 'Job' },
  schedule: { bn: 'সময়সূচি', en: 'Schedule' },
  overridden: {
    bn: (declared: string) => `লোকালি বদলানো; কোডে: ${declared}`,
    en: (declared: string) => `changed locally; declared: ${declared}`,
  },
  lastRun: { bn: 'শেষ চলা', en: 'Last run' },
  nextRun: { bn: 'পরের বার', en: 'Next run' },
  never: { bn: 'এখনো চলেনি', en: 'not yet' },
  none: { bn: '—', en: '—' },
  runNow: { bn: 'এখনই চালান', en: 'Run now' },
  cause: {
    schedule: { bn: 'সময়মতো', en: 'on schedule' },
    manual: { bn: 'হাতে চালানো', en: 'run now' },
  },
  outcome: {
    running: { bn: 'চলছে', en: 'running' },
    succeeded: { bn: 'সফল', en: 'succeeded' },
    failed: { bn: 'ব্যর্থ', en: 'failed' },
    skipped: { bn: 'বাদ পড়েছে', en: 'skipped' },
  },
  ran: {
    bn: (name: string) => `“${name}” চালানো শেষ হয়েছে।`,
    en: (name: string) => `"${name}" has run.`,
  },
  runFailed: {
    bn: (name: string, why: string) => `“${name}” ব্যর্থ হয়েছে: ${why}`,
    en: (name: string, why: string) => `"${name}" failed: ${why}`,
  },
  alreadyRunning: {
    bn: (name: string) => `“${name}” এখন চলছে; একই কাজ একসাথে দুবার চলে না। শেষ হলে আবার চেষ্টা করুন।`,
    en: (name: string) => `"${name}" is running now; a job never runs twice at once. Try again when it ends.`,
  },
  notHere: { bn: 'এখানে চলবে না:', en: 'Does not run here:' },
  empty: {
    bn: 'কোনো নির্ধারিত কাজ নেই (অথবা Functions এমুলেটর এখনো ফাংশনগুলো লোড করেনি)।',
    en: 'No scheduled jobs (or the Functions emulator has not loaded the functions yet).',
  },
});
