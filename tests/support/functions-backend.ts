/**
 * What the Cloud Functions suites share: the emulators running, an admin view of the data to arrange and
 * inspect it, and signed-in browser clients that call the callables the way the shop's web app does.
 */
import {
  deleteApp as deleteAdminApp,
  initializeApp as initializeAdminApp,
  type App,
} from 'firebase-admin/app';
import { getAuth as getAdminAuth } from 'firebase-admin/auth';
import { getFirestore as getAdminFirestore, type Firestore } from 'firebase-admin/firestore';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import { expect } from 'vitest';
import {
  freePort,
  hostAndPort,
  PROJECT_ID,
  startAcharEmulators,
  startAuthAndFunctionsEmulators,
  type AcharEmulators,
  type EmulatorAddress,
} from './emulator-processes';

export interface Backend {
  db: Firestore;
  admin: App;
  auth: EmulatorAddress;
  functions: EmulatorAddress;
  firestore: EmulatorAddress;
  storage: EmulatorAddress;
  logging: EmulatorAddress;
  /** The offline Firestore and Storage emulators themselves (what the console is given). */
  emulators: AcharEmulators['running'];
  /**
   * Resolves once every Firestore trigger event of the commits so far has been answered by its function (and
   * the events of what those functions wrote, in turn): a duplicate or an extra event would have run by then.
   */
  triggersDelivered(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts a private Firestore + Storage (this repo's emulators) and Auth + Functions (firebase-tools) on free
 * ports, and connects the admin SDK to them. `functionsSource`: serve those functions instead of the shop's. Nothing a developer runs on the usual ports is touched.
 */
export async function startBackend(
  name: string,
  { functionsSource }: { functionsSource?: string } = {},
): Promise<Backend> {
  const functionsPort = await freePort();
  const achar = await startAcharEmulators({ functionsPort });
  let firebaseTools;
  try {
    firebaseTools = await startAuthAndFunctionsEmulators(achar, { functionsPort, functionsSource });
  } catch (error) {
    await achar.stop();
    throw error;
  }
  process.env.FIRESTORE_EMULATOR_HOST = hostAndPort(achar.firestore);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = hostAndPort(firebaseTools.auth);
  const admin = initializeAdminApp({ projectId: PROJECT_ID }, name);
  return {
    admin,
    db: getAdminFirestore(admin),
    auth: firebaseTools.auth,
    functions: firebaseTools.functions,
    firestore: achar.firestore,
    storage: achar.storage,
    logging: firebaseTools.logging,
    emulators: achar.running,
    triggersDelivered: async () => {
      await achar.running.firestore.engine.triggers?.delivery.idle();
    },
    async stop() {
      await Promise.all(clients.splice(0).map((app) => deleteApp(app)));
      await deleteAdminApp(admin);
      await firebaseTools.stop();
      await achar.stop();
    },
  };
}

/** Empties the collections and the Auth emulator's accounts, so each test starts from nothing. */
export async function resetData({ db, auth }: Backend): Promise<void> {
  // With the cash-order guard's documents (order-guard.ts): a number's limits and history start afresh too.
  for (const name of ['products', 'orders', 'roles', 'order-limits', 'phone_summaries', 'blocked_phones']) {
    const snapshot = await db.collection(name).get();
    const batch = db.batch();
    for (const doc of snapshot.docs) batch.delete(doc.ref);
    if (!snapshot.empty) await batch.commit();
  }
  const { host, port } = auth;
  const response = await fetch(`http://${host}:${port}/emulator/v1/projects/${PROJECT_ID}/accounts`, {
    method: 'DELETE',
  });
  if (!response.ok) throw new Error(`Could not clear the Auth emulator: ${response.status}`);
}

const clients: FirebaseApp[] = [];
let clientCount = 0;

/** A browser-like client, signed in as a new account with this e-mail, or signed out when email is null. */
export async function clientFor(
  backend: Backend,
  email: string | null,
  /** 01XXXXXXXXX: the account has this number verified (linked), as after the order dialog's phone code. */
  { phone }: { phone?: string } = {},
): Promise<{ uid: string | null; functions: Functions; idToken: () => Promise<string> }> {
  const app = initializeApp(
    { apiKey: 'demo-api-key', projectId: PROJECT_ID },
    `client-${(clientCount += 1)}`,
  );
  clients.push(app);
  const functions = getFunctions(app, 'us-central1');
  connectFunctionsEmulator(functions, backend.functions.host, backend.functions.port);
  const signedOut = () => Promise.reject(new Error('a signed-out client has no ID token'));
  if (email === null) return { uid: null, functions, idToken: signedOut };

  const password = 'secret123';
  const user = await getAdminAuth(backend.admin).createUser({
    email,
    password,
    ...(phone ? { phoneNumber: `+88${phone}` } : {}),
  });
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${hostAndPort(backend.auth)}`, { disableWarnings: true });
  const { user: signedIn } = await signInWithEmailAndPassword(auth, email, password);
  return { uid: user.uid, functions, idToken: () => signedIn.getIdToken() };
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
