import {
  linkWithPhoneNumber,
  PhoneAuthProvider,
  RecaptchaVerifier,
  updatePhoneNumber,
  type ConfirmationResult,
} from 'firebase/auth';
import { auth } from '@/lib/auth';
import { needsVerifiedPhone, phoneFromE164, phoneToE164 } from '../model/order-limits';

// The phone code before a first cash order: Firebase Auth's phone provider, linked to the signed-in account
// (docs/phone-verification.md). Loaded with the verification step, never with the order dialog.

/**
 * Whether the signed-in account must verify `phone` by a code before this order (placeOrder checks it too):
 * `required` is the shop's setting, as the order dialog read it with the payment methods.
 */
export function phoneCodeNeeded(phone: string, required: boolean): boolean {
  if (!needsVerifiedPhone(required)) return false;
  return phoneFromE164(auth.currentUser?.phoneNumber) !== phone;
}

/** A code sent, waiting for the customer to type it. */
export interface SentCode {
  confirm(code: string): Promise<void>;
}

/**
 * Sends a code to `phone` (01XXXXXXXXX) for the signed-in account, behind an invisible reCAPTCHA in
 * `container` (the Auth emulator's SDK set-up skips reCAPTCHA: connectAuthEmulator turns
 * appVerificationDisabledForTesting on). An account with no number links one; an account with another number
 * has it replaced by this one once the code is confirmed.
 */
export async function sendPhoneCode(container: HTMLElement, phone: string): Promise<SentCode> {
  const user = auth.currentUser;
  if (!user) throw Object.assign(new Error('signed out'), { code: 'auth/no-current-user' });
  const verifier = new RecaptchaVerifier(auth, container, { size: 'invisible' });
  try {
    const e164 = phoneToE164(phone);
    if (!user.phoneNumber) {
      const confirmation: ConfirmationResult = await linkWithPhoneNumber(user, e164, verifier);
      return {
        async confirm(code) {
          await confirmation.confirm(code);
          await user.getIdToken(true); // the callable reads the number from the ID token: a fresh one has it
        },
      };
    }
    const verificationId = await new PhoneAuthProvider(auth).verifyPhoneNumber(e164, verifier);
    return {
      async confirm(code) {
        await updatePhoneNumber(user, PhoneAuthProvider.credential(verificationId, code));
        await user.getIdToken(true);
      },
    };
  } finally {
    verifier.clear();
  }
}
