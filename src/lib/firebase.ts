/**
 * The one Firebase setup of the web app: import app, auth, db, storage and functions from here.
 * Each service is created once in its own module (firebase-app, firestore, storage, functions) so that a
 * page can load only what it uses; this module gathers them for everyone else.
 */
export { app } from './firebase-app';
export { auth } from './auth';
export { db } from './firestore';
export { functions } from './functions';
export { storage } from './storage';
