/**
 * Where the browser suites keep a seeded account's signed-in session (cookies, local storage and the IndexedDB
 * where Firebase Auth keeps its user), so each account signs in through /auth once a run, not once a test
 * (Playwright's storageState; shop-browser.ts). A session belongs to the Auth emulator's accounts as they were:
 * forgotten by the global setup and by a suite that clears or restores the accounts.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SIGNED_IN_STATES = fileURLToPath(new URL('../../test-results/signed-in', import.meta.url));

/** The file of `email`'s session. */
export const signedInStateFile = (email: string) => `${SIGNED_IN_STATES}/${encodeURIComponent(email)}.json`;

/** Drops every saved session: the next signed-in visitor signs in through /auth again. */
export function forgetSignedInSessions(): void {
  rmSync(SIGNED_IN_STATES, { recursive: true, force: true });
}
