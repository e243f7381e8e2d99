// What the admin dashboard composes from this feature. Its pure model (model/notification-settings.ts) is
// bundled into the Cloud Functions too, which read the settings to mail each new order.
export { SettingsTab } from './components/settings-tab';
