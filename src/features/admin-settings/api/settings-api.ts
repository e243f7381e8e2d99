import { createContext, useContext } from 'react';
import {
  blockPhone,
  loadBlocklist,
  loadVerificationRequired,
  saveVerificationRequired,
  unblockPhone,
} from './cash-order-settings';
import { loadCourierStatus } from './courier-status';
import { loadNotificationSettings, saveNotificationSettings } from './notification-settings';
import { loadPaymentSettings, savePaymentAccounts } from './payment-settings';
import { loadSmsSettings, saveSmsSettings } from './sms-settings';

/** Every read and write of the Settings tab, as its sections call them: the Firestore and Functions ones. */
export const settingsApi = {
  loadNotificationSettings,
  saveNotificationSettings,
  loadPaymentSettings,
  savePaymentAccounts,
  loadVerificationRequired,
  saveVerificationRequired,
  loadBlocklist,
  blockPhone,
  unblockPhone,
  loadSmsSettings,
  saveSmsSettings,
  loadCourierStatus,
};
export type SettingsApi = typeof settingsApi;

/**
 * The sections take their API from here: the app never provides one (the default is the real one); a component
 * test provides its own, so it replaces no module and shares the web tests' module graph.
 */
const SettingsApiContext = createContext<SettingsApi>(settingsApi);
export const SettingsApiProvider = SettingsApiContext.Provider;

export function useSettingsApi(): SettingsApi {
  return useContext(SettingsApiContext);
}
