import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore/lite';
import { app, emulatorPorts, usesEmulators } from './firebase-app';

/**
 * Firestore without the realtime machinery: each read is one HTTPS request (REST `runQuery`), no WebChannel
 * handshake. For data a page shows once, at once (the storefront's first product list). Production talks to
 * firestore.googleapis.com; emulator builds to the local emulator.
 */
export const liteDb = getFirestore(app);

if (usesEmulators)
  connectFirestoreEmulator(liteDb, emulatorPorts.firestore.host, emulatorPorts.firestore.port);
