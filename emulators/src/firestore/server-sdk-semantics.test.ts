/**
 * Answers that differed from production for the server SDK (issue 27, item 5), each test named for what
 * production does: through firebase-admin over gRPC and REST, on the default and on a named database.
 */
import { AggregateField, type Firestore } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminOver, adminTransports, useFirestoreEmulator } from '../testing/firestore-emulator.js';
import { OWNER, rawRequest } from '../testing/http.js';

process.env.METADATA_SERVER_DETECTION = 'none';

const emulator = useFirestoreEmulator();

const CASES = adminTransports('pickles');

describe.each(CASES)('firebase-admin over $transport, database $database', ({ transport, database }) => {
  const project = `demo-semantics-${transport.toLowerCase()}`;
  const documents = `/v1/projects/${project}/databases/${database}/documents`;
  let db: Firestore;

  beforeAll(() => {
    db = adminOver(emulator(), project, { transport, database });
  });

  const ids = async (query: FirebaseFirestore.Query) => (await query.get()).docs.map((d) => d.id).sort();

  it('`!= NaN` and `!= null` match neither null nor a missing field, as in production', async () => {
    const col = db.collection('neq');
    await Promise.all([
      col.doc('null').set({ v: null }),
      col.doc('nan').set({ v: NaN }),
      col.doc('one').set({ v: 1 }),
      col.doc('text').set({ v: 'achar' }),
      col.doc('missing').set({ other: 1 }),
    ]);
    expect(await ids(col.where('v', '!=', NaN))).toEqual(['one', 'text']);
    expect(await ids(col.where('v', '!=', null))).toEqual(['nan', 'one', 'text']);
  });

  it('`not-in` with null in its list matches nothing, as in production; without null it skips null', async () => {
    const col = db.collection('notin');
    await Promise.all([
      col.doc('null').set({ v: null }),
      col.doc('one').set({ v: 1 }),
      col.doc('two').set({ v: 2 }),
    ]);
    expect(await ids(col.where('v', 'not-in', [1, null]))).toEqual([]);
    expect(await ids(col.where('v', 'not-in', [1]))).toEqual(['two']);
  });

  it('several aggregations over fields only aggregate the documents that have every field, as in production', async () => {
    const col = db.collection('aggs');
    await Promise.all([
      col.doc('both').set({ jars: 2, grams: 500 }),
      col.doc('jars-only').set({ jars: 5 }),
      col.doc('grams-only').set({ grams: 250 }),
      col.doc('neither').set({ name: 'lemon' }),
    ]);
    const all = await col
      .aggregate({
        n: AggregateField.count(),
        jars: AggregateField.sum('jars'),
        grams: AggregateField.average('grams'),
      })
      .get();
    expect(all.data()).toEqual({ n: 1, jars: 2, grams: 500 });
    // One field aggregated: a document without it adds nothing, and count() alone counts every document.
    expect((await col.aggregate({ jars: AggregateField.sum('jars') }).get()).data()).toEqual({ jars: 7 });
    expect((await col.count().get()).data().count).toBe(4);
  });

  it('BatchWrite answers a delete with no update_time (the proto: "not set after a delete"), as in production', async () => {
    await db.doc('batch/old').set({ jars: 1 });
    const answer = await rawRequest(
      emulator().port,
      'POST',
      `${documents}:batchWrite`,
      {
        writes: [
          { delete: `projects/${project}/databases/${database}/documents/batch/old` },
          { update: { name: `projects/${project}/databases/${database}/documents/batch/new`, fields: {} } },
        ],
      },
      OWNER,
    );
    expect(answer.status).toBe(200);
    const { writeResults, status } = answer.body as {
      writeResults: { updateTime?: string }[];
      status: { code?: number }[];
    };
    expect(status.map((s) => s.code ?? 0)).toEqual([0, 0]);
    expect(writeResults[0]).toEqual({});
    expect(writeResults[1].updateTime).toMatch(/^\d{4}-/);
    expect((await db.doc('batch/old').get()).exists).toBe(false);
    // BulkWriter (BatchWrite under the hood) still resolves the delete.
    const writer = db.bulkWriter();
    const deleted = writer.delete(db.doc('batch/new'));
    await writer.close();
    await expect(deleted).resolves.toBeDefined();
    expect((await db.doc('batch/new').get()).exists).toBe(false);
  });

  it('a field literally named `bytesValue` is stored and read back like any other field, as in production', async () => {
    const ref = db.doc('fields/bytes-value');
    await ref.set({ bytesValue: 'not bytes', nested: { bytesValue: 7 } });
    expect((await ref.get()).data()).toEqual({ bytesValue: 'not bytes', nested: { bytesValue: 7 } });
    // The Value member of the same name is still checked: bytes that are not base64 are refused.
    const bad = await rawRequest(
      emulator().port,
      'PATCH',
      `${documents}/fields/bad-bytes`,
      { fields: { b: { bytesValue: 'not base64!' } } },
      OWNER,
    );
    expect(bad.status).toBe(400);
  });

  it('BatchWrite with an invalid document id (`__doc__`) is refused whole with HTTP 400, as in production', async () => {
    const name = (id: string) => `projects/${project}/databases/${database}/documents/batch/${id}`;
    const answer = await rawRequest(
      emulator().port,
      'POST',
      `${documents}:batchWrite`,
      {
        writes: [
          { update: { name: name('fine'), fields: { jars: { integerValue: '1' } } } },
          { update: { name: name('__doc__'), fields: {} } },
        ],
      },
      OWNER,
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
    // Nothing of the request was applied, not even the valid write before the invalid one.
    expect((await db.doc('batch/fine').get()).exists).toBe(false);
  });
});
