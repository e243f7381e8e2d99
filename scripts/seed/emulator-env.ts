import { readFileSync } from 'node:fs';

interface EmulatorAddress {
  host: string;
  port: number;
}

const firebaseJson = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8')) as {
  emulators: Record<'auth' | 'firestore' | 'storage', EmulatorAddress>;
};

export const DEMO_PROJECT_ID = 'demo-achar-shop';

export function emulatorHost(name: 'auth' | 'firestore' | 'storage'): string {
  const { host, port } = firebaseJson.emulators[name];
  return `${host}:${port}`;
}

/**
 * Points the admin SDK at the local emulators (ports from firebase.json) unless the environment already
 * names them, so that these scripts can never write to a real project by accident.
 */
export function useEmulators(): void {
  process.env.FIRESTORE_EMULATOR_HOST ??= emulatorHost('firestore');
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= emulatorHost('auth');
  process.env.FIREBASE_STORAGE_EMULATOR_HOST ??= emulatorHost('storage');
  // @google-cloud/storage reads STORAGE_EMULATOR_HOST, and firebase-admin only fills it in when it is unset:
  // a value left over from another emulator would send the uploads there while the URLs point here.
  process.env.STORAGE_EMULATOR_HOST = `http://${process.env.FIREBASE_STORAGE_EMULATOR_HOST}`;
}
