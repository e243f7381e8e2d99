import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import firebaseJson from '../../firebase.json';

// The part of Firebase every page needs at once (the app and the signed-in user). Firestore, Storage and
// Functions each live in their own module (./firestore.ts, ./storage.ts, ./functions.ts, gathered by
// ./firebase.ts), so a page loads only the services it uses, after its first paint.

const env = import.meta.env;
const projectId = env.VITE_FIREBASE_PROJECT_ID ?? 'demo-achar-shop';

export const firebaseConfig = {
  apiKey: env.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
  authDomain: env.VITE_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
  projectId,
  storageBucket: env.VITE_FIREBASE_STORAGE_BUCKET ?? `${projectId}.appspot.com`,
  appId: env.VITE_FIREBASE_APP_ID,
};

/** Emulators are used when asked for explicitly, and by default in `vite dev` (a demo project has no cloud). */
export const usesEmulators =
  env.VITE_USE_EMULATORS === 'true' || (env.DEV === true && env.VITE_USE_EMULATORS !== 'false');

/** Host and port of each local emulator, from firebase.json: one source of ports for app, scripts and CLI. */
export const emulatorPorts = firebaseJson.emulators;

export const app = initializeApp(firebaseConfig);

// initializeAuth without a popup/redirect resolver keeps the iframe helpers out of the first bundle:
// the shop signs in with e-mail and password only. IndexedDB (or localStorage) persistence keeps the session
// across reloads, as shoppers expect.
export const auth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
});

if (usesEmulators) {
  connectAuthEmulator(auth, `http://${emulatorPorts.auth.host}:${emulatorPorts.auth.port}`, {
    disableWarnings: true,
  });
}
