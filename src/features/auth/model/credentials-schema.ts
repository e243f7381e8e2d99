import * as yup from 'yup';
import { authTexts } from '../texts';

export const MIN_PASSWORD_LENGTH = 6;

export interface Credentials {
  email: string;
  password: string;
}

const v = authTexts.validation;

const email = yup.string().trim().required(v.emailRequired).email(v.emailInvalid);

/** Sign-in only needs both fields; the server decides whether they match. */
export const signInSchema = yup.object({
  email,
  password: yup.string().required(v.passwordRequired),
});

/** Sign-up also asks for a password Firebase will accept (6 characters or more). */
export const signUpSchema = yup.object({
  email,
  password: yup.string().required(v.passwordRequired).min(MIN_PASSWORD_LENGTH, v.passwordMin),
});
