/**
 * The engine's answers do not change when its code is reorganised: the corpus (./corpus.ts) is replayed
 * against the current build and every answer must equal, byte for byte, the one recorded in ./answers.json.
 * The golden file was recorded on the engine before it was split into an operation table; re-record it only
 * for an intended change of behaviour: DIFFERENTIAL_RECORD=1 npx vitest run --project emulators differential
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { goldenText, recordAnswers, type RecordedAnswer } from './recorder.js';

const GOLDEN = fileURLToPath(new URL('./answers.json', import.meta.url));

describe('the engine answers as it did when the corpus was recorded', () => {
  it('gives every recorded request the same answer, byte for byte', async () => {
    const answers = await recordAnswers();
    if (process.env.DIFFERENTIAL_RECORD === '1') writeFileSync(GOLDEN, goldenText(answers));
    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as RecordedAnswer[];
    expect(answers.map((a) => a.name)).toEqual(golden.map((a) => a.name));
    for (const [i, answer] of answers.entries()) {
      expect(JSON.stringify(answer), `${answer.name} (${answer.call})`).toBe(JSON.stringify(golden[i]));
    }
    expect(goldenText(answers)).toBe(readFileSync(GOLDEN, 'utf8'));
  }, 120_000);
});
