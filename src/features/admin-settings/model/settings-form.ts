import * as yup from 'yup';
import { adminSettingsTexts } from '../texts';
import { isEmailAddress, MAX_EMAIL_LENGTH, type NotificationSettings } from './notification-settings';

const t = adminSettingsTexts.validation;

/** The Settings tab's form: what the seller sees and types, checked as firestore.rules checks the document. */
export const settingsFormSchema: yup.ObjectSchema<NotificationSettings> = yup.object({
  order_mail_enabled: yup.boolean().required(),
  order_mail_to: yup
    .string()
    .trim()
    .max(MAX_EMAIL_LENGTH, t.emailTooLong)
    .test('email', t.emailInvalid, (value) => !value || isEmailAddress(value))
    .when('order_mail_enabled', {
      is: true,
      then: (schema) => schema.required(t.emailRequired),
      otherwise: (schema) => schema.default(''),
    })
    .defined()
    .default(''),
});

/** The form's values as stored: the address trimmed, as the schema cast it. */
export function toNotificationSettings(values: NotificationSettings): NotificationSettings {
  return settingsFormSchema.cast(values);
}
