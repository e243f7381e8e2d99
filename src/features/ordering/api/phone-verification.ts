import {
  linkWithPhoneNumber,
  PhoneAuthProvider,
  RecaptchaVerifier,
  updatePhoneNumber,
  type ConfirmationResult,
} from 'firebase/auth';
import { doc, getDoc } from 'firebase/firestore';
import { auth } from '@/lib/auth';
import { db } from '@/lib/firestore';
import { needsVerifiedPhone, phoneFromE164, phoneToE164 } from '../model/order-limits';
import { PAYMENT_SETTINGS_PATH, readPaymentSettings } from '../model/payment-settings';

// The phone code before a first cash order: Firebase Auth's phone provider, linked to the signed-in account
// (docs/phone-verification.md). Loaded with the verification step, never with the order dialog.

/** Whether the signed-in account must verify `phone` by a code before this order (placeOrder checks it too). */
export async function phoneCodeNeeded(paymentMethod: string, phone: string): Promise<boolean> {
  let required: boolean;
  try {
    const settings = await getDoc(doc(db, PAYMENT_SETTINGS_PATH.collection, PAYMENT_SETTINGS_PATH.id));
    required = readPaymentSettings(settings.data()).phone_verification_required;
  } catch {
    // Not readable (offline, or rules not deployed yet): as the server would read a missing document.
    required = readPaymentSettings(undefined).phone_verification_required;
  }
  if (!needsVerifiedPhone(paymentMethod, required)) return false;
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
