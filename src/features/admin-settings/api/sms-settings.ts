import { doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore';
import { db } from '@/lib/firebase';
import { readSmsSettings, SMS_SETTINGS_PATH, type SmsSettings } from '../model/sms-settings';

const settingsDoc = () => doc(db, SMS_SETTINGS_PATH.collection, SMS_SETTINGS_PATH.id);

/** The seller's SMS settings as stored, or the defaults (off, the shop's default texts) before the first save. */
export async function loadSmsSettings(): Promise<SmsSettings> {
  return readSmsSettings((await getDoc(settingsDoc())).data());
}

/** Writes the whole document, as the rules check it. */
export async function saveSmsSettings(settings: SmsSettings): Promise<void> {
  await setDoc(settingsDoc(), { ...settings, updated_at: serverTimestamp() });
}
