import type { Firestore, Transaction } from 'firebase-admin/firestore';
import { HttpsError } from 'firebase-functions/v2/https';
import { orderMessages, type Parsed } from '../../src/features/ordering/model';
import { signedInCaller, type Caller } from './caller';
import { refusal } from './refusal';

/** What every callable starts from: who called, and the payload as the shared model reads it. */
export interface Call<Input> {
  caller: Caller;
  input: Input;
}

/**
 * The first steps of every callable, in this order: a caller who is not signed in is refused ('unauthenticated',
 * with the callable's own text), then a payload the model's parser refuses ('invalid-argument', its first
 * Bengali reason).
 */
export function readCall<Input>(
  auth: unknown,
  data: unknown,
  signInRequired: string,
  parse: (data: unknown) => Parsed<Input>,
): Call<Input> {
  const caller = signedInCaller(auth);
  if (!caller) throw refusal('unauthenticated', signInRequired);
  const parsed = parse(data);
  if (!parsed.ok) throw refusal('invalid-argument', parsed.error);
  return { caller, input: parsed.input };
}

/** gRPC status 10 is ABORTED: a transaction lost every retry to concurrent writers of the same documents. */
function isAborted(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 10;
}

/**
 * A callable's transaction: its refusals reach the caller as they are, and a transaction that lost every retry
 * to other writers is refused as 'aborted' with "try again in a moment" instead of a server fault.
 */
export async function inTransaction<T>(
  db: Firestore,
  body: (transaction: Transaction) => Promise<T>,
  options: { maxAttempts?: number } = {},
): Promise<T> {
  try {
    return await db.runTransaction(body, options);
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    if (isAborted(error)) throw refusal('aborted', orderMessages.errors.tooBusy);
    throw error;
  }
}
