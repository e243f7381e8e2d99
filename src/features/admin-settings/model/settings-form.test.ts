import { describe, expect, it } from 'vitest';
import { adminSettingsTexts } from '../texts';
import { settingsFormSchema, toNotificationSettings } from './settings-form';

const t = adminSettingsTexts.validation;

async function errorOf(values: { order_mail_enabled: boolean; order_mail_to: string }) {
  try {
    await settingsFormSchema.validate(values);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('the settings form', () => {
  it('takes mail on with an address, and mail off with or without one', async () => {
    expect(await errorOf({ order_mail_enabled: true, order_mail_to: 'seller@example.com' })).toBeNull();
    expect(await errorOf({ order_mail_enabled: false, order_mail_to: '' })).toBeNull();
    expect(await errorOf({ order_mail_enabled: false, order_mail_to: 'seller@example.com' })).toBeNull();
  });

  it('asks for an address before the mail can be on, in Bengali', async () => {
    expect(await errorOf({ order_mail_enabled: true, order_mail_to: '  ' })).toBe(t.emailRequired);
  });

  it('refuses an address a mail server would not take, on or off', async () => {
    expect(await errorOf({ order_mail_enabled: true, order_mail_to: 'seller@example' })).toBe(t.emailInvalid);
    expect(await errorOf({ order_mail_enabled: false, order_mail_to: 'seller' })).toBe(t.emailInvalid);
    expect(await errorOf({ order_mail_enabled: true, order_mail_to: `${'a'.repeat(250)}@b.cd` })).toBe(
      t.emailTooLong,
    );
  });

  it('stores the address without the spaces around it', () => {
    expect(
      toNotificationSettings({ order_mail_enabled: true, order_mail_to: ' seller@example.com ' }),
    ).toEqual({
      order_mail_enabled: true,
      order_mail_to: 'seller@example.com',
    });
  });
});
