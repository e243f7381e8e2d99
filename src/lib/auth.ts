import {
  browserLocalPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';
import { app, emulatorPorts, usesEmulators } from './firebase-app';

// The signed-in user. Loaded after the first paint (the auth provider imports it dynamically).

// initializeAuth without a popup/redirect resolver keeps the iframe helpers out: the shop signs in with
// e-mail and password only. The session survives reloads, as shoppers expect.
export const auth = initializeAuth(app, {
  persistence: [indexedDBLocalPersistence, browserLocalPersistence],
});

if (usesEmulators) {
  connectAuthEmulator(auth, `http://${emulatorPorts.auth.host}:${emulatorPorts.auth.port}`, {
    disableWarnings: true,
  });
}
