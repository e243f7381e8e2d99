/**
 * `npm run corpus:record`: the differential corpus (emulators/src/firestore/differential/corpus.ts) run against
 * Google's own Firestore emulator with the shop's firestore.rules, its answers normalised (referee.ts) and written
 * to referee-answers.json, which the emulators' unit tests compare ours with where Java is absent too.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { refereeAnswersAt, refereeText } from '../emulators/src/firestore/differential/referee';
import {
  googleFirestoreLauncher,
  REFEREE_ABSENT,
  startGoogleFirestore,
} from '../tests/support/google-firestore';

const ANSWERS = fileURLToPath(
  new URL('../emulators/src/firestore/differential/referee-answers.json', import.meta.url),
);

async function main(): Promise<void> {
  const launcher = googleFirestoreLauncher();
  if (!launcher) {
    console.error(REFEREE_ABSENT);
    process.exit(1);
  }
  const rules = readFileSync(new URL('../firestore.rules', import.meta.url), 'utf8');
  const google = await startGoogleFirestore(launcher);
  try {
    const answers = await refereeAnswersAt(google.port, rules);
    writeFileSync(ANSWERS, refereeText(answers));
    console.log(`${answers.length} answers of Google's emulator written to ${ANSWERS}`);
  } finally {
    await google.stop();
  }
}

void main();
