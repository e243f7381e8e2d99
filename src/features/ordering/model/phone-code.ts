import { phoneVerificationTexts } from '../phone-verification-texts';
import { toLatinDigits } from './digits';

// The phone code's rules in the order dialog, pure (the component is components/phone-verification.tsx).

/** Wrong codes one sent code may take before the customer must ask for a new one. */
export const MAX_CODE_TRIES = 5;

/** A code as Firebase Auth sends it: six digits (any Bengali digits typed are read as Latin ones). */
export function readCode(typed: string): string | null {
  const latin = toLatinDigits(typed).replace(/\s/g, '');
  return /^[0-9]{6}$/.test(latin) ? latin : null;
}

/**
 * The Bengali reason for a failed send or confirm, from the Firebase Auth error code. A number verified on
 * another account reads `auth/account-exists-with-different-credential` from linkWithPhoneNumber (the Auth
 * emulator and the service answer with a temporary proof) or `auth/credential-already-in-use`.
 */
export function phoneCodeErrorMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const texts = phoneVerificationTexts.errors;
  switch (code) {
    case 'auth/invalid-verification-code':
      return texts.wrongCode;
    case 'auth/too-many-requests':
    case 'auth/quota-exceeded':
      return texts.tooManyRequests;
    case 'auth/code-expired':
    case 'auth/invalid-verification-id':
    case 'auth/missing-verification-id':
      return texts.expired;
    case 'auth/account-exists-with-different-credential':
    case 'auth/credential-already-in-use':
      return texts.linkedElsewhere;
    case 'auth/invalid-phone-number':
    case 'auth/missing-phone-number':
      return texts.invalidNumber;
    default:
      return texts.failed;
  }
}
