/**
 * What the web app's emulator tests (`*.emulator.test.ts`, node environment) share: the repository's own Firestore
 * emulator on a free port with the real firestore.rules and firestore.indexes.json, the admin SDK on it, the web
 * SDK connected as a signed-in admin (`roles/admin`), and the emulator's count of documents read.
 * Call it at the top of a test file: it starts everything before the file's own `beforeAll` and stops it after.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, terminate, type Firestore } from 'firebase/firestore';
import type { Firestore as AdminFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll } from 'vitest';
import { readProjectConfig, startOfflineEmulators, type OfflineEmulators } from '../../emulators/src/index';
import { adminFirestore } from '../../emulators/src/testing/admin';

const PROJECT_ID = 'demo-achar-shop';

export interface FirestoreAsAdmin {
  /** The admin SDK, for seeding. */
  readonly admin: AdminFirestore;
  /** The web SDK, signed in as the admin: what the dashboard's queries run on. */
  readonly db: Firestore;
  /** Documents read since the last reset, as the emulator counts them (production's billing). */
  documentReads(): Promise<number>;
  resetReads(): Promise<void>;
}

export function firestoreAsAdminForSuite(appName: string): FirestoreAsAdmin {
  let emulators: OfflineEmulators | undefined;
  let app: FirebaseApp | undefined;
  let admin: AdminFirestore;
  let db: Firestore | undefined;
  let usageUrl = '';

  beforeAll(async () => {
    process.env.METADATA_SERVER_DETECTION = 'none';
    emulators = await startOfflineEmulators({
      config: readProjectConfig(new URL('../..', import.meta.url).pathname),
      ports: { firestore: 0, storage: 0 },
    });
    const { port } = emulators.firestore;
    usageUrl = `http://127.0.0.1:${port}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/usage`;
    admin = adminFirestore(PROJECT_ID, port);
    await admin.doc('roles/admin').set({ user_id: 'admin', role: 'admin' });
    app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, appName);
    db = getFirestore(app);
    // An admin is a role record and a verified e-mail (firestore.rules' isAdmin).
    connectFirestoreEmulator(db, '127.0.0.1', port, {
      mockUserToken: { sub: 'admin', user_id: 'admin', email: 'admin@achar.test', email_verified: true },
    });
  }, 60_000);

  afterAll(async () => {
    if (db) await terminate(db);
    if (app) await deleteApp(app);
    await emulators?.stop();
  });

  return {
    get admin() {
      return admin;
    },
    get db() {
      if (!db) throw new Error('firestoreAsAdminForSuite: the emulator has not started yet');
      return db;
    },
    async documentReads() {
      return ((await (await fetch(usageUrl)).json()) as { documentReads: number }).documentReads;
    },
    async resetReads() {
      await fetch(usageUrl, { method: 'DELETE' });
    },
  };
}
