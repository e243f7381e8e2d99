/**
 * What a firebase-admin (pessimistic) transaction's query keeps out, on Google's emulator and on ours: while
 * the transaction holds a query's read (a whole collection, a filter, a limit query from a cursor, a sum, a
 * collection group), another writer (a plain write, or another transaction) creates, deletes or updates a
 * document inside the range the query read, or outside it (before its cursor, after the limit's last returned
 * document, or in another collection).
 * Each case records whether the writer got through while the transaction held its read ("through") or only
 * after it committed ("waited"), and how many attempts the transaction took (a writer that got through
 * changed what it read, so its commit is refused and it runs again).
 */
import { AggregateField, FieldPath, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { describe, expect, inject, it } from 'vitest';
import { adminFirestore } from '../../emulators/src/testing/admin.js';
import { useFirestoreEmulator } from '../../emulators/src/testing/firestore-emulator.js';

process.env.METADATA_SERVER_DETECTION = 'none';

const google = inject('googleFirestore');

type Query = 'collection' | 'filter' | 'limit' | 'sum' | 'group';
type Change = 'create inside' | 'delete inside' | 'create outside' | 'create before' | 'update g';
type Writer = 'plain' | 'transaction';

/** How long the transaction holds its read, waiting for the writer to get through, before it commits. */
const HOLD_MS = 150;

interface Outcome {
  writer: 'through' | 'waited';
  attempts: number;
}

async function seed(db: Firestore, collection: string): Promise<void> {
  const batch = db.batch();
  for (const id of ['a', 'c', 'e']) batch.set(db.collection(collection).doc(id), { jars: 1 });
  batch.set(db.collection(collection).doc('g'), { jars: 2 });
  batch.set(db.collection(collection).doc('d-gone'), { jars: 1 });
  await batch.commit();
}

function read(t: Transaction, db: Firestore, collection: string, query: Query): Promise<unknown> {
  const shelf = db.collection(collection);
  if (query === 'sum') return t.get(shelf.aggregate({ total: AggregateField.sum('jars') }));
  if (query === 'group') return t.get(db.collectionGroup(collection));
  if (query === 'filter') return t.get(shelf.where('jars', '==', 1));
  if (query === 'limit') return t.get(shelf.orderBy(FieldPath.documentId()).startAt('c').limit(2));
  return t.get(shelf);
}

/**
 * The seeded collection holds a, c, d-gone, e (1 jar each) and g (2 jars). The limit query from 'c' returns
 * c and d-gone: 'd' sorts inside its span, 'f' after its last returned document and 'b' before its cursor.
 * The filter query (1 jar) does not return g. 'create outside' creates in another collection, except for the
 * limit query, where it creates 'f'.
 */
function change(
  db: Firestore,
  collection: string,
  query: Query,
  what: Change,
  writer: Writer,
): Promise<unknown> {
  const shelf = db.collection(collection);
  const outside = query === 'limit' ? shelf.doc('f') : db.collection(`${collection}-other`).doc('d');
  const target = {
    'create inside': shelf.doc('d'),
    'delete inside': query === 'limit' ? shelf.doc('d-gone') : shelf.doc('g'),
    'create outside': outside,
    'create before': shelf.doc('b'),
    'update g': shelf.doc('g'),
  }[what];
  const act = (t?: Transaction) => {
    if (what === 'update g') return t ? t.update(target, { jars: 3 }) : target.update({ jars: 3 });
    if (what === 'delete inside') return t ? t.delete(target) : target.delete();
    return t ? t.create(target, { jars: 5 }) : target.create({ jars: 5 });
  };
  if (writer === 'plain') return act() as Promise<unknown>;
  return db.runTransaction(async (t) => void act(t));
}

async function phantom(db: Firestore, query: Query, what: Change, writer: Writer): Promise<Outcome> {
  const collection = `range-${query}-${what.replace(' ', '-')}-${writer}-${Date.now()}`;
  await seed(db, collection);
  let attempts = 0;
  let write: Promise<unknown> | undefined;
  let through = false;
  let early = false;
  await db.runTransaction(async (t) => {
    ++attempts;
    await read(t, db, collection, query);
    if (!write) {
      write = change(db, collection, query, what, writer).then(() => (through = true));
      const held = new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      await Promise.race([write, held]);
      early = through;
    }
    t.set(db.collection(`${collection}-marks`).doc('mark'), { attempts });
  });
  await write;
  return { writer: early ? 'through' : 'waited', attempts };
}

const changes = ['create inside', 'delete inside', 'create outside', 'create before', 'update g'] as const;

/**
 * Google's emulator keeps the query's whole collection from other writers (all its collections of that id for
 * a collection group), whatever the query's filter, cursor or limit: a create after the limit's last returned
 * document or before its start cursor, or an update of a document the filter does not match, waits too. Only
 * another collection is free. The transaction runs once.
 */
const googles = (query: Query, what: Change): Outcome => ({
  writer: what === 'create outside' && query !== 'limit' ? 'through' : 'waited',
  attempts: 1,
});

/**
 * Ours keeps out what lies in the query's range, before or after the write: its collection (or group), filters
 * and start cursor, not its limit (a superset of the span production locks, a subset of Google's emulator's).
 * The filter query (1 jar) returns none of the documents these writes touch (5 jars; g with 2, then 3), and
 * 'b' sorts before the limit query's cursor: those go through here, not on Google's emulator.
 */
const ours = (query: Query, what: Change): Outcome => {
  const through =
    (what === 'create outside' && query !== 'limit') ||
    query === 'filter' ||
    (query === 'limit' && what === 'create before');
  return { writer: through ? 'through' : 'waited', attempts: 1 };
};

describe.skipIf(google === null)("A transaction's query range, on Google's emulator and on ours", () => {
  const emulator = useFirestoreEmulator();
  const googlePort = Number((google ?? ':').split(':')[1]);

  it.each(['collection', 'filter', 'limit', 'sum', 'group'] as const)(
    'a %s query: what a plain write and another transaction meet on each',
    async (query) => {
      const rows = {
        google: [] as string[],
        theirs: [] as string[],
        ours: [] as string[],
        mine: [] as string[],
      };
      for (const what of changes) {
        for (const writer of ['plain', 'transaction'] as const) {
          const row = (o: Outcome) => `${what}, ${writer}: ${o.writer}, ${o.attempts} attempt(s)`;
          rows.google.push(row(googles(query, what)));
          rows.ours.push(row(ours(query, what)));
          rows.theirs.push(row(await phantom(adminFirestore('demo-range', googlePort), query, what, writer)));
          rows.mine.push(
            row(await phantom(adminFirestore('demo-range', emulator().port), query, what, writer)),
          );
        }
      }
      expect(rows.theirs).toEqual(rows.google);
      expect(rows.mine).toEqual(rows.ours);
    },
    60_000,
  );
});
