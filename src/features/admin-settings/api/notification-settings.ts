import { doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore';
import { db } from '@/lib/firebase';
import {
  NOTIFICATION_SETTINGS_PATH,
  readNotificationSettings,
  type NotificationSettings,
} from '../model/notification-settings';

const settingsDoc = () => doc(db, NOTIFICATION_SETTINGS_PATH.collection, NOTIFICATION_SETTINGS_PATH.id);

/** The seller's notification settings as stored, or the defaults before the first save. */
export async function loadNotificationSettings(): Promise<NotificationSettings> {
  const snapshot = await getDoc(settingsDoc());
  return readNotificationSettings(snapshot.data());
}

/** Writes the whole document: the rules check it whole, so a stale field cannot survive a save. */
export async function saveNotificationSettings(settings: NotificationSettings): Promise<void> {
  await setDoc(settingsDoc(), { ...settings, updated_at: serverTimestamp() });
}
