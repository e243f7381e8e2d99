/**
 * Differences from Google's own Firestore emulator that the differential fuzzer (tests/referee/) or the corpus
 * recorded from it (differential/referee-answers.json) found and that were fixed here, each as its shrunk case;
 * the query cursors' are in query/query.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { useFirestoreEmulator } from '../testing/firestore-emulator.js';
import { mockIdToken } from '../testing/id-token.js';
import { OWNER, rawRequest } from '../testing/http.js';

const PROJECT = 'demo-referee-findings';
const DB = `projects/${PROJECT}/databases/(default)`;
const DOCS = `/v1/${DB}/documents`;
const VISITOR = { Authorization: `Bearer ${mockIdToken('visitor')}` };
const emulator = useFirestoreEmulator();

async function rules(allow: string): Promise<void> {
  const content = `rules_version = '2';
service cloud.firestore { match /databases/{d}/documents { match /{x=**} { ${allow} } } }`;
  const loaded = await rawRequest(emulator().port, 'PUT', `/emulator/v1/projects/${PROJECT}:securityRules`, {
    rules: { files: [{ name: 'firestore.rules', content }] },
  });
  expect(loaded.status).toBe(200);
}

const updateMissing = (extra: object = {}) => ({
  writes: [
    {
      update: { name: `${DB}/documents/products/o2`, fields: {} },
      currentDocument: { exists: true },
      ...extra,
    },
  ],
});

describe("what Google's emulator answers first", () => {
  it('refuses a write the rules refuse before saying its document is missing (the method is the precondition’s)', async () => {
    await rules('allow create: if true; allow update: if false;');
    const refused = await rawRequest(emulator().port, 'POST', `${DOCS}:commit`, updateMissing(), VISITOR);
    expect(refused.status).toBe(403);
    await rules('allow create: if false; allow update: if true;');
    const missing = await rawRequest(emulator().port, 'POST', `${DOCS}:commit`, updateMissing(), VISITOR);
    expect(missing.status).toBe(404);
  });

  it('refuses a batch with a malformed write before a failed precondition of an earlier write', async () => {
    const batch = {
      writes: [
        { delete: `${DB}/documents/products/x`, currentDocument: { exists: true } },
        {
          update: { name: `${DB}/documents/products/x`, fields: {} },
          updateTransforms: [{ fieldPath: 'n', maximum: { nullValue: null } }],
        },
      ],
    };
    const answer = await rawRequest(emulator().port, 'POST', `${DOCS}:commit`, batch, OWNER);
    expect(answer.status).toBe(400);
  });

  it('refuses a non-numeric maximum as bad input before looking for the document', async () => {
    const transforms = { updateTransforms: [{ fieldPath: 'n', maximum: { nullValue: null } }] };
    const answer = await rawRequest(
      emulator().port,
      'POST',
      `${DOCS}:commit`,
      updateMissing(transforms),
      OWNER,
    );
    expect(answer.status).toBe(400);
  });

  it('refuses a batchWrite that writes one document twice, writing nothing', async () => {
    const name = `${DB}/documents/products/twice`;
    const answer = await rawRequest(
      emulator().port,
      'POST',
      `${DOCS}:batchWrite`,
      { writes: [{ update: { name, fields: {} } }, { delete: name }] },
      OWNER,
    );
    expect(answer.status).toBe(400);
    const read = await rawRequest(emulator().port, 'GET', `${DOCS}/products/twice`, undefined, OWNER);
    expect(read.status).toBe(404);
  });

  it('names aggregations without an alias field_1, field_2, … counting only those', async () => {
    const answer = await rawRequest(
      emulator().port,
      'POST',
      `${DOCS}:runAggregationQuery`,
      {
        structuredAggregationQuery: {
          structuredQuery: { from: [{ collectionId: 'nothing' }] },
          aggregations: [{ alias: 'named', count: {} }, { count: {} }, { count: { upTo: 3 } }],
        },
      },
      OWNER,
    );
    expect(answer.status).toBe(200);
    const [{ result }] = answer.body as { result: { aggregateFields: object } }[];
    expect(Object.keys(result.aggregateFields).sort()).toEqual(['field_1', 'field_2', 'named']);
  });
});
