/**
 * The corpus (./corpus.ts), with the shop's firestore.rules, replayed against the current build:
 * - every answer equals, byte for byte, the one recorded from ours in ./answers.json, so a reorganisation of the
 *   code changes nothing. Re-record it only for an intended change of behaviour:
 *   DIFFERENTIAL_RECORD=1 npx vitest run --project emulators differential
 * - every answer means what Google's own emulator answered (./referee-answers.json, recorded by
 *   `npm run corpus:record`; compared through ./referee.ts), except the differences listed below and in
 *   emulators/docs/google-referee.md, so the unit tier keeps the referee's answers where Java is absent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { FROZEN_NOW, goldenText, recordAnswers } from './recorder.js';
import { refereeView, type RefereeAnswer } from './referee.js';
import type { RecordedAnswer } from './run.js';

const GOLDEN = fileURLToPath(new URL('./answers.json', import.meta.url));
const REFEREE = fileURLToPath(new URL('./referee-answers.json', import.meta.url));

/** Where Google's emulator answers otherwise, and why production would not show it (google-referee.md). */
const KNOWN_DIFFERENCES: Record<string, string> = {
  'emulator: unknown route': 'a path no API method has: Google answers a plain-text 404',
  'put: not an API method': 'a path no API method has: Google answers a plain-text 404',
  'verb: GET on :commit': 'a path no API method has: Google answers a plain-text 404',
  'verb: unknown': 'a path no API method has: Google answers a plain-text 404',
  'get: the documents root': 'a path no API method has: Google answers a plain-text 404, ours 400',
  'list: next page': "Google's emulator fails a page token with an orderBy (500)",
  'list: show missing parents': "Google's emulator ignores the mask when showMissing is set",
  'commit: a document of another database': "Google's emulator writes a document of another project",
  'batchGet: a document of another database': "Google's emulator reads a document of another project",
  'transaction: rollback again': "Google's emulator accepts rolling back a finished transaction",
  'query: cursors and offset': "Google's emulator reports skippedResults for an offset, ours does not",
  'query: kindless': "a query without `from`: Google's emulator answers it, ours refuses it",
  'aggregate: too many': "Google's emulator fails more than 5 aggregations with 500, ours 400",
  'batchWrite: as alice, one refused': "Google's emulator refuses batchWrite without admin credentials",
  'rules: a forged token': "an invalid token: Google's emulator answers 400, ours 401",
  'forged token': "an invalid token: Google's emulator answers INVALID_ARGUMENT, ours UNAUTHENTICATED",
  RunAggregationQuery:
    "Google's gRPC answer has a field (5) the v1 protos lack: the corpus's decoder refuses it",
  'PartitionQuery: no structuredQuery': "Google's emulator does not implement PartitionQuery",
  'Listen: a documents target': "Google's emulator sends a missing document's delete, ours nothing",
  'Listen: the changes': "Google's emulator resets the query target and sends it again, ours the changes",
  'Listen as alice: a bad database': "Google's emulator adds the target, then fails the stream (UNKNOWN)",
};

describe('the engine answers the corpus as recorded', () => {
  let answers: RecordedAnswer[];
  beforeAll(async () => {
    answers = await recordAnswers();
  }, 120_000);

  it('gives every recorded request the same answer, byte for byte', () => {
    if (process.env.DIFFERENTIAL_RECORD === '1') writeFileSync(GOLDEN, goldenText(answers));
    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as RecordedAnswer[];
    expect(answers.map((a) => a.name)).toEqual(golden.map((a) => a.name));
    for (const [i, answer] of answers.entries()) {
      expect(JSON.stringify(answer), `${answer.name} (${answer.call})`).toBe(JSON.stringify(golden[i]));
    }
    expect(goldenText(answers)).toBe(readFileSync(GOLDEN, 'utf8'));
  });

  it("answers as Google's emulator did, but for the differences written down", () => {
    const referee = JSON.parse(readFileSync(REFEREE, 'utf8')) as RefereeAnswer[];
    // The WebChannel part of the corpus is ours alone (Google's emulator streams its backchannel).
    const ours = refereeView(
      answers.filter((a) => !a.name.startsWith('WebChannel')),
      FROZEN_NOW,
    );
    expect(ours.map((a) => a.name)).toEqual(referee.map((a) => a.name));
    const differing: string[] = [];
    for (const [i, answer] of ours.entries()) {
      if (answer.name in KNOWN_DIFFERENCES) {
        if (JSON.stringify(answer) !== JSON.stringify(referee[i])) differing.push(answer.name);
      } else expect(answer, answer.name).toEqual(referee[i]);
    }
    // A difference fixed is taken off the list.
    expect(differing.sort()).toEqual(Object.keys(KNOWN_DIFFERENCES).sort());
  });
});
