import { authTexts } from '../texts';

const messages = authTexts.errors;

// Firebase Auth error codes the e-mail/password flows produce, in the shopper's words. Since e-mail
// enumeration protection, a wrong password and an unknown e-mail both arrive as invalid-credential.
const byCode: Record<string, string> = {
  'auth/invalid-credential': messages.invalidCredential,
  'auth/invalid-login-credentials': messages.invalidCredential,
  'auth/wrong-password': messages.invalidCredential,
  'auth/user-not-found': messages.userNotFound,
  'auth/email-already-in-use': messages.emailInUse,
  'auth/weak-password': messages.weakPassword,
  'auth/invalid-email': messages.invalidEmail,
  'auth/missing-email': messages.invalidEmail,
  'auth/too-many-requests': messages.tooManyRequests,
  'auth/network-request-failed': messages.network,
};

/** A Bengali sentence for whatever a sign-in or sign-up call threw. */
export function authErrorMessage(error: unknown): string {
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
      ? error.code
      : undefined;
  return (code && byCode[code]) || messages.unknown;
}
