/**
 * Once for the `referee` project: Google's Firestore emulator on a free port, handed to the suites as
 * inject('googleFirestore') ('host:port', or null where it is not installed: then one line says so and the
 * suites skip).
 */
import type { TestProject } from 'vitest/node';
import { googleFirestoreLauncher, REFEREE_ABSENT, startGoogleFirestore } from './google-firestore';

declare module 'vitest' {
  export interface ProvidedContext {
    googleFirestore: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const launcher = googleFirestoreLauncher();
  if (!launcher) {
    console.log(REFEREE_ABSENT);
    project.provide('googleFirestore', null);
    return async () => {};
  }
  const google = await startGoogleFirestore(launcher);
  project.provide('googleFirestore', `${google.host}:${google.port}`);
  return () => google.stop();
}
