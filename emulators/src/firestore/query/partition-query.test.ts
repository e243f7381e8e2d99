/**
 * PartitionQuery through firebase-admin's `CollectionGroup.getPartitions()`, over gRPC and REST, on the default
 * and on a named database: the partitions of a 10,000-document collection group cover every document once.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminOver, adminTransports, useFirestoreEmulator } from '../../testing/firestore-emulator.js';
import { OWNER, rawRequest } from '../../testing/http.js';
import { mockIdToken } from '../../testing/id-token.js';
import { splitPoints } from './partition-query.js';

process.env.METADATA_SERVER_DETECTION = 'none';

describe('split points', () => {
  it('are at most the partitions asked for, fewer than the documents, increasing and nearly even', () => {
    expect(splitPoints(0, 5)).toEqual([]);
    expect(splitPoints(1, 5)).toEqual([]);
    expect(splitPoints(3, 5)).toEqual([1, 2]);
    expect(splitPoints(10, 1)).toEqual([5]);
    expect(splitPoints(10_000, 3)).toEqual([2500, 5000, 7500]);
  });
});

const GROUP_SIZE = 10_000;
/** The group's documents sit under several parents, as `orders` under each customer would. */
const PARENTS = ['shops/dhaka', 'shops/dhaka/branches/mirpur', 'shops/chittagong', ''];

const emulator = useFirestoreEmulator();

const CASES = adminTransports('ledger');

describe.each(CASES)('getPartitions over $transport, database $database', ({ transport, database }) => {
  const project = `demo-partitions-${transport.toLowerCase()}`;
  let db: Firestore;
  const written = new Set<string>();

  beforeAll(async () => {
    db = adminOver(emulator(), project, { transport, database });
    // Without throttling: BulkWriter's ramp-up (500 writes a second at first) is production's load rule.
    const writer = db.bulkWriter({ throttling: false });
    for (let i = 0; i < GROUP_SIZE; i++) {
      const parent = PARENTS[i % PARENTS.length];
      const path = `${parent ? parent + '/' : ''}jars/jar-${String(i).padStart(5, '0')}`;
      written.add(path);
      void writer.set(db.doc(path), { n: i });
    }
    // A collection of another id is not part of the group.
    void writer.set(db.doc('shops/dhaka/lids/lid-1'), { n: -1 });
    await writer.close();
  }, 120_000);

  it('covers every document of the group exactly once, in partitions of nearly equal size', async () => {
    const partitions = [];
    for await (const partition of db.collectionGroup('jars').getPartitions(8)) partitions.push(partition);
    expect(partitions.length).toBe(8);
    const seen: string[] = [];
    const sizes: number[] = [];
    for (const partition of partitions) {
      const snapshot = await partition.toQuery().get();
      sizes.push(snapshot.size);
      seen.push(...snapshot.docs.map((d) => d.ref.path));
    }
    expect(seen.length).toBe(GROUP_SIZE);
    expect(new Set(seen)).toEqual(written);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  }, 60_000);

  it('answers one partition, the whole group, when one is asked for or the group is small', async () => {
    const one = [];
    for await (const partition of db.collectionGroup('jars').getPartitions(1)) one.push(partition);
    expect(one.length).toBe(1);
    expect((await one[0].toQuery().get()).size).toBe(GROUP_SIZE);
    const lids = [];
    for await (const partition of db.collectionGroup('lids').getPartitions(4)) lids.push(partition);
    expect(lids.length).toBe(1);
    expect((await lids[0].toQuery().get()).docs.map((d) => d.ref.path)).toEqual(['shops/dhaka/lids/lid-1']);
  });

  it('pages the split points with page_size and page_token, in order', async () => {
    const parent = `projects/${project}/databases/${database}/documents`;
    const request = (pageToken?: string) =>
      rawRequest(
        emulator().port,
        'POST',
        `/v1/${parent}:partitionQuery`,
        {
          structuredQuery: {
            from: [{ collectionId: 'jars', allDescendants: true }],
            orderBy: [{ field: { fieldPath: '__name__' }, direction: 'ASCENDING' }],
          },
          partitionCount: '9',
          pageSize: 4,
          ...(pageToken ? { pageToken } : {}),
        },
        OWNER,
      );
    const pages: { partitions: { values: { referenceValue: string }[] }[]; nextPageToken?: string }[] = [];
    let token: string | undefined;
    do {
      const answer = await request(token);
      expect(answer.status).toBe(200);
      const page = answer.body as (typeof pages)[number];
      pages.push(page);
      token = page.nextPageToken;
    } while (token);
    expect(pages.map((p) => p.partitions.length)).toEqual([4, 4, 1]);
    const names = pages.flatMap((p) => p.partitions.map((c) => c.values[0].referenceValue));
    expect(names.every((n) => n.startsWith(`${parent}/`))).toBe(true);
    expect(new Set(names).size).toBe(9);
  });
});

describe('what PartitionQuery refuses', () => {
  const parent = 'projects/demo-partition-refusals/databases/(default)/documents';
  const partition = (body: object, headers: Record<string, string> = OWNER) =>
    rawRequest(emulator().port, 'POST', `/v1/${parent}:partitionQuery`, body, headers);
  const byName = [{ field: { fieldPath: '__name__' }, direction: 'ASCENDING' }];

  it('refuses a query that is not a collection group ordered by name only, and a count that is not positive', async () => {
    for (const structuredQuery of [
      { from: [{ collectionId: 'jars' }], orderBy: byName },
      { from: [{ collectionId: 'jars', allDescendants: true }] },
      {
        from: [{ collectionId: 'jars', allDescendants: true }],
        orderBy: byName,
        where: { fieldFilter: { field: { fieldPath: 'n' }, op: 'EQUAL', value: { integerValue: '1' } } },
      },
      { from: [{ collectionId: 'jars', allDescendants: true }], orderBy: byName, limit: 5 },
    ]) {
      const answer = await partition({ structuredQuery, partitionCount: '2' });
      expect(answer.status, JSON.stringify(structuredQuery)).toBe(400);
    }
    const noCount = await partition({
      structuredQuery: { from: [{ collectionId: 'jars', allDescendants: true }], orderBy: byName },
    });
    expect(noCount.status).toBe(400);
    expect(noCount.body).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
  });

  it('lets the security rules decide, as they decide the query it partitions', async () => {
    const setRules = (allowList: string) =>
      rawRequest(emulator().port, 'PUT', '/emulator/v1/projects/demo-partition-refusals:securityRules', {
        rules: {
          files: [
            {
              name: 'firestore.rules',
              content: `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{path=**}/jars/{id} { allow list: if ${allowList}; }
  }
}`,
            },
          ],
        },
      });
    const asAlice = () =>
      partition(
        {
          structuredQuery: { from: [{ collectionId: 'jars', allDescendants: true }], orderBy: byName },
          partitionCount: '2',
        },
        { Authorization: `Bearer ${mockIdToken('alice')}` },
      );
    expect((await setRules("request.auth.uid == 'bob'")).status).toBe(200);
    expect((await asAlice()).status).toBe(403);
    expect((await setRules("request.auth.uid == 'alice'")).status).toBe(200);
    expect((await asAlice()).status).toBe(200);
  });
});
