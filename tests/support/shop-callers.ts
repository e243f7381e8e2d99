/**
 * Callers of the shared shop's callables from Node, as the web app calls them (Firebase's client SDK, signed in
 * through the Auth emulator): the integration suites' one Functions emulator (tests/support/global-setup.ts)
 * serves them, so a suite about a callable starts no firebase-tools of its own. Each caller is a new account of
 * the suite's own (the shop is shared: nothing is cleared, a suite counts only its own orders and jars).
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { expect } from 'vitest';
import { readProjectConfig } from '../../emulators/src/config.js';
import { newShopperAccount, verifyPhoneOf } from './shop-orders';

const { auth, functions: functionsEmulator, projectId } = readProjectConfig();

export interface ShopCaller {
  /** null for a signed-out caller. */
  uid: string | null;
  functions: Functions;
  idToken(): Promise<string>;
}

const apps: FirebaseApp[] = [];

function newApp(): FirebaseApp {
  const app = initializeApp(
    { apiKey: 'demo-api-key', projectId },
    `shop-caller-${apps.length + 1}-${process.pid}`,
  );
  apps.push(app);
  return app;
}

function functionsOf(app: FirebaseApp): Functions {
  const functions = getFunctions(app, 'us-central1');
  connectFunctionsEmulator(functions, functionsEmulator.host, functionsEmulator.port);
  return functions;
}

/**
 * A new shopper's account (`who` names it), signed in; with `phone` (01XXXXXXXXX) that number verified on the
 * account, as the order dialog's phone code leaves it (the ID token's phone_number).
 */
export async function shopCaller(who: string, { phone }: { phone?: string } = {}): Promise<ShopCaller> {
  const account = await newShopperAccount(who);
  if (phone) await verifyPhoneOf(account, phone);
  const app = newApp();
  const signedIn = getAuth(app);
  connectAuthEmulator(signedIn, `http://${auth.host}:${auth.port}`, { disableWarnings: true });
  const { user } = await signInWithEmailAndPassword(signedIn, account.email, account.password);
  return { uid: user.uid, functions: functionsOf(app), idToken: () => user.getIdToken() };
}

/** A visitor who has not signed in. */
export function signedOutCaller(): ShopCaller {
  return {
    uid: null,
    functions: functionsOf(newApp()),
    idToken: () => Promise.reject(new Error('a signed-out caller has no ID token')),
  };
}

/** Lets go of every caller's app (the suite's afterAll). */
export async function closeShopCallers(): Promise<void> {
  await Promise.all(apps.splice(0).map((app) => deleteApp(app)));
}

export function callable<Request, Response>(functions: Functions, name: string, timeoutMs = 70_000) {
  const call = httpsCallable<Request, Response>(functions, name, { timeout: timeoutMs });
  return async (data: Request): Promise<Response> => (await call(data)).data;
}

/**
 * The error code and Bengali message a rejected call carried, e.g. "functions/invalid-argument". The message
 * is read from `details.message`, where the callables put it, because the SDK appends " [400]" to `message`.
 */
export async function refusalOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    const { code, message, details } = error as {
      code?: unknown;
      message?: unknown;
      details?: { message?: unknown };
    };
    if (typeof details?.message !== 'string')
      throw new Error(`The refusal carried no details.message: ${String(message)}`);
    expect(String(message)).toContain(details.message);
    return { code: String(code), message: details.message };
  }
  throw new Error('expected the call to be refused');
}
