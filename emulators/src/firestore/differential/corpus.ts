/**
 * The fixed corpus of the differential run: every operation the emulator serves, over REST and gRPC (and the
 * Listen and Write streams), with the bad input and refusals next to the good requests. Each call's answer is
 * recorded in order; later requests use what earlier answers returned (transactions, page tokens).
 */
import type { GrpcAnswer, Json, RestAnswer } from './wire.js';

export const PROJECT = 'demo-differential';
export const DB = `projects/${PROJECT}/databases/(default)`;
const DOCS = `/v1/${DB}/documents`;
const doc = (path: string) => `${DB}/documents/${path}`;

/** The callers: the owner (rules bypassed), a customer, the shop's admin, signed out, and a token that is none. */
export type Who = 'owner' | 'alice' | 'admin' | 'nobody' | 'forged';

/** What the corpus can do; the recorder keeps every answer. */
export interface CorpusSession {
  rest(name: string, method: string, path: string, body?: unknown, who?: Who): Promise<RestAnswer>;
  grpc(name: string, method: string, request: Json, who?: Who): Promise<GrpcAnswer>;
  /** Opens a Listen or Write stream; `step` sends a message and records the answers up to `until`. */
  stream(
    method: 'Listen' | 'Write',
    who?: Who,
  ): {
    step(name: string, request: Json | null, until: (messages: Json[]) => boolean): Promise<GrpcAnswer>;
    close(): void;
  };
  /** A value the server made up at random (an auto-id): the recording names it instead of spelling it. */
  volatile(value: string, label: string): void;
}

const int = (n: number) => ({ integerValue: String(n) });
const str = (s: string) => ({ stringValue: s });
const dbl = (n: number) => ({ doubleValue: n });
const arr = (...values: unknown[]) => ({ arrayValue: { values } });
const update = (path: string, fields: Json) => ({ update: { name: doc(path), fields } });
const field = (fieldPath: string) => ({ fieldPath });
const where = (fieldPath: string, op: string, value: unknown) => ({
  fieldFilter: { field: field(fieldPath), op, value },
});

const jarsQuery = (extra: Json = {}) => ({ structuredQuery: { from: [{ collectionId: 'jars' }], ...extra } });

const parseBody = (answer: RestAnswer): Json => JSON.parse(answer.body) as Json;

/**
 * Ends a read-write transaction a streamed read began (its first message names it): an open one holds locks on
 * what it read, and a later write of those documents would wait for them.
 */
const rollBack = async (s: CorpusSession, name: string, began: RestAnswer) => {
  const [first] = parseBody(began) as unknown as { transaction?: string }[];
  await s.rest(name, 'POST', `${DOCS}:rollback`, { transaction: first?.transaction });
};

/** A Listen stream has caught up when the global (target-less) snapshot message arrives. */
const snapshotDone = (messages: Json[]) =>
  messages.some((m) => {
    const change = m.targetChange as { targetChangeType?: string; targetIds?: number[] } | undefined;
    return (
      change !== undefined &&
      (change.targetChangeType ?? 'NO_CHANGE') === 'NO_CHANGE' &&
      (change.targetIds ?? []).length === 0
    );
  });
/** Waits for the stream's end (the server fails it). */
const ended = () => false;
const count = (n: number) => (messages: Json[]) => messages.length >= n;

/** `rules`: the shop's firestore.rules, so both engines decide the corpus's requests by the rules deployed. */
export async function runCorpus(
  s: CorpusSession,
  rules: string,
  { webChannel = true }: { webChannel?: boolean } = {},
): Promise<void> {
  await restCorpus(s, rules);
  await grpcCorpus(s);
  // Google's emulator holds a WebChannel backchannel open as a stream: only ours is recorded over it.
  if (webChannel) await webChannelCorpus(s);
  await streamCorpus(s);
}

async function restCorpus(s: CorpusSession, rules: string): Promise<void> {
  await s.rest('rules: upload with a syntax error', 'PUT', `/emulator/v1/projects/${PROJECT}:securityRules`, {
    rules: { files: [{ name: 'broken.rules', content: 'service cloud.firestore { match' }] },
  });
  await s.rest('rules: upload', 'PUT', `/emulator/v1/projects/${PROJECT}:securityRules`, {
    rules: { files: [{ name: 'firestore.rules', content: rules }] },
  });
  await s.rest('emulator: unknown route', 'GET', `/emulator/v1/projects/${PROJECT}:nothing`);

  await s.rest('commit: seed the shelf', 'POST', `${DOCS}:commit`, {
    writes: [
      update('jars/mango', {
        name: str('আমের আচার'),
        stock: int(5),
        price: dbl(120.5),
        tags: arr(str('sour'), str('sweet')),
      }),
      update('jars/lime', { name: str('Lime'), stock: int(0), price: int(80), tags: arr(str('sour')) }),
      update('jars/olive', {
        name: str('Olive'),
        stock: int(12),
        price: int(150),
        tags: arr(str('spicy')),
        note: { nullValue: null },
      }),
      update('jars/olive/reviews/r1', { stars: int(5), text: str('ভালো') }),
      update('jars/mango/reviews/r2', { stars: int(3) }),
      update('private/ledger', { total: int(1000) }),
      // What the shop's rules decide on: a product on sale and one hidden, a customer's order and another's,
      // the admin's role record.
      update('products/mango', {
        name: str('আমের আচার'),
        is_active: { booleanValue: true },
        stock_quantity: int(5),
      }),
      update('products/hidden', {
        name: str('Old'),
        is_active: { booleanValue: false },
        stock_quantity: int(3),
      }),
      update('orders/o1', { user_id: str('alice'), total: int(240) }),
      update('orders/o2', { user_id: str('bob'), total: int(120) }),
      update('roles/admin-uid', { role: str('admin') }),
    ],
  });

  // Reads of single documents and lists.
  await s.rest('get: a document', 'GET', `${DOCS}/jars/mango`);
  await s.rest(
    'get: with a field mask',
    'GET',
    `${DOCS}/jars/mango?mask.fieldPaths=stock&mask.fieldPaths=tags`,
  );
  await s.rest('get: a missing document', 'GET', `${DOCS}/jars/ghost`);
  await s.rest('get: a reserved name', 'GET', `${DOCS}/jars/__secret__`);
  await s.rest('get: the documents root', 'GET', `${DOCS}`);
  const firstPage = await s.rest(
    'list: first page by stock desc',
    'GET',
    `${DOCS}/jars?pageSize=2&orderBy=stock%20desc`,
  );
  const token = (parseBody(firstPage).nextPageToken as string | undefined) ?? '';
  await s.rest(
    'list: next page',
    'GET',
    `${DOCS}/jars?pageSize=2&orderBy=stock%20desc&pageToken=${encodeURIComponent(token)}`,
  );
  await s.rest('list: bad page token', 'GET', `${DOCS}/jars?pageToken=bm9wZQ`);
  await s.rest('list: negative page size', 'GET', `${DOCS}/jars?pageSize=-1`);
  await s.rest('list: show missing documents', 'GET', `${DOCS}/jars/olive/reviews?showMissing=true`);
  await s.rest('list: show missing parents', 'GET', `${DOCS}/jars?showMissing=true&mask.fieldPaths=name`);

  // Create, update, delete.
  await s.rest('create: with an id', 'POST', `${DOCS}/jars?documentId=garlic`, {
    fields: { name: str('Garlic'), stock: int(3) },
  });
  await s.rest('create: the same id again', 'POST', `${DOCS}/jars?documentId=garlic`, { fields: {} });
  const created = await s.rest('create: with an automatic id', 'POST', `${DOCS}/jars`, {
    fields: { name: str('Chili'), stock: int(1) },
  });
  const autoName = parseBody(created).name as string;
  s.volatile(autoName.slice(autoName.lastIndexOf('/') + 1), 'auto-id');
  // Its random id would decide where it sorts among the jars: it leaves the shelf again at once.
  await s.rest('delete: the automatic one', 'DELETE', `/v1/${autoName}`);
  await s.rest('create: on a document path', 'POST', `${DOCS}/jars/garlic`, { fields: {} });
  await s.rest('create: an unknown body field', 'POST', `${DOCS}/jars?documentId=x`, { colour: 'red' });
  await s.rest('patch: with an update mask', 'PATCH', `${DOCS}/jars/garlic?updateMask.fieldPaths=stock`, {
    fields: { stock: int(4), ignored: str('not in the mask') },
  });
  await s.rest('patch: whole document', 'PATCH', `${DOCS}/jars/garlic`, { fields: { stock: int(9) } });
  await s.rest(
    'patch: precondition exists=false fails',
    'PATCH',
    `${DOCS}/jars/garlic?currentDocument.exists=false`,
    {
      fields: { stock: int(1) },
    },
  );
  await s.rest(
    'patch: stale updateTime precondition',
    'PATCH',
    `${DOCS}/jars/garlic?currentDocument.updateTime=2020-01-01T00:00:00Z`,
    { fields: { stock: int(1) } },
  );
  await s.rest('patch: on a collection path', 'PATCH', `${DOCS}/jars`, { fields: {} });
  await s.rest('delete: with exists=true', 'DELETE', `${DOCS}/jars/garlic?currentDocument.exists=true`);
  await s.rest('delete: a document that is gone', 'DELETE', `${DOCS}/jars/garlic`);
  await s.rest('delete: gone, with exists=true', 'DELETE', `${DOCS}/jars/garlic?currentDocument.exists=true`);
  await s.rest('put: not an API method', 'PUT', `${DOCS}/jars/mango`, { fields: {} });

  // Commits: transforms, preconditions, malformed writes.
  await s.rest('commit: field transforms', 'POST', `${DOCS}:commit`, {
    writes: [
      {
        update: { name: doc('jars/mango'), fields: { name: str('আমের আচার') } },
        updateMask: { fieldPaths: ['name'] },
        updateTransforms: [
          { fieldPath: 'stock', increment: int(2) },
          { fieldPath: 'price', maximum: dbl(99) },
          { fieldPath: 'low', minimum: int(-3) },
          { fieldPath: 'checkedAt', setToServerValue: 'REQUEST_TIME' },
          { fieldPath: 'tags', appendMissingElements: { values: [str('sweet'), str('hot')] } },
          { fieldPath: 'removed', removeAllFromArray: { values: [str('sour')] } },
        ],
      },
    ],
  });
  await s.rest('commit: legacy transform write', 'POST', `${DOCS}:commit`, {
    writes: [
      {
        transform: {
          document: doc('jars/lime'),
          fieldTransforms: [{ fieldPath: 'stock', increment: dbl(1.5) }],
        },
      },
    ],
  });
  await s.rest('commit: verify and update', 'POST', `${DOCS}:commit`, {
    writes: [
      { verify: doc('jars/olive'), currentDocument: { exists: true } },
      update('jars/pepper', { stock: int(2) }),
    ],
  });
  await s.rest('commit: delete then precondition on it', 'POST', `${DOCS}:commit`, {
    writes: [
      { delete: doc('jars/pepper') },
      { update: { name: doc('jars/pepper'), fields: {} }, currentDocument: { exists: true } },
    ],
  });
  await s.rest('commit: create that exists', 'POST', `${DOCS}:commit`, {
    writes: [{ ...update('jars/mango', {}), currentDocument: { exists: false } }],
  });
  await s.rest('commit: no writes', 'POST', `${DOCS}:commit`, {});
  await s.rest('commit: two operations in one write', 'POST', `${DOCS}:commit`, {
    writes: [{ ...update('jars/x', {}), delete: doc('jars/x') }],
  });
  await s.rest('commit: a write naming no document', 'POST', `${DOCS}:commit`, {
    writes: [{ update: { fields: {} } }],
  });
  await s.rest('commit: integer out of range', 'POST', `${DOCS}:commit`, {
    writes: [update('jars/x', { n: { integerValue: '9223372036854775808' } })],
  });
  await s.rest('commit: unknown field', 'POST', `${DOCS}:commit`, { writes: [], colour: 'red' });
  await s.rest('commit: malformed JSON', 'POST', `${DOCS}:commit`, '{"writes": [');
  await s.rest('commit: writes not a list', 'POST', `${DOCS}:commit`, { writes: 'everything' });
  await s.rest('commit: a document of another database', 'POST', `${DOCS}:commit`, {
    writes: [{ update: { name: 'projects/other/databases/(default)/documents/jars/x', fields: {} } }],
  });
  await s.rest('commit: bad field path in mask', 'POST', `${DOCS}:commit`, {
    writes: [{ ...update('jars/x', {}), updateMask: { fieldPaths: ['a..b'] } }],
  });
  await s.rest('commit: document over 1 MiB', 'POST', `${DOCS}:commit`, {
    writes: [update('jars/huge', { blob: str('x'.repeat(1_100_000)) })],
  });
  await s.rest('commit: NaN, infinity and -0', 'POST', `${DOCS}:commit`, {
    writes: [
      update('jars/numbers', {
        nan: { doubleValue: 'NaN' },
        inf: { doubleValue: 'Infinity' },
        negZero: { doubleValue: '-0' },
        when: { timestampValue: '2026-03-01T10:00:00.123456789Z' },
        where: { geoPointValue: { latitude: 23.8, longitude: 90.4 } },
        ref: { referenceValue: doc('jars/mango') },
        bytes: { bytesValue: 'AAEC' },
        map: { mapValue: { fields: { a: int(1) } } },
        stock: int(7),
      }),
    ],
  });
  await s.rest('get: the numbers come back', 'GET', `${DOCS}/jars/numbers`);
  await s.rest('verb: GET on :commit', 'GET', `${DOCS}:commit`);
  await s.rest('verb: unknown', 'POST', `${DOCS}:frobnicate`, {});

  // Transactions.
  const txn = parseBody(await s.rest('transaction: begin', 'POST', `${DOCS}:beginTransaction`, {}))
    .transaction as string;
  await s.rest('transaction: batchGet inside', 'POST', `${DOCS}:batchGet`, {
    documents: [doc('jars/olive'), doc('jars/ghost')],
    transaction: txn,
  });
  await s.rest('transaction: runQuery inside', 'POST', `${DOCS}:runQuery`, {
    ...jarsQuery({ where: where('stock', 'GREATER_THAN', int(10)) }),
    transaction: txn,
  });
  // No GET with ?transaction=: Google's emulator never answers it (emulators/docs/google-referee.md).
  await s.rest('transaction: commit', 'POST', `${DOCS}:commit`, {
    transaction: txn,
    writes: [update('jars/olive', { name: str('Olive'), stock: int(11), price: int(150) })],
  });
  await s.rest('transaction: commit it twice', 'POST', `${DOCS}:commit`, { transaction: txn, writes: [] });
  const conflicted = parseBody(
    await s.rest('transaction: begin another', 'POST', `${DOCS}:beginTransaction`, {}),
  ).transaction as string;
  await s.rest('transaction: read lime', 'POST', `${DOCS}:batchGet`, {
    documents: [doc('jars/lime')],
    transaction: conflicted,
  });
  await s.rest('transaction: commit after reading lime', 'POST', `${DOCS}:commit`, {
    transaction: conflicted,
    writes: [update('jars/lime', { stock: int(5) })],
  });
  // After the commit: a write in between would wait for the transaction's lock on lime (as in production and
  // Google's emulator), which the locks' own tests prove.
  await s.rest('transaction: someone else writes lime', 'POST', `${DOCS}:commit`, {
    writes: [update('jars/lime', { stock: int(6) })],
  });
  const readOnly = parseBody(
    await s.rest('transaction: begin read-only', 'POST', `${DOCS}:beginTransaction`, {
      options: { readOnly: {} },
    }),
  ).transaction as string;
  await s.rest('transaction: write in read-only', 'POST', `${DOCS}:commit`, {
    transaction: readOnly,
    writes: [update('jars/lime', { stock: int(1) })],
  });
  const rolled = parseBody(
    await s.rest('transaction: begin to roll back', 'POST', `${DOCS}:beginTransaction`, {}),
  ).transaction as string;
  await s.rest('transaction: rollback', 'POST', `${DOCS}:rollback`, { transaction: rolled });
  await s.rest('transaction: rollback again', 'POST', `${DOCS}:rollback`, { transaction: rolled });
  await s.rest('transaction: rollback without one', 'POST', `${DOCS}:rollback`, {});
  await s.rest('transaction: an unknown one', 'POST', `${DOCS}:batchGet`, {
    documents: [doc('jars/lime')],
    transaction: 'bm90LWEtdHJhbnNhY3Rpb24=',
  });
  const batchGetTxn = await s.rest('batchGet: new transaction, mask, missing', 'POST', `${DOCS}:batchGet`, {
    documents: [doc('jars/ghost'), doc('jars/mango')],
    mask: { fieldPaths: ['name'] },
    newTransaction: { readWrite: {} },
  });
  await rollBack(s, 'batchGet: its transaction rolled back', batchGetTxn);
  await s.rest('batchGet: new transaction, no documents', 'POST', `${DOCS}:batchGet`, {
    newTransaction: { readOnly: {} },
  });
  await s.rest('batchGet: as of long ago', 'POST', `${DOCS}:batchGet`, {
    documents: [doc('jars/mango')],
    readTime: '2001-01-01T00:00:00Z',
  });
  await s.rest('batchGet: a document of another database', 'POST', `${DOCS}:batchGet`, {
    documents: ['projects/other/databases/(default)/documents/jars/mango'],
  });

  // Queries.
  const query = (name: string, structured: Json, parent = DOCS, who: Who = 'owner') =>
    s.rest(`query: ${name}`, 'POST', `${parent}:runQuery`, { structuredQuery: structured }, who);
  const from = [{ collectionId: 'jars' }];
  await query('filter and order', {
    from,
    where: where('stock', 'GREATER_THAN', int(0)),
    orderBy: [{ field: field('stock'), direction: 'DESCENDING' }],
    limit: 3,
  });
  await query('OR of filters', {
    from,
    where: {
      compositeFilter: {
        op: 'OR',
        filters: [where('stock', 'EQUAL', int(0)), where('tags', 'ARRAY_CONTAINS', str('spicy'))],
      },
    },
  });
  await query('AND with in and not-equal', {
    from,
    where: {
      compositeFilter: {
        op: 'AND',
        filters: [
          where('name', 'IN', arr(str('Olive'), str('Lime'), str('আমের আচার'))),
          where('stock', 'NOT_EQUAL', int(6)),
        ],
      },
    },
  });
  await query('array-contains-any and not-in', {
    from,
    where: {
      compositeFilter: {
        op: 'AND',
        filters: [
          where('tags', 'ARRAY_CONTAINS_ANY', arr(str('sour'), str('hot'))),
          where('name', 'NOT_IN', arr(str('Lime'))),
        ],
      },
    },
  });
  await query('unary filters', { from, where: { unaryFilter: { op: 'IS_NULL', field: field('note') } } });
  await query('is NaN', { from, where: { unaryFilter: { op: 'IS_NAN', field: field('nan') } } });
  await query('cursors and offset', {
    from,
    orderBy: [{ field: field('stock') }, { field: field('__name__') }],
    startAt: { values: [int(1)], before: true },
    endAt: { values: [int(11)], before: false },
    offset: 1,
  });
  await query('select fields', {
    from,
    select: { fields: [field('name')] },
    orderBy: [{ field: field('name') }],
  });
  await query('limit as a wrapper', { from, limit: { value: 1 } });
  await query('collection group', {
    from: [{ collectionId: 'reviews', allDescendants: true }],
    orderBy: [{ field: field('stars') }],
  });
  await query('under a parent document', { from: [{ collectionId: 'reviews' }] }, `${DOCS}/jars/olive`);
  await query('kindless', { where: undefined }, `${DOCS}/jars/olive`);
  await query('unknown operator', { from, where: where('stock', 'ROUGHLY', int(1)) });
  await query('inequality on two fields', {
    from,
    where: {
      compositeFilter: {
        op: 'AND',
        filters: [where('stock', 'GREATER_THAN', int(0)), where('price', 'LESS_THAN', int(200))],
      },
    },
  });
  await query('order by a missing direction field only', { from, orderBy: [{ field: field('price') }] });
  await s.rest('query: without a structured query', 'POST', `${DOCS}:runQuery`, {});
  await s.rest('query: as of long ago', 'POST', `${DOCS}:runQuery`, {
    ...jarsQuery(),
    readTime: '2001-01-01T00:00:00Z',
  });
  const queryTxn = await s.rest('query: new transaction', 'POST', `${DOCS}:runQuery`, {
    ...jarsQuery({ limit: 1 }),
    newTransaction: { readWrite: {} },
  });
  await rollBack(s, 'query: its transaction rolled back', queryTxn);
  await s.rest('query: no results', 'POST', `${DOCS}:runQuery`, {
    ...jarsQuery({ where: where('stock', 'GREATER_THAN', int(1000)) }),
  });

  // Aggregations.
  const aggregate = (name: string, aggregations: unknown[], extra: Json = {}) =>
    s.rest(`aggregate: ${name}`, 'POST', `${DOCS}:runAggregationQuery`, {
      structuredAggregationQuery: { structuredQuery: { from }, aggregations },
      ...extra,
    });
  await aggregate('count, sum, avg', [
    { alias: 'jars', count: {} },
    { alias: 'stock', sum: { field: field('stock') } },
    { avg: { field: field('price') } },
  ]);
  await aggregate('count up to', [{ count: { upTo: 2 } }]);
  await aggregate('avg of nothing', [{ alias: 'none', avg: { field: field('nothing') } }]);
  await aggregate('sum of doubles', [{ sum: { field: field('price') } }]);
  await aggregate(
    'too many',
    [1, 2, 3, 4, 5, 6].map((i) => ({ alias: `c${i}`, count: {} })),
  );
  await aggregate('none', []);
  await aggregate('in a new transaction', [{ count: {} }], { newTransaction: { readOnly: {} } });
  await s.rest('aggregate: no query', 'POST', `${DOCS}:runAggregationQuery`, {});

  // Batch writes and collection ids.
  await s.rest('batchWrite: mixed outcomes', 'POST', `${DOCS}:batchWrite`, {
    writes: [
      update('jars/tamarind', { stock: int(8) }),
      { ...update('jars/ghost', { stock: int(1) }), currentDocument: { exists: true } },
      { delete: doc('jars/tamarind') },
    ],
  });
  await s.rest(
    'batchWrite: as alice, one refused',
    'POST',
    `${DOCS}:batchWrite`,
    {
      writes: [update('jars/plum', { stock: int(2) }), update('jars/plum2', { stock: str('two') })],
    },
    'alice',
  );
  await s.rest('listCollectionIds: root', 'POST', `${DOCS}:listCollectionIds`, {});
  await s.rest('listCollectionIds: under a document', 'POST', `${DOCS}/jars/olive:listCollectionIds`, {});
  const firstIds = await s.rest('listCollectionIds: paged', 'POST', `${DOCS}:listCollectionIds`, {
    pageSize: 1,
  });
  await s.rest('listCollectionIds: second page', 'POST', `${DOCS}:listCollectionIds`, {
    pageSize: 1,
    pageToken: parseBody(firstIds).nextPageToken,
  });
  await s.rest('listCollectionIds: as alice', 'POST', `${DOCS}:listCollectionIds`, {}, 'alice');

  // Rules: callers other than the owner, decided by the shop's firestore.rules.
  await s.rest('rules: alice reads a jar no rule matches', 'GET', `${DOCS}/jars/mango`, undefined, 'alice');
  await s.rest('rules: nobody reads a product on sale', 'GET', `${DOCS}/products/mango`, undefined, 'nobody');
  await s.rest('rules: alice reads a hidden product', 'GET', `${DOCS}/products/hidden`, undefined, 'alice');
  await s.rest(
    'rules: the admin reads a hidden product',
    'GET',
    `${DOCS}/products/hidden`,
    undefined,
    'admin',
  );
  await s.rest('rules: alice reads her order', 'GET', `${DOCS}/orders/o1`, undefined, 'alice');
  await s.rest("rules: alice reads another's order", 'GET', `${DOCS}/orders/o2`, undefined, 'alice');
  await s.rest('rules: alice lists the orders', 'GET', `${DOCS}/orders`, undefined, 'alice');
  await s.rest('rules: the admin lists the orders', 'GET', `${DOCS}/orders`, undefined, 'admin');
  await query(
    'rules: alice queries her orders',
    { from: [{ collectionId: 'orders' }], where: where('user_id', 'EQUAL', str('alice')) },
    DOCS,
    'alice',
  );
  await query(
    'rules: nobody queries the storefront',
    {
      from: [{ collectionId: 'products' }],
      where: {
        compositeFilter: {
          op: 'AND',
          filters: [
            where('is_active', 'EQUAL', { booleanValue: true }),
            where('stock_quantity', 'GREATER_THAN', int(0)),
          ],
        },
      },
    },
    DOCS,
    'nobody',
  );
  await query(
    'rules: nobody queries every product',
    { from: [{ collectionId: 'products' }] },
    DOCS,
    'nobody',
  );
  await query(
    'rules: alice queries reviews as a group',
    { from: [{ collectionId: 'reviews', allDescendants: true }] },
    DOCS,
    'alice',
  );
  await s.rest(
    'rules: alice creates an order',
    'POST',
    `${DOCS}/orders?documentId=o3`,
    { fields: { user_id: str('alice') } },
    'alice',
  );
  await s.rest(
    'rules: the admin creates a bad product',
    'POST',
    `${DOCS}/products?documentId=bad`,
    { fields: { name: int(1) } },
    'admin',
  );
  await s.rest('rules: alice deletes a product', 'DELETE', `${DOCS}/products/mango`, undefined, 'alice');
  await s.rest('rules: a forged token', 'GET', `${DOCS}/products/mango`, undefined, 'forged');
  await s.rest(
    'rules: alice batchGets',
    'POST',
    `${DOCS}:batchGet`,
    {
      documents: [doc('products/mango'), doc('orders/o2')],
    },
    'alice',
  );
}

async function grpcCorpus(s: CorpusSession): Promise<void> {
  await s.grpc('GetDocument', 'GetDocument', { name: doc('jars/mango') });
  await s.grpc('GetDocument: mask', 'GetDocument', {
    name: doc('jars/mango'),
    mask: { fieldPaths: ['stock'] },
  });
  await s.grpc('GetDocument: missing', 'GetDocument', { name: doc('jars/ghost') });
  await s.grpc('GetDocument: no name', 'GetDocument', {});
  await s.grpc('GetDocument: as alice, private', 'GetDocument', { name: doc('private/ledger') }, 'alice');
  await s.grpc('ListDocuments', 'ListDocuments', {
    parent: `${DB}/documents`,
    collectionId: 'jars',
    pageSize: 3,
    orderBy: 'price desc',
  });
  await s.grpc('ListDocuments: show missing', 'ListDocuments', {
    parent: `${DB}/documents/jars/mango`,
    collectionId: 'reviews',
    showMissing: true,
  });
  await s.grpc('ListDocuments: no parent', 'ListDocuments', { collectionId: 'jars' });
  await s.grpc('CreateDocument', 'CreateDocument', {
    parent: `${DB}/documents`,
    collectionId: 'jars',
    documentId: 'ginger',
    document: { fields: { stock: int(4) } },
  });
  await s.grpc('CreateDocument: exists', 'CreateDocument', {
    parent: `${DB}/documents`,
    collectionId: 'jars',
    documentId: 'ginger',
    document: {},
  });
  await s.grpc('UpdateDocument: mask', 'UpdateDocument', {
    document: { name: doc('jars/ginger'), fields: { stock: int(5), extra: str('no') } },
    updateMask: { fieldPaths: ['stock'] },
  });
  await s.grpc('UpdateDocument: precondition fails', 'UpdateDocument', {
    document: { name: doc('jars/ginger2'), fields: {} },
    currentDocument: { exists: true },
  });
  await s.grpc('UpdateDocument: no document', 'UpdateDocument', {});
  await s.grpc('DeleteDocument', 'DeleteDocument', { name: doc('jars/ginger') });
  await s.grpc('DeleteDocument: precondition', 'DeleteDocument', {
    name: doc('jars/ginger'),
    currentDocument: { exists: true },
  });
  await s.grpc('DeleteDocument: as alice', 'DeleteDocument', { name: doc('jars/mango') }, 'alice');
  await s.grpc('BatchGetDocuments', 'BatchGetDocuments', {
    database: DB,
    documents: [doc('jars/lime'), doc('jars/ghost')],
  });
  await s.grpc('BatchGetDocuments: a bad name', 'BatchGetDocuments', {
    database: DB,
    documents: ['nonsense'],
  });
  const begun = await s.grpc('BeginTransaction', 'BeginTransaction', { database: DB });
  const txn = begun.messages[0]?.transaction as string;
  await s.grpc('RunQuery: in the transaction', 'RunQuery', {
    parent: `${DB}/documents`,
    ...jarsQuery({ where: where('stock', 'LESS_THAN', int(5)), orderBy: [{ field: field('stock') }] }),
    transaction: txn,
  });
  await s.grpc('Commit: the transaction', 'Commit', {
    database: DB,
    transaction: txn,
    writes: [update('jars/lime', { stock: int(6), price: int(85) })],
  });
  const other = await s.grpc('BeginTransaction: again', 'BeginTransaction', {
    database: DB,
    options: { readWrite: {} },
  });
  await s.grpc('Rollback', 'Rollback', { database: DB, transaction: other.messages[0]?.transaction });
  await s.grpc('Rollback: unknown', 'Rollback', { database: DB, transaction: 'AAAA' });
  await s.grpc('Commit: transforms', 'Commit', {
    database: DB,
    writes: [
      {
        update: { name: doc('jars/olive'), fields: {} },
        updateMask: { fieldPaths: [] },
        updateTransforms: [
          { fieldPath: 'stock', increment: int(-1) },
          { fieldPath: 'seen', setToServerValue: 'REQUEST_TIME' },
        ],
        currentDocument: { exists: true },
      },
    ],
  });
  await s.grpc('Commit: bad', 'Commit', {
    database: DB,
    writes: [{ update: { name: 'nonsense', fields: {} } }],
  });
  await s.grpc(
    'Commit: as nobody',
    'Commit',
    { database: DB, writes: [update('jars/x', { stock: int(1) })] },
    'nobody',
  );
  await s.grpc('RunQuery: filters and cursor', 'RunQuery', {
    parent: `${DB}/documents`,
    ...jarsQuery({
      where: where('price', 'GREATER_THAN_OR_EQUAL', int(80)),
      orderBy: [{ field: field('price'), direction: 'DESCENDING' }],
      startAfter: undefined,
      startAt: { values: [int(150)], before: false },
    }),
  });
  await s.grpc('RunQuery: none', 'RunQuery', { parent: `${DB}/documents` });
  await s.grpc('RunAggregationQuery', 'RunAggregationQuery', {
    parent: `${DB}/documents`,
    structuredAggregationQuery: {
      structuredQuery: { from: [{ collectionId: 'jars' }], where: where('stock', 'GREATER_THAN', int(0)) },
      aggregations: [
        { alias: 'n', count: {} },
        { alias: 'total', sum: { field: field('stock') } },
      ],
    },
  });
  await s.grpc('BatchWrite', 'BatchWrite', {
    database: DB,
    writes: [
      update('jars/quince', { stock: int(1) }),
      { delete: doc('jars/quince'), currentDocument: { exists: false } },
    ],
  });
  await s.grpc('ListCollectionIds', 'ListCollectionIds', { parent: `${DB}/documents` });
  await s.grpc('ListCollectionIds: as alice', 'ListCollectionIds', { parent: `${DB}/documents` }, 'alice');
  await s.grpc('ListCollectionIds: no parent', 'ListCollectionIds', {});
  await s.grpc('PartitionQuery: no structuredQuery', 'PartitionQuery', { parent: `${DB}/documents` });
  await s.grpc('forged token', 'GetDocument', { name: doc('jars/mango') }, 'forged');
}

async function streamCorpus(s: CorpusSession): Promise<void> {
  const listen = s.stream('Listen');
  await listen.step(
    'Listen: a query target',
    {
      database: DB,
      addTarget: {
        targetId: 2,
        query: { parent: `${DB}/documents`, ...jarsQuery({ where: where('stock', 'GREATER_THAN', int(5)) }) },
      },
    },
    snapshotDone,
  );
  await listen.step(
    'Listen: a documents target',
    {
      database: DB,
      addTarget: { targetId: 4, documents: { documents: [doc('jars/mango'), doc('jars/ghost')] } },
    },
    snapshotDone,
  );
  await s.rest('Listen: a commit it sees', 'POST', `${DOCS}:commit`, {
    writes: [
      update('jars/ghost', { stock: int(50) }),
      { delete: doc('jars/lime') },
      update('jars/mango', { stock: int(1) }),
    ],
  });
  await listen.step('Listen: the changes', null, snapshotDone);
  await listen.step('Listen: remove a target', { database: DB, removeTarget: 4 }, count(1));
  await listen.step(
    'Listen: a query rules refuse',
    {
      database: DB,
      addTarget: {
        targetId: 6,
        query: { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'private' }] } },
      },
    },
    snapshotDone,
  );
  listen.close();

  const refused = s.stream('Listen', 'alice');
  await refused.step(
    'Listen as alice: a query rules refuse',
    {
      database: DB,
      addTarget: {
        targetId: 2,
        query: { parent: `${DB}/documents`, structuredQuery: { from: [{ collectionId: 'private' }] } },
      },
    },
    (messages) => messages.some((m) => (m.targetChange as Json | undefined)?.targetChangeType === 'REMOVE'),
  );
  await refused.step(
    'Listen as alice: a bad database',
    { database: 'nonsense', addTarget: { targetId: 3 } },
    ended,
  );
  refused.close();

  const write = s.stream('Write');
  await write.step('Write: handshake', { database: DB }, count(1));
  await write.step(
    'Write: a write',
    { streamToken: 'ignored', writes: [update('jars/pickle', { stock: int(9) })] },
    count(1),
  );
  await write.step(
    'Write: a refused precondition',
    { writes: [{ delete: doc('jars/absent'), currentDocument: { exists: true } }] },
    ended,
  );
  write.close();

  const noDatabase = s.stream('Write');
  await noDatabase.step('Write: handshake without a database', {}, ended);
  noDatabase.close();

  await s.rest(
    'reset: the project',
    'DELETE',
    `/emulator/v1/projects/${PROJECT}/databases/(default)/documents`,
  );
  await s.rest('reset: nothing left', 'POST', `${DOCS}:runQuery`, jarsQuery());
}

/** The browser SDK's streams over WebChannel: a handshake carrying the first message, then a long-poll GET. */
async function webChannelCorpus(s: CorpusSession): Promise<void> {
  const channel = async (kind: 'Listen' | 'Write', message: Json, next?: Json) => {
    const base = `/google.firestore.v1.Firestore/${kind}/channel`;
    const form = (messages: Json[], ofs: number) =>
      new URLSearchParams({
        count: String(messages.length),
        ofs: String(ofs),
        headers: 'Authorization:Bearer owner\r\n',
        ...Object.fromEntries(messages.map((m, i) => [`req${i}___data__`, JSON.stringify(m)])),
      }).toString();
    const handshake = await s.rest(
      `WebChannel ${kind}: handshake`,
      'POST',
      `${base}?VER=8&RID=1&CVER=22&TYPE=init`,
      form([message], 0),
    );
    const sid = /"c","([0-9a-f]+)"/.exec(handshake.body)?.[1] ?? '';
    s.volatile(sid, 'sid');
    await s.rest(
      `WebChannel ${kind}: backchannel`,
      'GET',
      `${base}?VER=8&SID=${sid}&AID=0&CI=1&TYPE=xmlhttp&RID=rpc`,
    );
    if (next) {
      await s.rest(
        `WebChannel ${kind}: forward`,
        'POST',
        `${base}?VER=8&SID=${sid}&AID=1&RID=2`,
        form([next], 1),
      );
      await s.rest(
        `WebChannel ${kind}: backchannel again`,
        'GET',
        `${base}?VER=8&SID=${sid}&AID=1&CI=1&TYPE=xmlhttp&RID=rpc`,
      );
    }
    await s.rest(`WebChannel ${kind}: terminate`, 'POST', `${base}?VER=8&SID=${sid}&TYPE=terminate`, '');
  };
  await channel(
    'Listen',
    {
      database: DB,
      addTarget: { targetId: 2, query: { parent: `${DB}/documents`, ...jarsQuery({ limit: 2 }) } },
    },
    {
      database: DB,
      addTarget: {
        targetId: 4,
        query: { parent: `${DB}/documents`, structuredQuery: { from: [{ kind: 'x' }] } },
      },
    },
  );
  await channel(
    'Write',
    { database: DB },
    { streamToken: 'x', writes: [update('jars/webchannel', { stock: int(3) })] },
  );
  await s.rest(
    'WebChannel: an unknown session',
    'GET',
    `/google.firestore.v1.Firestore/Listen/channel?VER=8&SID=nope&AID=0&CI=1&TYPE=xmlhttp`,
  );
}
