import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { app, emulatorPorts, usesEmulators } from './firebase-app';

/** The app's Firestore. Imported on its own by the storefront's data layer so Storage stays out of it. */
export const db = getFirestore(app);

if (usesEmulators) connectFirestoreEmulator(db, emulatorPorts.firestore.host, emulatorPorts.firestore.port);
