/**
 * The differential fuzzer: random documents, queries, aggregations, batches, transactions and rules requests,
 * sent over REST to Google's Firestore emulator and to ours, the answers compared (documents and their order,
 * values, HTTP status and error status; not message wording nor server times). Seeded and shrinking
 * (fast-check): FUZZ_RUNS cases per property (a few in the test command; `npm run fuzz:referee` runs many, with
 * a random seed that a failure prints, FUZZ_SEED=<seed> replays it). Every difference found is fixed in ours or
 * written down in emulators/docs/google-referee.md; the cases below that are pinned are those differences.
 */
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../emulators/src/firestore/server.js';
import {
  arbitraryBatch,
  arbitraryDocument,
  arbitraryQuery,
  arbitraryQueryDocs,
  arbitraryRulesRequest,
  arbitraryTransaction,
  type Engine,
  normalise,
  runBatch,
  runQueryCase,
  runRoundTrip,
  runRulesRequest,
  runTransaction,
  seedShop,
} from './fuzz-cases';

const google = inject('googleFirestore');
const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? 50);
const settings = { numRuns: RUNS, seed: SEED, endOnFailure: false };
/** A property's time: up to a second a case on a busy machine (the rules' cases load the rules each). */
const TIMEOUT = Math.max(60_000, RUNS * 3_000);

let ours: FirestoreEmulator;
let engines: [Engine, Engine];
let project = 0;
/** A project of its own for each case (both emulators keep data per project), named alike in both. */
const nextProject = () => `demo-fuzz-${SEED}-${++project}`;

/** Runs one case on both engines; their normalised answers must be equal. */
async function same<T>(run: (engine: Engine, projectId: string) => Promise<T>): Promise<void> {
  const projectId = nextProject();
  const [theirs, mine] = await Promise.all(engines.map((engine) => run(engine, projectId)));
  expect(normalise(mine)).toEqual(normalise(theirs));
}

describe.skipIf(!google)("our Firestore emulator answers as Google's, on random input", () => {
  beforeAll(async () => {
    console.log(`firestore fuzz: ${RUNS} cases per property, seed ${SEED}`);
    ours = await startFirestoreEmulator({ port: 0 });
    const [host, port] = google!.split(':');
    engines = [
      { name: 'google', host: host!, port: Number(port) },
      { name: 'ours', host: '127.0.0.1', port: ours.port },
    ];
  });
  afterAll(async () => {
    await ours?.stop();
  });

  it(
    'stores and reads back any document: every value type, nested, edge numbers, long and unicode texts',
    async () => {
      await fc.assert(
        fc.asyncProperty(arbitraryDocument, (fields) => same((e, p) => runRoundTrip(e, p, fields))),
        settings,
      );
    },
    TIMEOUT,
  );

  it(
    'answers any query and aggregation alike: filters, in / not-in / array-contains-any, order, cursors, limits, groups',
    async () => {
      await fc.assert(
        fc.asyncProperty(arbitraryQueryDocs, arbitraryQuery, (docs, query) =>
          same((e, p) => runQueryCase(e, p, docs, query)),
        ),
        settings,
      );
    },
    TIMEOUT,
  );

  it(
    'commits any batch alike: sets, masks, transforms, preconditions, deletes',
    async () => {
      await fc.assert(
        fc.asyncProperty(arbitraryBatch, (batch) => same((e, p) => runBatch(e, p, batch))),
        settings,
      );
    },
    TIMEOUT,
  );

  it(
    'runs any transaction alike: reads, then writes or a rollback',
    async () => {
      await fc.assert(
        fc.asyncProperty(arbitraryTransaction, (transaction) =>
          same((e, p) => runTransaction(e, p, transaction)),
        ),
        settings,
      );
    },
    TIMEOUT,
  );

  it(
    "decides any request by the shop's rules alike, under any caller",
    async () => {
      const rules = readFileSync(new URL('../../firestore.rules', import.meta.url), 'utf8');
      await fc.assert(
        fc.asyncProperty(arbitraryRulesRequest, (request) =>
          same(async (e, p) => {
            await seedShop(e, p, rules);
            return runRulesRequest(e, p, request);
          }),
        ),
        settings,
      );
    },
    TIMEOUT,
  );
});
