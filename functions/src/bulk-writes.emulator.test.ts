// The rebuilds' writes through BulkWriter, against the repo's Firestore emulator in-process.
import { expect, it } from 'vitest';
import { bulkWrites } from './bulk-writes';
import { useLemonShelf } from './testing/lemon-shelf';

const shelf = useLemonShelf('bulk-writes-emulator-test');

it('writes every document, and throws at the end when one write fails, the others still written', async () => {
  const notes = shelf.db.collection('bulk_notes');
  const writes = bulkWrites(shelf.db);
  for (let n = 0; n < 600; n += 1) writes.set(notes.doc(`n${n}`), { n });
  writes.update(notes.doc('missing'), { n: -1 });
  await expect(writes.done()).rejects.toThrow(/NOT_FOUND|No document to update/i);
  expect((await notes.count().get()).data().count).toBe(600);

  const again = bulkWrites(shelf.db);
  for (let n = 0; n < 600; n += 2) again.delete(notes.doc(`n${n}`));
  await again.done();
  expect((await notes.count().get()).data().count).toBe(300);
});
