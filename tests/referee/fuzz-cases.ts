/**
 * The differential fuzzer's cases (./firestore-fuzz.test.ts): fast-check arbitraries for documents, queries,
 * batches, transactions and rules requests, and how each is run over REST against one engine. An answer is kept
 * as HTTP status and parsed body; `normalise` drops what the two may honestly differ in (server times,
 * transaction ids, the wording of errors).
 */
import fc from 'fast-check';

export interface Engine {
  name: string;
  host: string;
  port: number;
}

type Json = Record<string, unknown>;
type Value = Json;
export interface Answer {
  status: number;
  body: unknown;
}

const OWNER = 'Bearer owner';

async function call(
  engine: Engine,
  method: string,
  path: string,
  body?: unknown,
  authorization: string | null = OWNER,
): Promise<Answer> {
  const response = await fetch(`http://${engine.host}:${engine.port}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(authorization ? { Authorization: authorization } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  }).catch((error: unknown) => {
    throw new Error(`${engine.name}: ${method} ${path} got no answer: ${String(error)}`);
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body: parsed };
}

const documents = (project: string) => `/v1/projects/${project}/databases/(default)/documents`;
const nameOf = (project: string, path: string) => `projects/${project}/databases/(default)/documents/${path}`;
/** References are generated before the project is known: `__PROJECT__` stands for it. */
const inProject = <T>(value: T, project: string): T =>
  JSON.parse(JSON.stringify(value).replaceAll('__PROJECT__', project)) as T;

const TIME_KEYS = new Set(['updateTime', 'createTime', 'readTime', 'commitTime', 'transaction']);
/** A `setToServerValue` time: within ten minutes of now (no generated time falls there). */
const isNow = (text: string) => Math.abs(Date.parse(text) - Date.now()) < 600_000;

/** What both engines must agree on: times of the server, ids of transactions and errors' wording dropped. */
export function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (typeof value !== 'object' || value === null) return value;
  const object = value as Json;
  if ('error' in object && typeof object.error === 'object' && object.error !== null) {
    const error = object.error as Json;
    return { error: { code: error.code, status: error.status } };
  }
  const kept: Json = {};
  for (const [key, item] of Object.entries(object)) {
    if (TIME_KEYS.has(key)) continue;
    // Proto3 JSON may leave out an empty repeated field (Google's does: `arrayValue: {}`, a list with no
    // `documents`); ours writes it. Every SDK reads the two alike.
    if (Array.isArray(item) && item.length === 0) continue;
    // The same for an empty map (`mapValue: {}`, a document with no `fields`).
    if (key === 'fields' && typeof item === 'object' && item !== null && Object.keys(item).length === 0)
      continue;
    // Google's emulator ends an aggregation's answer with `done: true`, a field the v1 protos do not have.
    if (key === 'done' && 'result' in object) continue;
    if (key === 'timestampValue' && typeof item === 'string' && isNow(item)) kept[key] = '<now>';
    // A point's zero coordinates are proto3 defaults, which Google's emulator leaves out.
    else if (key === 'geoPointValue') kept[key] = { latitude: 0, longitude: 0, ...(item as Json) };
    else kept[key] = normalise(item);
  }
  return kept;
}

// ---------------------------------------------------------------------------------------------------------------
// Values

const fieldName = fc
  .oneof(
    fc.constantFrom('a', 'b', 'name', 'আচার', '🥭', 'with space', 'dot.ted', '`tick`', '0'),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
  )
  .filter((name) => !/^__.*__$/.test(name));

const text = fc.oneof(
  { weight: 5, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1500, maxLength: 3000 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom('', 'আমের আচার', 'a\u0000b', '\u200d', 'Ω', '😀', 'z'.repeat(1500)),
  },
);

const MIN_SECONDS = -62_135_596_800; // 0001-01-01T00:00:00Z
const MAX_SECONDS = 253_402_300_799; // 9999-12-31T23:59:59Z
const timestamp = fc
  .record({
    seconds: fc.oneof(
      fc.integer({ min: MIN_SECONDS, max: MAX_SECONDS }),
      fc.constantFrom(MIN_SECONDS, MAX_SECONDS, 0, -1),
    ),
    nanos: fc.oneof(
      fc.integer({ min: 0, max: 999_999_999 }),
      fc.constantFrom(0, 1000, 999_999_000, 999_999_999),
    ),
  })
  .map(({ seconds, nanos }) => {
    const whole = new Date(seconds * 1000).toISOString().replace('.000Z', '');
    return `${whole}.${String(nanos).padStart(9, '0')}Z`;
  });

const double = fc.oneof(
  fc.double(),
  fc.constantFrom(
    0,
    -0,
    1,
    -1.5,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    2 ** 53,
    -(2 ** 63),
    NaN,
    Infinity,
    -Infinity,
  ),
);
/** A double as proto3 JSON has it: the non-finite ones as text. */
const doubleValue = (d: number): Value => ({ doubleValue: Number.isFinite(d) ? d : String(d) });

const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.constant({ nullValue: null }),
  fc.boolean().map((b) => ({ booleanValue: b })),
  fc
    .oneof(
      fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
      fc.constantFrom(0n, -1n, 2n ** 63n - 1n, -(2n ** 63n)),
    )
    .map((n) => ({ integerValue: String(n) })),
  double.map(doubleValue),
  timestamp.map((t) => ({ timestampValue: t })),
  text.map((s) => ({ stringValue: s })),
  fc.uint8Array({ maxLength: 24 }).map((bytes) => ({ bytesValue: Buffer.from(bytes).toString('base64') })),
  fc
    .tuple(fc.constantFrom('jars', 'a/b/c'), fc.stringMatching(/^[a-zA-Z0-9_-]{1,10}$/))
    .map(([collection, id]) => ({
      referenceValue: `projects/__PROJECT__/databases/(default)/documents/${collection}/${id}`,
    })),
  fc
    .record({
      latitude: fc.double({ min: -90, max: 90, noNaN: true }),
      longitude: fc.double({ min: -180, max: 180, noNaN: true }),
    })
    .map((point) => ({ geoPointValue: point })),
);

const { value: anyValue } = fc.letrec<{ value: Value; element: Value; map: Value; array: Value }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('map'), tie('array')),
  // An array holds no array directly.
  element: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('map')),
  map: fc.dictionary(fieldName, tie('value'), { maxKeys: 4 }).map((fields) => ({ mapValue: { fields } })),
  array: fc.array(tie('element'), { maxLength: 4 }).map((values) => ({ arrayValue: { values } })),
}));

export const arbitraryDocument = fc.dictionary(fieldName, anyValue, { minKeys: 1, maxKeys: 6 });

/** Stores the document and reads it back (and the collection's list). */
export async function runRoundTrip(engine: Engine, project: string, raw: Json) {
  const fields = inProject(raw, project);
  const commit = await call(engine, 'POST', `${documents(project)}:commit`, {
    writes: [{ update: { name: nameOf(project, 'fuzz/doc'), fields } }],
  });
  const read = await call(engine, 'GET', `${documents(project)}/fuzz/doc`);
  return { commit, read };
}

// ---------------------------------------------------------------------------------------------------------------
// Queries

/** A small pool, so that filters, orders and cursors meet the stored values and each other. */
const poolValue: fc.Arbitrary<Value> = fc.constantFrom<Value>(
  { nullValue: null },
  { booleanValue: false },
  { booleanValue: true },
  { integerValue: '-1' },
  { integerValue: '0' },
  { integerValue: '1' },
  { integerValue: '2' },
  { doubleValue: 0.5 },
  { doubleValue: 1 },
  { doubleValue: -0 },
  { doubleValue: 'NaN' },
  { doubleValue: 'Infinity' },
  { stringValue: '' },
  { stringValue: 'a' },
  { stringValue: 'b' },
  { stringValue: 'আ' },
  { timestampValue: '2026-01-01T00:00:00Z' },
  { arrayValue: {} },
  { arrayValue: { values: [{ integerValue: '1' }] } },
  { arrayValue: { values: [{ integerValue: '1' }, { stringValue: 'a' }] } },
  { mapValue: { fields: { x: { integerValue: '1' } } } },
);
const FIELDS = ['a', 'b', 'm.x'] as const;
const queryField = fc.constantFrom<string>(...FIELDS);

const queryDoc = fc.record({
  parent: fc.constantFrom('', 'shelves/s1/', 'shelves/s2/'),
  id: fc.constantFrom('d0', 'd1', 'd2', 'd3', 'd4', 'd5', 'd6'),
  a: fc.option(poolValue, { nil: undefined }),
  b: fc.option(poolValue, { nil: undefined }),
  mx: fc.option(poolValue, { nil: undefined }),
});
export const arbitraryQueryDocs = fc.uniqueArray(queryDoc, {
  maxLength: 10,
  selector: (d) => `${d.parent}${d.id}`,
});

const fieldFilter = fc.oneof(
  fc
    .record({
      field: queryField,
      op: fc.constantFrom(
        'LESS_THAN',
        'LESS_THAN_OR_EQUAL',
        'GREATER_THAN',
        'GREATER_THAN_OR_EQUAL',
        'EQUAL',
        'NOT_EQUAL',
        'ARRAY_CONTAINS',
      ),
      value: poolValue,
    })
    .map(({ field, op, value }) => ({ fieldFilter: { field: { fieldPath: field }, op, value } })),
  fc
    .record({
      field: queryField,
      op: fc.constantFrom('IN', 'NOT_IN', 'ARRAY_CONTAINS_ANY'),
      values: fc.array(poolValue, { minLength: 0, maxLength: 3 }),
    })
    .map(({ field, op, values }) => ({
      fieldFilter: { field: { fieldPath: field }, op, value: { arrayValue: { values } } },
    })),
  fc
    .record({ field: queryField, op: fc.constantFrom('IS_NAN', 'IS_NULL', 'IS_NOT_NAN', 'IS_NOT_NULL') })
    .map(({ field, op }) => ({ unaryFilter: { field: { fieldPath: field }, op } })),
);
const filter = fc.oneof(
  { weight: 3, arbitrary: fieldFilter },
  {
    weight: 1,
    arbitrary: fc
      .record({
        op: fc.constantFrom('AND', 'OR'),
        filters: fc.array(fieldFilter, { minLength: 1, maxLength: 3 }),
      })
      .map((composite) => ({ compositeFilter: composite })),
  },
);

export const arbitraryQuery = fc
  .record({
    group: fc.boolean(),
    where: fc.option(filter, { nil: undefined }),
    orderBy: fc.uniqueArray(
      fc.record({
        field: fc.constantFrom<string>(...FIELDS, '__name__'),
        direction: fc.constantFrom('ASCENDING', 'DESCENDING'),
      }),
      { maxLength: 2, selector: (o) => o.field },
    ),
    startAt: fc.option(
      fc.record({ values: fc.array(poolValue, { minLength: 1, maxLength: 2 }), before: fc.boolean() }),
      {
        nil: undefined,
      },
    ),
    endAt: fc.option(
      fc.record({ values: fc.array(poolValue, { minLength: 1, maxLength: 2 }), before: fc.boolean() }),
      {
        nil: undefined,
      },
    ),
    offset: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    limit: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
    aggregate: fc.boolean(),
  })
  // Google's emulator refuses a sum or average over `a` ordered by __name__ before `a` ("requires an index that
  // has fields [a] after __name__"), ours answers it: a gap written down in emulators/docs/google-referee.md.
  .filter((q) => {
    if (!q.aggregate) return true;
    const name = q.orderBy.findIndex((o) => o.field === '__name__');
    const a = q.orderBy.findIndex((o) => o.field === 'a');
    return name < 0 || (a >= 0 && a < name);
  });

type QueryCase = typeof arbitraryQuery extends fc.Arbitrary<infer T> ? T : never;
type DocCase = typeof queryDoc extends fc.Arbitrary<infer T> ? T : never;

/** Stores the documents, then runs the query (or its count, sum and average) as a structured query. */
export async function runQueryCase(engine: Engine, project: string, docs: DocCase[], query: QueryCase) {
  const writes = docs.map((d) => {
    const fields: Json = {};
    if (d.a) fields.a = d.a;
    if (d.b) fields.b = d.b;
    if (d.mx) fields.m = { mapValue: { fields: { x: d.mx } } };
    return { update: { name: nameOf(project, `${d.parent}jars/${d.id}`), fields } };
  });
  const seeded = writes.length
    ? await call(engine, 'POST', `${documents(project)}:commit`, { writes })
    : null;
  const structuredQuery = {
    from: [{ collectionId: 'jars', allDescendants: query.group }],
    ...(query.where && { where: query.where }),
    ...(query.orderBy.length > 0 && {
      orderBy: query.orderBy.map((o) => ({ field: { fieldPath: o.field }, direction: o.direction })),
    }),
    ...(query.startAt && { startAt: cursor(query.startAt) }),
    ...(query.endAt && { endAt: cursor(query.endAt) }),
    ...(query.offset !== undefined && { offset: query.offset }),
    ...(query.limit !== undefined && { limit: query.limit }),
  };
  if (query.aggregate) {
    const answer = await call(engine, 'POST', `${documents(project)}:runAggregationQuery`, {
      structuredAggregationQuery: {
        structuredQuery,
        aggregations: [
          { alias: 'n', count: {} },
          { alias: 's', sum: { field: { fieldPath: 'a' } } },
          { alias: 'v', avg: { field: { fieldPath: 'a' } } },
        ],
      },
    });
    return { seeded: seeded?.status, answer };
  }
  const answer = await call(engine, 'POST', `${documents(project)}:runQuery`, { structuredQuery });
  const found = Array.isArray(answer.body)
    ? (answer.body as Json[]).flatMap((item) => (item.document ? [(item.document as Json).name] : []))
    : answer.body;
  return { seeded: seeded?.status, status: answer.status, found };
}

/** A cursor (pool values only: one on `__name__` is refused by both, as not a reference). */
function cursor(c: { values: Value[]; before: boolean }) {
  return { values: c.values, before: c.before };
}

// ---------------------------------------------------------------------------------------------------------------
// Batches and transactions

const batchDocId = fc.constantFrom('x', 'y', 'z');
const smallFields = fc.dictionary(fc.constantFrom('a', 'b', 'n', 'list'), poolValue, { maxKeys: 3 });
const transform = fc.oneof(
  fc.record({
    fieldPath: fc.constantFrom('n', 'a'),
    increment: fc.oneof(poolValue, double.map(doubleValue)),
  }),
  fc.record({ fieldPath: fc.constantFrom('n', 'a'), maximum: poolValue }),
  fc.record({ fieldPath: fc.constantFrom('n', 'a'), minimum: poolValue }),
  fc.record({
    fieldPath: fc.constantFrom('list', 'a'),
    appendMissingElements: fc.array(poolValue, { maxLength: 3 }).map((values) => ({ values })),
  }),
  fc.record({
    fieldPath: fc.constantFrom('list', 'a'),
    removeAllFromArray: fc.array(poolValue, { maxLength: 3 }).map((values) => ({ values })),
  }),
  fc.record({ fieldPath: fc.constantFrom('t', 'a'), setToServerValue: fc.constant('REQUEST_TIME') }),
);
const precondition = fc.option(fc.record({ exists: fc.boolean() }), { nil: undefined });
const write = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    id: batchDocId,
    fields: smallFields,
    mask: fc.option(fc.uniqueArray(fc.constantFrom('a', 'b', 'n', 'c'), { maxLength: 3 }), {
      nil: undefined,
    }),
    transforms: fc.array(transform, { maxLength: 2 }),
    precondition,
  }),
  fc.record({ kind: fc.constant('delete' as const), id: batchDocId, precondition }),
  fc.record({
    kind: fc.constant('transform' as const),
    id: batchDocId,
    transforms: fc.array(transform, { minLength: 1, maxLength: 2 }),
  }),
);
type WriteCase = typeof write extends fc.Arbitrary<infer T> ? T : never;

/**
 * A precondition only on a document's first write of the commit: Google's emulator refuses one on a document an
 * earlier write changed (INVALID_ARGUMENT) before any other write's failed precondition, ours in the writes'
 * order (emulators/docs/google-referee.md); either way the commit is refused and writes nothing.
 */
function firstWritesOnly(writes: WriteCase[]): WriteCase[] {
  const written = new Set<string>();
  return writes.map((w) => {
    const first = !written.has(w.id);
    written.add(w.id);
    return first || w.kind === 'transform' ? w : { ...w, precondition: undefined };
  });
}

function wireWrite(project: string, w: WriteCase): Json {
  const name = nameOf(project, `b/${w.id}`);
  if (w.kind === 'delete')
    return { delete: name, ...(w.precondition && { currentDocument: w.precondition }) };
  if (w.kind === 'transform') return { transform: { document: name, fieldTransforms: w.transforms } };
  return {
    update: { name, fields: w.fields },
    ...(w.mask && { updateMask: { fieldPaths: w.mask } }),
    ...(w.transforms.length > 0 && { updateTransforms: w.transforms }),
    ...(w.precondition && { currentDocument: w.precondition }),
  };
}

export const arbitraryBatch = fc.record({
  before: fc.array(fc.record({ id: batchDocId, fields: smallFields }), { maxLength: 3 }),
  writes: fc.array(write, { minLength: 1, maxLength: 5 }).map(firstWritesOnly),
});

async function seedBatchDocs(engine: Engine, project: string, before: { id: string; fields: Json }[]) {
  if (before.length === 0) return null;
  const writes = before.map((d) => ({ update: { name: nameOf(project, `b/${d.id}`), fields: d.fields } }));
  return (await call(engine, 'POST', `${documents(project)}:commit`, { writes })).status;
}

const listed = async (engine: Engine, project: string) => call(engine, 'GET', `${documents(project)}/b`);

export async function runBatch(
  engine: Engine,
  project: string,
  batch: typeof arbitraryBatch extends fc.Arbitrary<infer T> ? T : never,
) {
  const seeded = await seedBatchDocs(engine, project, batch.before);
  const commit = await call(engine, 'POST', `${documents(project)}:commit`, {
    writes: batch.writes.map((w) => wireWrite(project, w)),
  });
  return { seeded, commit, after: await listed(engine, project) };
}

export const arbitraryTransaction = fc.record({
  before: fc.array(fc.record({ id: batchDocId, fields: smallFields }), { maxLength: 3 }),
  // Each document once: Google's emulator answers a transaction's batchGet naming one twice with one result.
  reads: fc.uniqueArray(batchDocId, { maxLength: 3 }),
  readOnly: fc.boolean(),
  writes: fc.array(write, { maxLength: 3 }).map(firstWritesOnly),
  end: fc.constantFrom('commit', 'rollback'),
});

export async function runTransaction(
  engine: Engine,
  project: string,
  t: typeof arbitraryTransaction extends fc.Arbitrary<infer T> ? T : never,
) {
  const seeded = await seedBatchDocs(engine, project, t.before);
  const begin = await call(engine, 'POST', `${documents(project)}:beginTransaction`, {
    options: t.readOnly ? { readOnly: {} } : { readWrite: {} },
  });
  const transaction = (begin.body as Json).transaction as string | undefined;
  // Through batchGet, as the SDKs read in a transaction: Google's emulator never answers a REST GET with
  // ?transaction= (emulators/docs/google-referee.md).
  const reads =
    t.reads.length === 0
      ? null
      : await call(engine, 'POST', `${documents(project)}:batchGet`, {
          transaction,
          documents: t.reads.map((id) => nameOf(project, `b/${id}`)),
        });
  const end =
    t.end === 'rollback'
      ? await call(engine, 'POST', `${documents(project)}:rollback`, { transaction })
      : await call(engine, 'POST', `${documents(project)}:commit`, {
          transaction,
          writes: t.writes.map((w) => wireWrite(project, w)),
        });
  return { seeded, begin: begin.status, reads, end, after: await listed(engine, project) };
}

// ---------------------------------------------------------------------------------------------------------------
// The shop's rules

const WHO = ['visitor', 'alice', 'admin', 'unverifiedAdmin', 'editor'] as const;
type Who = (typeof WHO)[number];

/** An unsigned ID token as @firebase/rules-unit-testing makes one. */
function tokenOf(project: string, who: Who): string | null {
  if (who === 'visitor') return null;
  const uid = who === 'unverifiedAdmin' ? 'admin' : who;
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: `https://securetoken.google.com/${project}`,
    aud: project,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    sub: uid,
    user_id: uid,
    firebase: { sign_in_provider: 'custom', identities: {} },
    ...(who === 'alice' && { email: 'alice@example.com', email_verified: true }),
    ...(uid === 'admin' && { email: 'admin@achar.test', email_verified: who === 'admin' }),
  };
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `Bearer ${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

const str = (s: string) => ({ stringValue: s });
const int = (n: number) => ({ integerValue: String(n) });
const PRODUCT: Json = {
  name: str('আমের আচার'),
  description: str('কাঁচা আম, সরিষার তেল আর পাঁচফোড়ন।'),
  price: int(250),
  original_price: int(300),
  image_url: { nullValue: null },
  image_path: { nullValue: null },
  category: str('আম'),
  stock_quantity: int(12),
  is_active: { booleanValue: true },
  created_at: { timestampValue: '2026-11-01T10:00:00Z' },
  updated_at: { timestampValue: '2026-11-01T10:00:00Z' },
};
const ORDER: Json = {
  product_id: str('mango'),
  product_name: str('আমের আচার'),
  product_price: int(250),
  quantity: int(2),
  total_amount: int(500),
  customer_name: str('Alice'),
  customer_phone: str('01712345678'),
  customer_email: str('alice@example.com'),
  customer_address: str('কেরানীগঞ্জ, ঢাকা'),
  payment_method: str('cash_on_delivery'),
  user_id: str('alice'),
  status: str('pending'),
  created_at: { timestampValue: '2026-11-01T10:00:00Z' },
};

/** Loads the shop's rules into the project and stores an admin, products and an order as the owner. */
export async function seedShop(engine: Engine, project: string, rules: string): Promise<void> {
  const loaded = await call(engine, 'PUT', `/emulator/v1/projects/${project}:securityRules`, {
    rules: { files: [{ name: 'firestore.rules', content: rules }] },
  });
  if (loaded.status !== 200)
    throw new Error(`${engine.name}: rules not loaded: ${JSON.stringify(loaded.body)}`);
  const writes = [
    { update: { name: nameOf(project, 'roles/admin'), fields: { role: str('admin') } } },
    { update: { name: nameOf(project, 'roles/editor'), fields: { role: str('editor') } } },
    { update: { name: nameOf(project, 'products/mango'), fields: PRODUCT } },
    {
      update: {
        name: nameOf(project, 'products/hidden'),
        fields: { ...PRODUCT, is_active: { booleanValue: false } },
      },
    },
    { update: { name: nameOf(project, 'orders/o1'), fields: ORDER } },
    { update: { name: nameOf(project, 'orders/o2'), fields: { ...ORDER, user_id: str('bob') } } },
  ];
  const seeded = await call(engine, 'POST', `${documents(project)}:commit`, { writes });
  if (seeded.status !== 200) throw new Error(`${engine.name}: not seeded: ${JSON.stringify(seeded.body)}`);
}

const mutation = fc.oneof(
  fc.record({ drop: fc.constantFrom(...Object.keys(PRODUCT), ...Object.keys(ORDER)) }),
  fc.record({
    key: fc.constantFrom(...Object.keys(PRODUCT), ...Object.keys(ORDER), 'extra'),
    value: poolValue,
  }),
  fc.record({
    key: fc.constantFrom('stock_quantity', 'price', 'quantity'),
    value: fc.integer({ min: -2, max: 200_000 }).map(int),
  }),
);

export const arbitraryRulesRequest = fc.record({
  who: fc.constantFrom(...WHO),
  collection: fc.constantFrom('products', 'orders', 'roles', 'settings', 'order_stats', 'customers', 'slugs'),
  id: fc.constantFrom('mango', 'hidden', 'o1', 'o2', 'admin', 'alice', 'new'),
  method: fc.constantFrom('get', 'list', 'create', 'update', 'delete'),
  base: fc.constantFrom('product', 'order'),
  mutations: fc.array(mutation, { maxLength: 2 }),
  stampTimes: fc.boolean(),
  listWhere: fc.option(
    fc.constantFrom(
      { field: 'is_active', op: 'EQUAL', value: { booleanValue: true } },
      { field: 'stock_quantity', op: 'GREATER_THAN', value: int(0) },
      { field: 'user_id', op: 'EQUAL', value: str('alice') },
    ),
    { nil: undefined },
  ),
  limit: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
});
type RulesCase = typeof arbitraryRulesRequest extends fc.Arbitrary<infer T> ? T : never;

/** The request as the caller sends it; the answer's status is what the rules decided (or why not). */
export async function runRulesRequest(engine: Engine, project: string, r: RulesCase) {
  const auth = tokenOf(project, r.who);
  const path = `${r.collection}/${r.id}`;
  if (r.method === 'get')
    return { status: (await call(engine, 'GET', `${documents(project)}/${path}`, undefined, auth)).status };
  if (r.method === 'list') {
    const structuredQuery = {
      from: [{ collectionId: r.collection }],
      ...(r.listWhere && {
        where: {
          fieldFilter: {
            field: { fieldPath: r.listWhere.field },
            op: r.listWhere.op,
            value: r.listWhere.value,
          },
        },
      }),
      ...(r.limit !== undefined && { limit: r.limit }),
    };
    const answer = await call(engine, 'POST', `${documents(project)}:runQuery`, { structuredQuery }, auth);
    return { status: answer.status };
  }
  if (r.method === 'delete')
    return {
      status: (
        await call(
          engine,
          'POST',
          `${documents(project)}:commit`,
          { writes: [{ delete: nameOf(project, path) }] },
          auth,
        )
      ).status,
    };
  const fields: Json = { ...(r.base === 'product' ? PRODUCT : ORDER) };
  for (const m of r.mutations) {
    if ('drop' in m) delete fields[m.drop];
    else fields[m.key] = m.value;
  }
  const stamps = r.stampTimes
    ? ['created_at', 'updated_at']
        .filter((key) => key in fields)
        .map((fieldPath) => ({ fieldPath, setToServerValue: 'REQUEST_TIME' }))
    : [];
  const answer = await call(
    engine,
    'POST',
    `${documents(project)}:commit`,
    {
      writes: [
        {
          update: { name: nameOf(project, path), fields },
          ...(stamps.length > 0 && { updateTransforms: stamps }),
          currentDocument: { exists: r.method === 'update' },
        },
      ],
    },
    auth,
  );
  return { status: answer.status };
}
