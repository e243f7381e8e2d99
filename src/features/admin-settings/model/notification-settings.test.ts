import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  isEmailAddress,
  orderMailRecipient,
  readNotificationSettings,
} from './notification-settings';

describe('the notification settings document', () => {
  it('reads a missing document as mail off, without an address', () => {
    expect(readNotificationSettings(undefined)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(orderMailRecipient(readNotificationSettings(undefined))).toBeNull();
  });

  it('mails the stored address while the mail is on', () => {
    const settings = readNotificationSettings({
      order_mail_enabled: true,
      order_mail_to: 'seller@example.com',
    });
    expect(orderMailRecipient(settings)).toBe('seller@example.com');
  });

  it('mails nobody while the mail is off, even with an address', () => {
    const settings = readNotificationSettings({
      order_mail_enabled: false,
      order_mail_to: 'seller@example.com',
    });
    expect(orderMailRecipient(settings)).toBeNull();
  });

  it('reads fields of the wrong type or a malformed address as unset, never as a recipient', () => {
    expect(
      readNotificationSettings({ order_mail_enabled: 'yes', order_mail_to: 'seller@example.com' }),
    ).toEqual({
      order_mail_enabled: false,
      order_mail_to: 'seller@example.com',
    });
    const malformed = readNotificationSettings({ order_mail_enabled: true, order_mail_to: 'not an address' });
    expect(orderMailRecipient(malformed)).toBeNull();
    expect(
      orderMailRecipient(readNotificationSettings({ order_mail_enabled: true, order_mail_to: 42 })),
    ).toBeNull();
  });

  it('takes ordinary addresses and refuses ones a mail server would not', () => {
    expect(isEmailAddress('rokshana.begum@keraniganjachar.com.bd')).toBe(true);
    for (const bad of [
      '',
      'seller',
      'seller@',
      '@example.com',
      'seller@example',
      'a b@example.com',
      'a@@b.com',
    ])
      expect(isEmailAddress(bad), bad).toBe(false);
    expect(isEmailAddress(`${'a'.repeat(250)}@b.cd`)).toBe(false);
  });
});
