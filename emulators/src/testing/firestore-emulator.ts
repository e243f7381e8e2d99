/** What the Firestore emulator's own test files share: an emulator per file, and the server SDK's four ways in. */
import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../firestore/server.js';
import { formatTimestamp } from '../firestore/timestamps.js';
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

/**
 * A write or update time to the microsecond, as RFC 3339, for a raw request's readTime or precondition. Not
 * `toDate().toISOString()`, which keeps the millisecond: a commit in the same millisecond as the one before it is
 * stamped a microsecond later, and its millisecond then reads before it.
 */
export const exactTime = (time: Timestamp): string =>
  formatTimestamp({ seconds: time.seconds, nanos: time.nanoseconds });
