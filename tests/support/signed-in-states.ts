/**
 * Where the browser suites keep a seeded account's signed-in session (cookies, local storage and the IndexedDB
 * where Firebase Auth keeps its user), so each account signs in through /auth once a run, not once a test
 * (Playwright's storageState; shop-browser.ts). Cleared by the global setup: a session belongs to one run's
 * Auth emulator.
 */
import { fileURLToPath } from 'node:url';

export const SIGNED_IN_STATES = fileURLToPath(new URL('../../test-results/signed-in', import.meta.url));

/** The file of `email`'s session. */
export const signedInStateFile = (email: string) => `${SIGNED_IN_STATES}/${encodeURIComponent(email)}.json`;
