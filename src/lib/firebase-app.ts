import { initializeApp } from 'firebase/app';
import firebaseJson from '../../firebase.json';

// The Firebase app and its config, nothing else: every service lives in its own module (auth, firestore,
// firestore-lite, storage, functions) so that a page loads only the services it uses, when it uses them.

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
