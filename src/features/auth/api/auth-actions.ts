import {
  createUserWithEmailAndPassword,
  sendEmailVerification,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
} from 'firebase/auth';
import { auth } from '@/lib/auth';
import type { Credentials } from '../model/credentials-schema';

export async function signIn({ email, password }: Credentials): Promise<void> {
  await signInWithEmailAndPassword(auth, email.trim(), password);
}

export interface SignUpResult {
  /** Whether Firebase Auth took the verification mail to send (the Auth emulator logs its link instead). */
  verificationSent: boolean;
}

/**
 * Creates the account and signs it in (Firebase does both in one call), then has Firebase Auth mail the address
 * a link that verifies it (its link leads back to the shop). A verified e-mail is what makes an account that
 * holds an admin role an admin (firestore.rules); for a customer it changes nothing. The account exists
 * whether or not the mail could be sent, so a failure there is reported, not thrown.
 */
export async function signUp({ email, password }: Credentials): Promise<SignUpResult> {
  const { user } = await createUserWithEmailAndPassword(auth, email.trim(), password);
  try {
    auth.languageCode = 'bn';
    await sendEmailVerification(user, { url: `${window.location.origin}/` });
    return { verificationSent: true };
  } catch (error) {
    console.error('The verification mail could not be sent', error);
    return { verificationSent: false };
  }
}

export async function signOut(): Promise<void> {
  await firebaseSignOut(auth);
}
