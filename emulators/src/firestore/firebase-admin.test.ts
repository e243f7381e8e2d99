/**
 * firebase-admin 13 (the Node SDK the seed, the scripts and the Cloud Functions use) against the emulator: the
 * same checks over gRPC, its default in Node, and over REST with preferRest (HTTP/1.1 JSON).
 */
import {
  AggregateField,
  FieldPath,
  FieldValue,
  Filter,
  GeoPoint,
  Timestamp,
  type DocumentData,
  type Firestore,
  type QuerySnapshot,
} from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFirestore, adminOverRest } from '../testing/admin.js';
import { startFirestoreEmulator, type FirestoreEmulator } from './server.js';
import { expectCode, waitFor } from '../testing/waiting.js';
import { mockIdToken } from '../testing/id-token.js';
import { OWNER, rawRequest } from '../testing/http.js';

const ids = (snap: QuerySnapshot) => snap.docs.map((d) => d.id);

process.env.METADATA_SERVER_DETECTION = 'none';

// Each transport gets its own emulator and project; REST listeners still open a gRPC channel.
describe.each(['gRPC', 'REST'] as const)('firebase-admin over %s', (transport) => {
  const preferRest = transport === 'REST';
  const project = preferRest ? 'demo-admin-rest' : 'demo-admin-grpc';
  let emulator: FirestoreEmulator;
  let db: Firestore;

  beforeAll(async () => {
    emulator = await startFirestoreEmulator({ port: 0 });
    db = preferRest ? adminOverRest(project, emulator.port) : adminFirestore(project, emulator.port);
  });

  afterAll(async () => {
    await emulator?.stop();
  });

  describe('values', () => {
    it('round-trips every value type exactly', async () => {
      const ref = db.doc('values/all');
      await ref.set({
        nothing: null,
        yes: true,
        no: false,
        int: 42,
        maxSafe: Number.MAX_SAFE_INTEGER,
        negative: -17,
        double: 3.25,
        nan: NaN,
        inf: Infinity,
        negInf: -Infinity,
        negZero: -0,
        micros: new Timestamp(1_700_000_000, 123_456_000),
        nanos: new Timestamp(1_700_000_000, 123_456_789),
        bengali: 'কেরানীগঞ্জের আমের আচার',
        emoji: '🌶️🥭 spicy',
        empty: '',
        bytes: Buffer.from([0, 1, 127, 128, 254, 255]),
        ref: db.doc('products/mango-pickle'),
        geo: new GeoPoint(23.7104, 90.4074),
        list: [1, 'two', null, { three: 3 }, 4.5],
        nested: { jar: { size: { grams: 500 } }, labels: ['টক', 'ঝাল'] },
      });
      const data = (await ref.get()).data()!;
      expect(data.nothing).toBeNull();
      expect(data.yes).toBe(true);
      expect(data.no).toBe(false);
      expect(data.int).toBe(42);
      expect(data.maxSafe).toBe(Number.MAX_SAFE_INTEGER);
      expect(data.negative).toBe(-17);
      expect(data.double).toBe(3.25);
      expect(data.nan).toBeNaN();
      expect(data.inf).toBe(Infinity);
      expect(data.negInf).toBe(-Infinity);
      // The REST client serialises with JSON.stringify, which sends -0 as 0 (raw-rest.test.ts covers -0 on the wire).
      expect(Object.is(data.negZero, preferRest ? 0 : -0)).toBe(true);
      expect((data.micros as Timestamp).isEqual(new Timestamp(1_700_000_000, 123_456_000))).toBe(true);
      // Production keeps microseconds and drops the rest.
      expect((data.nanos as Timestamp).nanoseconds).toBe(123_456_000);
      expect(data.bengali).toBe('কেরানীগঞ্জের আমের আচার');
      expect(data.emoji).toBe('🌶️🥭 spicy');
      expect(data.empty).toBe('');
      expect([...(data.bytes as Buffer)]).toEqual([0, 1, 127, 128, 254, 255]);
      expect(data.ref.path).toBe('products/mango-pickle');
      expect((data.geo as GeoPoint).isEqual(new GeoPoint(23.7104, 90.4074))).toBe(true);
      expect(data.list).toEqual([1, 'two', null, { three: 3 }, 4.5]);
      expect(data.nested).toEqual({ jar: { size: { grams: 500 } }, labels: ['টক', 'ঝাল'] });
    });

    it('orders a field holding mixed types in Firestore type order', async () => {
      const values: Record<string, unknown> = {
        a_null: null,
        b_false: false,
        c_true: true,
        d_nan: NaN,
        e_negInf: -Infinity,
        f_int1: 1,
        g_dbl1_5: 1.5,
        h_int2: 2,
        i_time: new Timestamp(100, 0),
        j_string: 'আচার',
        k_bytes: Buffer.from([1]),
        l_ref: db.doc('a/b'),
        m_geo: new GeoPoint(1, 1),
        n_array: [1],
        o_map: { a: 1 },
      };
      // Written in reverse so that the result order cannot come from insertion order.
      for (const [id, v] of Object.entries(values).reverse()) await db.doc(`mixed/${id}`).set({ v });
      const asc = await db.collection('mixed').orderBy('v').get();
      expect(ids(asc)).toEqual(Object.keys(values));
      const desc = await db.collection('mixed').orderBy('v', 'desc').get();
      expect(ids(desc)).toEqual(Object.keys(values).reverse());
      // Integers and doubles compare by numeric value; a range filter stays within one type.
      const numbers = await db.collection('mixed').where('v', '>', 1).where('v', '<=', 2).get();
      expect(ids(numbers)).toEqual(['g_dbl1_5', 'h_int2']);
      const equalToDouble = await db.collection('mixed').where('v', '==', 2.0).get();
      expect(ids(equalToDouble)).toEqual(['h_int2']);
    });
  });

  describe('writes', () => {
    it('set replaces the document; set with merge and mergeFields change only the named fields', async () => {
      const ref = db.doc('jars/replace');
      await ref.set({ a: 1, b: 2 });
      await ref.set({ c: 3 });
      expect((await ref.get()).data()).toEqual({ c: 3 });

      const merged = db.doc('jars/merge');
      await merged.set({ spice: { chili: 1, mustard: 2 }, price: 100 });
      await merged.set({ spice: { mustard: 5 } }, { merge: true });
      expect((await merged.get()).data()).toEqual({ spice: { chili: 1, mustard: 5 }, price: 100 });

      await merged.set(
        { spice: { chili: 9, salt: 9 }, price: 9, extra: 9 },
        { mergeFields: ['price', 'spice.salt'] },
      );
      expect((await merged.get()).data()).toEqual({ spice: { chili: 1, mustard: 5, salt: 9 }, price: 9 });
    });

    it('update reaches nested fields by dotted path and by FieldPath with dots inside a segment', async () => {
      const ref = db.doc('jars/update');
      await ref.set({ spice: { chili: 1, mustard: 2 }, 'odd.key': { c: 0 }, keep: true });
      await ref.update({ 'spice.chili': 7 });
      await ref.update(new FieldPath('odd.key', 'c'), 8, new FieldPath('with`tick'), 'ok');
      await ref.update({ 'spice.mustard': FieldValue.delete() });
      const data = (await ref.get()).data()!;
      expect(data).toEqual({ spice: { chili: 7 }, 'odd.key': { c: 8 }, 'with`tick': 'ok', keep: true });
    });

    it('deletes a field with FieldValue.delete() in a merge and deletes documents', async () => {
      const ref = db.doc('jars/delete');
      await ref.set({ a: 1, b: 2 });
      await ref.set({ b: FieldValue.delete() }, { merge: true });
      expect((await ref.get()).data()).toEqual({ a: 1 });
      await ref.delete();
      expect((await ref.get()).exists).toBe(false);
      // Deleting a missing document succeeds, as in production.
      await ref.delete();
    });

    it('enforces preconditions with the production error codes', async () => {
      await expectCode(db.doc('jars/missing').update({ a: 1 }), 5); // NOT_FOUND
      const ref = db.doc('jars/precondition');
      await ref.create({ v: 1 });
      if (preferRest) {
        // Production answers ALREADY_EXISTS with HTTP 409, which firebase-admin's REST client reads as ABORTED
        // and retries for a minute; so over REST the code is checked on the wire instead.
        const again = await rawRequest(
          emulator.port,
          'POST',
          `/v1/projects/${project}/databases/(default)/documents/jars?documentId=precondition`,
          { fields: { v: { integerValue: '2' } } },
          OWNER,
        );
        expect(again.status).toBe(409);
        expect(again.body).toMatchObject({ error: { status: 'ALREADY_EXISTS' } });
      } else {
        await expectCode(ref.create({ v: 2 }), 6); // ALREADY_EXISTS
      }
      const { updateTime } = await ref.get();
      const stale = Timestamp.fromMillis(updateTime!.toMillis() - 1000);
      // FAILED_PRECONDITION travels as HTTP 400, which the REST client reads as INVALID_ARGUMENT.
      await expectCode(ref.update({ v: 3 }, { lastUpdateTime: stale }), preferRest ? 3 : 9);
      await ref.update({ v: 4 }, { lastUpdateTime: updateTime! });
      expect((await ref.get()).data()).toEqual({ v: 4 });
    });

    it('applies serverTimestamp, increment, arrayUnion and arrayRemove', async () => {
      const ref = db.doc('jars/transforms');
      const result = await ref.set({ at: FieldValue.serverTimestamp(), n: 1, d: 1.5, tags: ['a', 'b'] });
      let data = (await ref.get()).data()!;
      expect((data.at as Timestamp).isEqual(result.writeTime)).toBe(true);

      await ref.update({
        n: FieldValue.increment(2),
        d: FieldValue.increment(0.25),
        fresh: FieldValue.increment(5),
        tags: FieldValue.arrayUnion('b', 'c', { x: 1 }),
      });
      data = (await ref.get()).data()!;
      expect(data.n).toBe(3);
      expect(data.d).toBe(1.75);
      expect(data.fresh).toBe(5);
      expect(data.tags).toEqual(['a', 'b', 'c', { x: 1 }]);

      await ref.update({ tags: FieldValue.arrayRemove('a', { x: 1 }), n: FieldValue.increment(0.5) });
      data = (await ref.get()).data()!;
      expect(data.tags).toEqual(['b', 'c']);
      expect(data.n).toBe(3.5);
    });

    it('saturates an integer increment at the 64-bit limits', async () => {
      const name = `projects/${project}/databases/(default)/documents/jars/overflow`;
      const seeded = await rawRequest(
        emulator.port,
        'POST',
        `/v1/projects/${project}/databases/(default)/documents:commit`,
        {
          writes: [
            {
              update: {
                name,
                fields: {
                  high: { integerValue: '9223372036854775800' },
                  low: { integerValue: '-9223372036854775800' },
                },
              },
            },
          ],
        },
        OWNER,
      );
      expect(seeded.status).toBe(200);
      await db
        .doc('jars/overflow')
        .update({ high: FieldValue.increment(100), low: FieldValue.increment(-100) });
      const raw = await rawRequest(emulator.port, 'GET', `/v1/${name}`, undefined, OWNER);
      expect(raw.body).toMatchObject({
        fields: {
          high: { integerValue: '9223372036854775807' },
          low: { integerValue: '-9223372036854775808' },
        },
      });
    });

    it('commits a batch atomically: a failing third write leaves nothing changed', async () => {
      await db.doc('batch/existing').set({ v: 'before' });
      const batch = db.batch();
      batch.set(db.doc('batch/one'), { v: 1 });
      batch.update(db.doc('batch/existing'), { v: 'after' });
      batch.update(db.doc('batch/missing'), { v: 3 });
      await expectCode(batch.commit(), 5);
      expect((await db.doc('batch/one').get()).exists).toBe(false);
      expect((await db.doc('batch/existing').get()).data()).toEqual({ v: 'before' });
      expect((await db.doc('batch/missing').get()).exists).toBe(false);
    });

    it('keeps createTime on update, moves updateTime, and keeps updateTime for a no-op write', async () => {
      const ref = db.doc('jars/times');
      await ref.set({ v: 1 });
      const first = await ref.get();
      expect(first.createTime!.isEqual(first.updateTime!)).toBe(true);
      await ref.set({ v: 2 });
      const second = await ref.get();
      expect(second.createTime!.isEqual(first.createTime!)).toBe(true);
      expect(second.updateTime!.valueOf() > first.updateTime!.valueOf()).toBe(true);
      const noop = await ref.set({ v: 2 });
      const third = await ref.get();
      expect(third.updateTime!.isEqual(second.updateTime!)).toBe(true);
      expect(noop.writeTime.isEqual(second.updateTime!)).toBe(true);
    });
  });

  describe('queries', () => {
    const pickles: Record<string, DocumentData> = {
      mango: { price: 120, stock: 10, tags: ['sweet', 'sour'], region: 'dhaka' },
      lemon: { price: 80, stock: 0, tags: ['sour'], region: 'khulna' },
      olive: { price: 150, stock: 5, tags: ['sour', 'spicy'], region: 'dhaka' },
      chili: { price: 100, stock: 20, tags: ['spicy'], region: 'sylhet' },
      garlic: { price: 100, stock: 3, tags: [], region: 'dhaka' },
      unpriced: { stock: 1, region: 'dhaka', tags: ['sweet'] },
    };
    const col = () => db.collection('pickles');

    beforeAll(async () => {
      const batch = db.batch();
      for (const [id, data] of Object.entries(pickles)) batch.set(col().doc(id), data);
      await batch.commit();
    });

    it('filters with every comparison operator', async () => {
      expect(ids(await col().where('region', '==', 'dhaka').get())).toEqual([
        'garlic',
        'mango',
        'olive',
        'unpriced',
      ]);
      expect(ids(await col().where('region', '!=', 'dhaka').get())).toEqual(['lemon', 'chili']);
      expect(ids(await col().where('price', '<', 100).get())).toEqual(['lemon']);
      expect(ids(await col().where('price', '<=', 100).get())).toEqual(['lemon', 'chili', 'garlic']);
      expect(ids(await col().where('price', '>', 100).get())).toEqual(['mango', 'olive']);
      expect(ids(await col().where('price', '>=', 120).get())).toEqual(['mango', 'olive']);
      expect(ids(await col().where('region', 'in', ['khulna', 'sylhet']).get())).toEqual(['chili', 'lemon']);
      expect(ids(await col().where('region', 'not-in', ['dhaka']).get())).toEqual(['lemon', 'chili']);
      expect(ids(await col().where('tags', 'array-contains', 'spicy').get())).toEqual(['chili', 'olive']);
      expect(ids(await col().where('tags', 'array-contains-any', ['sweet', 'spicy']).get())).toEqual([
        'chili',
        'mango',
        'olive',
        'unpriced',
      ]);
    });

    it('combines filters with and() / or() and orders by every inequality field', async () => {
      const both = await col()
        .where(Filter.and(Filter.where('price', '>=', 100), Filter.where('stock', '>', 2)))
        .get();
      // Two inequalities: ordered by price, then stock, then name (garlic 100/3 before chili 100/20).
      expect(ids(both)).toEqual(['garlic', 'chili', 'mango', 'olive']);
      const either = await col()
        .where(Filter.or(Filter.where('region', '==', 'sylhet'), Filter.where('price', '<', 90)))
        .get();
      // The inequality inside or() still orders by price first: lemon (80) before chili (100).
      expect(ids(either)).toEqual(['lemon', 'chili']);
    });

    it('orders ascending and descending with __name__ as the tie-breaker', async () => {
      expect(ids(await col().orderBy('price').get())).toEqual(['lemon', 'chili', 'garlic', 'mango', 'olive']);
      expect(ids(await col().orderBy('price', 'desc').get())).toEqual([
        'olive',
        'mango',
        'garlic',
        'chili',
        'lemon',
      ]);
      expect(ids(await col().orderBy('region').orderBy('stock', 'desc').get())).toEqual([
        'mango',
        'olive',
        'garlic',
        'unpriced',
        'lemon',
        'chili',
      ]);
    });

    it('applies limit, limitToLast and offset', async () => {
      expect(ids(await col().orderBy('price').limit(2).get())).toEqual(['lemon', 'chili']);
      expect(ids(await col().orderBy('price').limitToLast(2).get())).toEqual(['mango', 'olive']);
      expect(ids(await col().orderBy('price').offset(1).limit(2).get())).toEqual(['chili', 'garlic']);
    });

    it('starts and ends at cursors given by values and by snapshots', async () => {
      const byPrice = col().orderBy('price');
      expect(ids(await byPrice.startAt(100).get())).toEqual(['chili', 'garlic', 'mango', 'olive']);
      expect(ids(await byPrice.startAfter(100).get())).toEqual(['mango', 'olive']);
      expect(ids(await byPrice.endAt(100).get())).toEqual(['lemon', 'chili', 'garlic']);
      expect(ids(await byPrice.endBefore(100).get())).toEqual(['lemon']);
      const chili = await col().doc('chili').get();
      expect(ids(await byPrice.startAfter(chili).get())).toEqual(['garlic', 'mango', 'olive']);
      expect(
        ids(
          await byPrice
            .startAt(chili)
            .endBefore(await col().doc('mango').get())
            .get(),
        ),
      ).toEqual(['chili', 'garlic']);
    });

    it('runs collection-group queries across nested subcollections', async () => {
      await db.doc('reviews/top').set({ stars: 5 });
      await db.doc('shops/keraniganj/reviews/r1').set({ stars: 4 });
      await db.doc('shops/keraniganj/items/jar/reviews/r2').set({ stars: 3 });
      await db.doc('shops/keraniganj/notreviews/r3').set({ stars: 5 });
      const all = await db.collectionGroup('reviews').orderBy('stars').get();
      expect(all.docs.map((d) => d.ref.path)).toEqual([
        'shops/keraniganj/items/jar/reviews/r2',
        'shops/keraniganj/reviews/r1',
        'reviews/top',
      ]);
      const good = await db.collectionGroup('reviews').where('stars', '>=', 4).get();
      expect(good.size).toBe(2);
    });

    it('aggregates count, sum and average (empty collection: 0, 0 and null)', async () => {
      const dhaka = await col()
        .where('region', '==', 'dhaka')
        .aggregate({
          n: AggregateField.count(),
          total: AggregateField.sum('price'),
          avg: AggregateField.average('price'),
        })
        .get();
      // Production aggregates only the documents with every aggregated field: `unpriced` is not counted.
      expect(dhaka.data()).toEqual({ n: 3, total: 370, avg: 370 / 3 });
      const empty = await db
        .collection('no-such-jars')
        .aggregate({
          n: AggregateField.count(),
          total: AggregateField.sum('price'),
          avg: AggregateField.average('price'),
        })
        .get();
      expect(empty.data()).toEqual({ n: 0, total: 0, avg: null });
      expect((await col().count().get()).data().count).toBe(6);
    });

    it('projects fields with select()', async () => {
      const snap = await col().where('price', '>', 120).select('price', 'region').get();
      expect(snap.docs.map((d) => d.data())).toEqual([{ price: 150, region: 'dhaka' }]);
    });

    it('lists collections and documents', async () => {
      await db.doc('shops/dhanmondi/items/x').set({ v: 1 }); // dhanmondi itself does not exist
      const roots = (await db.listCollections()).map((c) => c.id);
      expect(roots).toEqual(expect.arrayContaining(['pickles', 'jars', 'shops', 'reviews']));
      const sub = (await db.doc('shops/keraniganj').listCollections()).map((c) => c.id).sort();
      expect(sub).toEqual(['items', 'notreviews', 'reviews']);
      const docs = (await col().listDocuments()).map((d) => d.id).sort();
      expect(docs).toEqual(Object.keys(pickles).sort());
      const shops = (await db.collection('shops').listDocuments()).map((d) => d.id).sort();
      // listDocuments includes documents that only have subcollections ("missing" documents).
      expect(shops).toEqual(['dhanmondi', 'keraniganj']);
    });
  });

  describe('bulk operations', () => {
    it('reads many documents with getAll, missing ones included', async () => {
      await db.doc('bulk/a').set({ v: 'a' });
      const [a, missing] = await db.getAll(db.doc('bulk/a'), db.doc('bulk/nope'));
      expect(a.get('v')).toBe('a');
      expect(missing.exists).toBe(false);
    });

    it('writes through BulkWriter with a per-write failure', async () => {
      await db.doc('bulk/taken').set({ v: 0 });
      const writer = db.bulkWriter();
      const created = Array.from({ length: 5 }, (_, i) => writer.create(db.doc(`bulk-writer/w${i}`), { i }));
      const clash = writer.create(db.doc('bulk/taken'), { v: 1 }).catch((e: { code: number }) => e.code);
      await writer.close();
      await Promise.all(created);
      expect(await clash).toBe(6); // ALREADY_EXISTS, carried as a status inside the BatchWrite answer
      expect((await db.collection('bulk-writer').get()).size).toBe(5);
      expect((await db.doc('bulk/taken').get()).get('v')).toBe(0);
    });

    it('deletes a document with all its subcollections, and a whole collection, with recursiveDelete', async () => {
      await db.doc('orchard/keraniganj').set({ v: 1 });
      await db.doc('orchard/keraniganj/trees/t1').set({ v: 1 });
      await db.doc('orchard/keraniganj/trees/t1/fruit/f1').set({ v: 1 });
      await db.doc('orchard/savar').set({ v: 1 });
      await db.doc('orchardist/near-name').set({ v: 1 });
      await db.recursiveDelete(db.doc('orchard/keraniganj'));
      expect((await db.collectionGroup('fruit').get()).size).toBe(0);
      expect((await db.collectionGroup('trees').get()).size).toBe(0);
      expect((await db.doc('orchard/savar').get()).exists).toBe(true);
      await db.doc('orchard/savar/trees/t2').set({ v: 1 });
      await db.recursiveDelete(db.collection('orchard'));
      expect((await db.collection('orchard').get()).size).toBe(0);
      expect((await db.collectionGroup('trees').get()).size).toBe(0);
      expect((await db.doc('orchardist/near-name').get()).exists).toBe(true);
    });
  });

  describe('transactions', () => {
    it('reads then writes', async () => {
      await db.doc('stock/mango').set({ jars: 5 });
      const left = await db.runTransaction(async (t) => {
        const snap = await t.get(db.doc('stock/mango'));
        const jars = (snap.get('jars') as number) - 2;
        t.update(db.doc('stock/mango'), { jars });
        t.set(db.doc('stock/log'), { taken: 2 });
        return jars;
      });
      expect(left).toBe(3);
      expect((await db.doc('stock/mango').get()).get('jars')).toBe(3);
      expect((await db.doc('stock/log').get()).get('taken')).toBe(2);
    });

    it('runs read-only transactions', async () => {
      await db.doc('stock/olive').set({ jars: 7 });
      const jars = await db.runTransaction(async (t) => (await t.get(db.doc('stock/olive'))).get('jars'), {
        readOnly: true,
      });
      expect(jars).toBe(7);
    });

    it('reads as of a readTime: the version of that moment, after a later update (document-history.test.ts)', async () => {
      const ref = db.doc('stock/lemon');
      const { writeTime } = await ref.set({ jars: 3 });
      const read = (readTime: Timestamp) =>
        db.runTransaction(async (t) => (await t.get(ref)).get('jars'), { readOnly: true, readTime });
      expect(await read(writeTime)).toBe(3);
      const { writeTime: updated } = await ref.update({ jars: 2 });
      expect(await read(writeTime)).toBe(3);
      expect(await read(updated)).toBe(2);
    });

    it('retries conflicting transactions until ten concurrent increments all count', async () => {
      const counter = db.doc('stock/counter');
      await counter.set({ n: 0 });
      await Promise.all(
        Array.from({ length: 10 }, () =>
          db.runTransaction(async (t) => {
            const n = (await t.get(counter)).get('n') as number;
            t.update(counter, { n: n + 1 });
          }),
        ),
      );
      expect((await counter.get()).get('n')).toBe(10);
    });
  });

  describe('listening', () => {
    it('streams added, modified and removed changes of a query, including filter entry and exit', async () => {
      const col = db.collection('live');
      await col.doc('a').set({ inStock: true, n: 1 });
      await col.doc('b').set({ inStock: false, n: 2 });
      const snapshots: { ids: string[]; changes: string[] }[] = [];
      // A second listener on the same query, opened after the first and kept open: the barrier that proves
      // the first one hears nothing after stop(). The emulator pushes a commit to every open stream in one go,
      // in the order they opened, so once this one has seen a change, the stopped one would have seen it too.
      const barrier: string[][] = [];
      const stop = col.where('inStock', '==', true).onSnapshot((snap) =>
        snapshots.push({
          ids: ids(snap),
          changes: snap.docChanges().map((c) => `${c.type}:${c.doc.id}`),
        }),
      );
      await waitFor(() => snapshots.length >= 1, 'the initial snapshot');
      expect(snapshots[0]).toEqual({ ids: ['a'], changes: ['added:a'] });
      const stopBarrier = col.where('inStock', '==', true).onSnapshot((snap) => barrier.push(ids(snap)));
      await waitFor(() => barrier.length >= 1, 'the barrier listener’s first snapshot');
      await col.doc('b').update({ inStock: true });
      await waitFor(() => snapshots.length >= 2, 'b to enter');
      expect(snapshots[1].changes).toEqual(['added:b']);
      await col.doc('a').update({ n: 10 });
      await waitFor(() => snapshots.length >= 3, 'a to change');
      expect(snapshots[2].changes).toEqual(['modified:a']);
      await col.doc('a').update({ inStock: false });
      await waitFor(() => snapshots.length >= 4, 'a to leave');
      expect(snapshots[3]).toEqual({ ids: ['b'], changes: ['removed:a'] });
      await col.doc('b').delete();
      await waitFor(() => snapshots.length >= 5, 'b to be deleted');
      expect(snapshots[4]).toEqual({ ids: [], changes: ['removed:b'] });
      stop();
      await col.doc('c').set({ inStock: true });
      await waitFor(() => barrier.some((seen) => seen.includes('c')), 'the barrier listener to see c');
      stopBarrier();
      expect(snapshots).toHaveLength(5);
    });

    it('refills a limit query when a document leaves it', async () => {
      const col = db.collection('top');
      for (const [id, price] of [
        ['p1', 10],
        ['p2', 20],
        ['p3', 30],
      ] as const)
        await col.doc(id).set({ price });
      const seen: string[][] = [];
      const stop = col
        .orderBy('price')
        .limit(2)
        .onSnapshot((snap) => seen.push(ids(snap)));
      await waitFor(() => seen.length >= 1, 'initial');
      expect(seen[0]).toEqual(['p1', 'p2']);
      await col.doc('p1').delete();
      await waitFor(() => seen.some((s) => s.join() === 'p2,p3'), 'p3 to move into the window');
      stop();
    });

    it('tells a document listener about create, update and delete, and feeds two listeners', async () => {
      const ref = db.doc('live-doc/jar');
      const first: (DocumentData | undefined)[] = [];
      const second: (DocumentData | undefined)[] = [];
      const stop1 = ref.onSnapshot((s) => first.push(s.data()));
      const stop2 = ref.onSnapshot((s) => second.push(s.data()));
      await waitFor(() => first.length >= 1 && second.length >= 1, 'initial snapshots');
      expect(first[0]).toBeUndefined();
      await ref.set({ v: 1 });
      await ref.update({ v: 2 });
      await ref.delete();
      await waitFor(() => first.length >= 4 && second.length >= 4, 'three changes');
      expect(first).toEqual([undefined, { v: 1 }, { v: 2 }, undefined]);
      expect(second).toEqual(first);
      stop1();
      stop2();
    });
  });

  describe('errors', () => {
    it('rejects an oversized document with INVALID_ARGUMENT and writes nothing', async () => {
      const ref = db.doc('errors/huge');
      await expectCode(ref.set({ blob: 'x'.repeat(1_100_000) }), 3);
      expect((await ref.get()).exists).toBe(false);
    });

    if (preferRest) {
      it('maps rules denials to PERMISSION_DENIED for a signed-in user over REST', async () => {
        emulator.rules.setSource(
          `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} { allow read, write: if request.auth.uid == 'alice'; }
  }
}`,
          'test.rules',
        );
        try {
          const headers = (uid: string) => ({ Authorization: `Bearer ${mockIdToken(uid)}` });
          const path = `/v1/projects/${project}/databases/(default)/documents/errors/rules`;
          const bob = await rawRequest(
            emulator.port,
            'PATCH',
            path,
            { fields: { v: { integerValue: '1' } } },
            headers('bob'),
          );
          expect(bob.status).toBe(403);
          expect(bob.body).toMatchObject({ error: { status: 'PERMISSION_DENIED' } });
          const alice = await rawRequest(
            emulator.port,
            'PATCH',
            path,
            { fields: { v: { integerValue: '1' } } },
            headers('alice'),
          );
          expect(alice.status).toBe(200);
        } finally {
          emulator.rules.setSource(
            `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} { allow read, write: if true; }
  }
}`,
            'test.rules',
          );
        }
      });
    }
  });
});
