import { connectStorageEmulator, getStorage } from 'firebase/storage';
import { app, emulatorPorts, usesEmulators } from './firebase-app';

/** The default bucket, where product-images/ live. */
export const storage = getStorage(app);

if (usesEmulators) connectStorageEmulator(storage, emulatorPorts.storage.host, emulatorPorts.storage.port);
