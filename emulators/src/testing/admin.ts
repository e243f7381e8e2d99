/** firebase-admin pointed at an in-process emulator; one app per project and port. */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore, type Settings } from 'firebase-admin/firestore';

export function adminFirestore(
  projectId: string,
  port: number,
  options: { preferRest?: boolean; databaseId?: string } = {},
): Firestore {
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  const name = `${projectId}:${port}:${options.preferRest ? 'rest' : 'grpc'}`;
  const app = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
  // A named database (getFirestore(app, id)) is its own Firestore instance with its own settings.
  const db = options.databaseId ? getFirestore(app, options.databaseId) : getFirestore(app);
  if (options.preferRest && !(db as unknown as { _settingsFrozen?: boolean })._settingsFrozen) {
    // The REST client asks for Google credentials even in emulator mode, and a listener still opens a gRPC
    // channel (which checks the credentials' universe domain): the stand-in answers both with the owner token.
    // `auth` is passed through to google-gax, which Settings' type does not list.
    const settings: Settings & { auth: object } = {
      preferRest: true,
      auth: {
        getRequestHeaders: async () => ({ Authorization: 'Bearer owner' }),
        getUniverseDomain: async () => 'googleapis.com',
      },
    };
    db.settings(settings);
  }
  return db;
}

/** firebase-admin with preferRest against the emulator. */
export const adminOverRest = (projectId: string, port: number): Firestore =>
  adminFirestore(projectId, port, { preferRest: true });
