import { defineTexts } from '../../i18n/texts';

export const overviewTexts = defineTexts({
  title: { bn: 'সারসংক্ষেপ', en: 'Overview' },
  project: { bn: 'প্রজেক্ট', en: 'Project' },
  localNote: {
    bn: 'এখানকার সবকিছু 127.0.0.1-এ শোনে: এই কনসোল আর এমুলেটরগুলো শুধু এই কম্পিউটারের জন্য, বাইরে থেকে দেখা যায় না।',
    en: 'Everything here listens on 127.0.0.1: this console and the emulators are for this computer only, not visible from outside.',
  },
  emulator: { bn: 'এমুলেটর', en: 'Emulator' },
  hostPort: { bn: 'host:port', en: 'host:port' },
  status: { bn: 'অবস্থা', en: 'Status' },
  running: { bn: 'চলছে', en: 'Running' },
  off: { bn: 'বন্ধ', en: 'Off' },
  names: {
    firestore: { bn: 'Firestore (অফলাইন)', en: 'Firestore (offline)' },
    storage: { bn: 'Storage (অফলাইন)', en: 'Storage (offline)' },
    auth: { bn: 'Authentication (firebase-tools)', en: 'Authentication (firebase-tools)' },
    functions: { bn: 'Cloud Functions (firebase-tools)', en: 'Cloud Functions (firebase-tools)' },
    hosting: { bn: 'Hosting (ওয়েব অ্যাপ)', en: 'Hosting (the web app)' },
    hub: { bn: 'এমুলেটর হাব', en: 'Emulator hub' },
    logging: { bn: 'ফাংশনের লগ (WebSocket)', en: "Functions' logs (WebSocket)" },
    console: { bn: 'এই কনসোল', en: 'This console' },
  },
  data: { bn: 'ডেটা', en: 'Data' },
  exportNow: { bn: 'এখনই ডেটা এক্সপোর্ট করুন', en: 'Export the data now' },
  exported: {
    bn: (where: string, withAuth: boolean) => `${where}-এ এক্সপোর্ট হয়েছে${withAuth ? ' (Auth-সহ)' : ''}।`,
    en: (where: string, withAuth: boolean) => `Exported to ${where}${withAuth ? ' (with Auth)' : ''}.`,
  },
  exportFailed: {
    bn: (reason: string) => `এক্সপোর্ট ব্যর্থ হয়েছে: ${reason}`,
    en: (reason: string) => `The export failed: ${reason}`,
  },
  clear: {
    firestore: { bn: 'Firestore খালি করুন', en: 'Clear Firestore' },
    storage: { bn: 'Storage খালি করুন', en: 'Clear Storage' },
    auth: { bn: 'Auth খালি করুন', en: 'Clear Auth' },
  },
  what: {
    firestore: { bn: 'Firestore', en: 'Firestore' },
    storage: { bn: 'Storage', en: 'Storage' },
    auth: { bn: 'Auth', en: 'Auth' },
  },
  confirmClear: {
    bn: (what: string, project: string) =>
      `${project} প্রজেক্টের ${what}-এর সব ডেটা মুছে ফেলবেন? এটি আর ফেরানো যাবে না।`,
    en: (what: string, project: string) =>
      `Delete all of ${what}'s data in project ${project}? This cannot be undone.`,
  },
  cleared: { bn: (what: string) => `${what} খালি করা হয়েছে।`, en: (what: string) => `${what} cleared.` },
  clearFailed: {
    bn: (what: string, reason: string) => `${what} খালি করা যায়নি: ${reason}`,
    en: (what: string, reason: string) => `Could not clear ${what}: ${reason}`,
  },
});
