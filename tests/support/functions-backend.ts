/**
 * A backend of its own for a suite that needs functions other than the shop's (tests/functions/triggers.test.ts
 * serves test-only trigger functions): the emulators running on free ports and an admin view of the data to
 * arrange and inspect it. A suite about the shop's own functions calls the shared shop's instead
 * (tests/support/shop-callers.ts): one Functions emulator a run.
 */
import {
  deleteApp as deleteAdminApp,
  initializeApp as initializeAdminApp,
  type App,
} from 'firebase-admin/app';
import { getFirestore as getAdminFirestore, type Firestore } from 'firebase-admin/firestore';
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
      await deleteAdminApp(admin);
      await firebaseTools.stop();
      await achar.stop();
    },
  };
}
