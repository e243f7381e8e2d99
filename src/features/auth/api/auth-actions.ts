import {
  createUserWithEmailAndPassword,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
} from 'firebase/auth';
import { auth } from '@/lib/auth';
import type { Credentials } from '../model/credentials-schema';

export async function signIn({ email, password }: Credentials): Promise<void> {
  await signInWithEmailAndPassword(auth, email.trim(), password);
}

/** Creates the account and signs it in (Firebase does both in one call). */
export async function signUp({ email, password }: Credentials): Promise<void> {
  await createUserWithEmailAndPassword(auth, email.trim(), password);
}

export async function signOut(): Promise<void> {
  await firebaseSignOut(auth);
}
