import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';
import { connectFunctionsEmulator, getFunctions } from 'firebase/functions';
import { connectStorageEmulator, getStorage } from 'firebase/storage';
import { app, auth, emulatorPorts, usesEmulators } from './firebase-app';

/** The one Firebase setup of the web app: import app, auth, db, storage and functions from here. */
export { app, auth };
export const db = getFirestore(app);
export const storage = getStorage(app);
export const functions = getFunctions(app, 'us-central1');

if (usesEmulators) {
  const { firestore, storage: storageEmulator, functions: functionsEmulator } = emulatorPorts;
  connectFirestoreEmulator(db, firestore.host, firestore.port);
  connectStorageEmulator(storage, storageEmulator.host, storageEmulator.port);
  connectFunctionsEmulator(functions, functionsEmulator.host, functionsEmulator.port);
}
