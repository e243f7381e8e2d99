import { defineTexts } from '../i18n/texts';

export const appTexts = defineTexts({
  title: { bn: 'এমুলেটর কনসোল', en: 'Emulator console' },
  localOnly: { bn: 'শুধু এই কম্পিউটারের জন্য', en: 'this computer only' },
  nav: {
    overview: { bn: 'সারসংক্ষেপ', en: 'Overview' },
    firestore: { bn: 'Firestore', en: 'Firestore' },
    requests: { bn: 'অনুরোধ', en: 'Requests' },
    playground: { bn: 'রুলস প্লেগ্রাউন্ড', en: 'Rules playground' },
    coverage: { bn: 'রুল কভারেজ', en: 'Rule coverage' },
    auth: { bn: 'ব্যবহারকারী (Auth)', en: 'Users (Auth)' },
    storage: { bn: 'ফাইল (Storage)', en: 'Files (Storage)' },
    logs: { bn: 'লগ', en: 'Logs' },
    snapshots: { bn: 'স্ন্যাপশট', en: 'Snapshots' },
  },
});
