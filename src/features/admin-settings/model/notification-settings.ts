/**
 * The seller's order notifications: one document, `settings/notifications`, that the dashboard's Settings tab
 * writes and the `notifySellerOfOrder` Cloud Function reads. Pure (no Yup, no texts), so the functions can
 * bundle it without the tab's texts.
 */

export const NOTIFICATION_SETTINGS_PATH = { collection: 'settings', id: 'notifications' } as const;

export interface NotificationSettings {
  /** Whether every new order is mailed to the seller. */
  order_mail_enabled: boolean;
  /** Where the mail goes; '' when none is set yet. */
  order_mail_to: string;
}

/** The longest address SMTP allows (RFC 5321: 254 characters in a path); firestore.rules keeps the same limit. */
export const MAX_EMAIL_LENGTH = 254;

// One "@", no spaces, a dot in the domain: what a mail server will take, not the RFC's full grammar. The
// same shape as firestore.rules' check, so the form and the rules refuse the same addresses.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= MAX_EMAIL_LENGTH && EMAIL.test(value);
}

/** Off and without an address until the seller sets them. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  order_mail_enabled: false,
  order_mail_to: '',
};

/**
 * The stored document as settings: a missing document or a field of the wrong type reads as its default, so a
 * malformed document never mails a wrong address (the rules refuse writing one; this is for what predates them).
 */
export function readNotificationSettings(data: Record<string, unknown> | undefined): NotificationSettings {
  const enabled = data?.order_mail_enabled;
  const to = data?.order_mail_to;
  return {
    order_mail_enabled: enabled === true,
    order_mail_to: typeof to === 'string' && isEmailAddress(to) ? to : '',
  };
}

/** The address to mail a new order to, or null when the seller has the mail off or no address set. */
export function orderMailRecipient(settings: NotificationSettings): string | null {
  return settings.order_mail_enabled && settings.order_mail_to !== '' ? settings.order_mail_to : null;
}
