/** What the Firestore emulator's own test files share: an emulator per file, and the server SDK's four ways in. */
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../firestore/server.js';
import { adminFirestore } from './admin.js';

/** A Firestore emulator of this test file's own, on a free port: started before its tests, stopped after. */
export function useFirestoreEmulator(): () => FirestoreEmulator {
  let emulator: FirestoreEmulator | undefined;
  beforeAll(async () => {
    emulator = await startFirestoreEmulator({ port: 0 });
  });
  afterAll(async () => {
    await emulator?.stop();
  });
  return () => {
    if (!emulator)
      throw new Error('The Firestore emulator starts in beforeAll: use it inside a test or hook.');
    return emulator;
  };
}

/** firebase-admin over gRPC and over REST, each on the default database and on `namedDatabase`. */
export function adminTransports(namedDatabase: string) {
  return [
    { transport: 'gRPC', database: '(default)' },
    { transport: 'REST', database: '(default)' },
    { transport: 'gRPC', database: namedDatabase },
    { transport: 'REST', database: namedDatabase },
  ] as const;
}

/** firebase-admin on `emulator` for `project`, over one transport and database of adminTransports. */
export function adminOver(
  emulator: FirestoreEmulator,
  project: string,
  { transport, database }: { transport: 'gRPC' | 'REST'; database: string },
): Firestore {
  return adminFirestore(project, emulator.port, {
    preferRest: transport === 'REST',
    databaseId: database === '(default)' ? undefined : database,
  });
}
