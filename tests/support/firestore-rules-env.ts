/**
 * The rules suites' set-up: the offline emulators with the repository's firestore.rules loaded (and storage.rules
 * when asked), through @firebase/rules-unit-testing, and the web SDK's Firestore as the shop's callers (signed
 * out, a customer, the admin, a signed-in user whose role record names another role). Call it at a test file's
 * top level: it registers its own beforeAll / afterAll.
 */
import { initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { setLogLevel, type Firestore } from 'firebase/firestore';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, expect, inject } from 'vitest';
import { PROJECT_ID, REPO_ROOT, startAcharEmulators, type AcharEmulators } from './emulator-processes';

export interface FirestoreRulesEnv {
  /** The test environment (clearFirestore, withSecurityRulesDisabled…); set once beforeAll has run. */
  env(): RulesTestEnvironment;
  anonymous(): Firestore;
  /** A signed-in customer, alice@example.com. */
  alice(): Firestore;
  /** The seeded admin (admin@achar.test, its e-mail verified; a suite writes roles/admin itself). */
  admin(): Firestore;
  /** The same uid as `admin` (so the same role record) with a token whose e-mail is not verified. */
  unverifiedAdmin(): Firestore;
  /** Signed in as `editor`: a role record that names a role other than admin, if the suite writes one. */
  editor(): Firestore;
}

export interface RulesEnvOptions {
  /** Also load storage.rules into the Storage emulator (whose rules ask Firestore who is an admin). */
  storage?: boolean;
}

/**
 * In the `referee` project (vitest.config.ts), Google's Firestore emulator instead of ours: 'host:port', or null
 * where it is not installed (the suite's tests skip); undefined elsewhere.
 */
function refereeAddress(): string | null | undefined {
  return process.env.ACHAR_RULES_REFEREE === '1' ? inject('googleFirestore') : undefined;
}

export function useFirestoreRulesEnv(options: RulesEnvOptions = {}): FirestoreRulesEnv {
  let emulators: AcharEmulators | undefined;
  let env: RulesTestEnvironment | undefined;
  const referee = refereeAddress();
  if (referee === null) beforeEach((context) => context.skip());
  beforeAll(async () => {
    // Every denial would otherwise be logged by the SDK as an error; the assertions say what matters.
    setLogLevel('silent');
    const rulesOf = (file: string) => readFileSync(`${REPO_ROOT}/${file}`, 'utf8');
    if (referee === null) return;
    if (referee !== undefined) {
      if (options.storage) throw new Error("Google's Firestore emulator has no Storage: no referee for it");
      const [host, port] = referee.split(':');
      // The suites share the one emulator, side by side: a project of its own for each (rules and data).
      const suite = createHash('sha256')
        .update(expect.getState().testPath ?? '')
        .digest('hex')
        .slice(0, 8);
      env = await initializeTestEnvironment({
        projectId: `${PROJECT_ID}-${suite}`,
        firestore: { host: host!, port: Number(port), rules: rulesOf('firestore.rules') },
      });
      return;
    }
    emulators = await startAcharEmulators();
    env = await initializeTestEnvironment({
      projectId: PROJECT_ID,
      firestore: { ...emulators.firestore, rules: rulesOf('firestore.rules') },
      ...(options.storage && { storage: { ...emulators.storage, rules: rulesOf('storage.rules') } }),
    });
  });
  afterAll(async () => {
    await env?.cleanup();
    await emulators?.stop();
  });
  const ready = () => {
    if (!env) throw new Error('useFirestoreRulesEnv: the environment is set up in beforeAll');
    return env;
  };
  const as = (uid: string, token?: { email: string; email_verified: boolean }) =>
    ready().authenticatedContext(uid, token).firestore() as unknown as Firestore;
  return {
    env: ready,
    anonymous: () => ready().unauthenticatedContext().firestore() as unknown as Firestore,
    alice: () => as('alice', { email: 'alice@example.com', email_verified: true }),
    admin: () => as('admin', { email: 'admin@achar.test', email_verified: true }),
    unverifiedAdmin: () => as('admin', { email: 'admin@achar.test', email_verified: false }),
    editor: () => as('editor'),
  };
}
