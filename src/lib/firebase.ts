/**
 * The one Firebase setup of the web app: import auth, db and storage from here (callables from ./functions).
 * Each service is created once in its own module (firebase-app, firestore, storage, functions) so that a
 * page can load only what it uses; this module gathers them for everyone else.
 */
export { auth } from './auth';
export { db } from './firestore';
export { storage } from './storage';
