import { emulators } from '../../firebase.json';

// The Firebase project's web config and where its emulators listen: plain values, no Firebase SDK, so the
// storefront's tiny entry can make its first request (src/features/catalog/api/active-products-rest.ts)
// before any SDK has loaded.

// Each `import.meta.env.X` is written out in full so Vite replaces it with the build's value and the
// minifier drops the demo fallbacks and the emulator wiring from a production build
// (scripts/build/firebase-web-config.ts checks that they are gone).
const projectId = import.meta.env.VITE_FIREBASE_PROJECT_ID ?? 'demo-achar-shop';

export const firebaseConfig = {
  apiKey: import.meta.env.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
  authDomain: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
  projectId,
  storageBucket: import.meta.env.VITE_FIREBASE_STORAGE_BUCKET ?? `${projectId}.appspot.com`,
  appId: import.meta.env.VITE_FIREBASE_APP_ID,
};

/**
 * Emulators are used when asked for explicitly, and by default in `vite dev` (a demo project has no cloud).
 * Never in a production-mode build, whatever asks: the build refuses one with emulator settings
 * (scripts/build/firebase-web-config.ts), and should a setting slip past it, this still makes none of the
 * emulator wiring part of the deployed code.
 */
export const usesEmulators =
  import.meta.env.MODE !== 'production' &&
  (import.meta.env.VITE_USE_EMULATORS === 'true' ||
    (import.meta.env.DEV === true && import.meta.env.VITE_USE_EMULATORS !== 'false'));

/**
 * Host and port of each local emulator, from firebase.json: one source of ports for app, scripts and CLI.
 * Read only where `usesEmulators` holds; a production build carries an empty object instead, so no emulator
 * address ships to the real site.
 */
export const emulatorPorts = (usesEmulators ? emulators : {}) as typeof emulators;
