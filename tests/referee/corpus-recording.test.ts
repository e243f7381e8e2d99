/**
 * The differential corpus's answers recorded from Google's emulator (emulators/src/firestore/differential/
 * referee-answers.json, which the emulators' unit tests compare ours with) are still what it answers, with
 * today's corpus and firestore.rules: a change of either that needs a new recording fails here, where Java is.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { refereeAnswersAt, type RefereeAnswer } from '../../emulators/src/firestore/differential/referee.js';

const google = inject('googleFirestore');
const RECORDED = new URL('../../emulators/src/firestore/differential/referee-answers.json', import.meta.url);

describe.skipIf(google === null)("the corpus's recording from Google's emulator", () => {
  it('is what Google’s emulator answers today (else: npm run corpus:record)', async () => {
    const port = Number((google ?? ':').split(':')[1]);
    const rules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
    const recorded = JSON.parse(readFileSync(RECORDED, 'utf8')) as RefereeAnswer[];
    expect(await refereeAnswersAt(port, rules)).toEqual(recorded);
  }, 120_000);
});
