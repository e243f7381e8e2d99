import { initializeApp } from 'firebase/app';
import { firebaseConfig } from './firebase-config';

// The Firebase app, nothing else: every service lives in its own module (auth, firestore, storage,
// functions) so that a page loads only the services it uses, when it uses them.
export { emulatorPorts, usesEmulators } from './firebase-config';

export const app = initializeApp(firebaseConfig);
