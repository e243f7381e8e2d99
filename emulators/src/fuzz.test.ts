/**
 * Seeded fuzzing of every route of both emulators: REST and WebChannel on the Firestore port, every gRPC method
 * of google.firestore.v1.Firestore, and the Firebase and GCS APIs of Storage. Requests are random or mutated
 * valid ones (odd methods, percent-escapes, wrong JSON shapes, bad base64, reserved names, forged credentials).
 * For client input the emulators must never answer 5xx (or a gRPC INTERNAL/UNKNOWN), never crash, and a refused
 * request must leave the data exactly as it was.
 *
 * Bounded by count (FUZZ_COUNT per surface, default below) and by a time budget per surface; a failure names
 * its seed and request number: rerun with FUZZ_SEED=<seed> to get the same requests.
 */
import * as grpc from '@grpc/grpc-js';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from './firestore/server.js';
import { encodeBinary } from './firestore/transports/protos.js';
import { startStorageEmulator, type StorageEmulator } from './storage/server.js';
import { mockIdToken } from './testing/id-token.js';
import { recordingRuleset } from './testing/recording-ruleset.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const COUNT = Number(process.env.FUZZ_COUNT ?? 250);
/** Per surface: enough for the default count on a busy machine; a slower run stops early and says so. */
const BUDGET_MS = 30_000;

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  const chance = (p: number) => next() < p;
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));
  return { next, int, pick, chance, bytes };
}
type Random = ReturnType<typeof random>;

const PROJECT = 'demo-fuzz';
const DB = `projects/${PROJECT}/databases/(default)`;
const DOCS = `/v1/${DB}/documents`;
const BUCKET = `${PROJECT}.appspot.com`;

const ODD_SEGMENTS = [
  '%FF',
  '%E0%A4',
  '%2F',
  '..',
  '.',
  '__x__',
  '__proto__',
  '%00',
  'a'.repeat(1600),
  'আ',
  '%',
  '%zz',
  '',
];
const ODD_STRINGS = [
  '',
  '!!!***',
  '__proto__',
  '/',
  '//',
  'a/b',
  '\u0000',
  '\ud800',
  'আচার',
  'x'.repeat(3000),
  'NaN',
];

function segment(r: Random): string {
  return r.chance(0.3)
    ? r.pick(ODD_SEGMENTS)
    : r.pick(['jars', 'mango', 'orders', 'o1', 'roles', 'products']);
}

function oddValue(r: Random, depth = 0): unknown {
  switch (r.int(depth > 2 ? 7 : 10)) {
    case 0:
      return r.pick(ODD_STRINGS);
    case 1:
      return r.pick([0, -1, 1.5, 1e308, -0, 2 ** 63, Number.MAX_SAFE_INTEGER]);
    case 2:
      return null;
    case 3:
      return r.chance(0.5);
    case 4:
      return { stringValue: r.pick(ODD_STRINGS) };
    case 5:
      return { bytesValue: r.pick(['!!!***', 'AAEC', 'AA=', '@@', '']) };
    case 6:
      return { integerValue: r.pick(['1', '99999999999999999999', 'x', '-9223372036854775809']) };
    case 7:
      return [oddValue(r, depth + 1), oddValue(r, depth + 1)];
    case 8:
      return {
        mapValue: { fields: { [r.pick(['a', '__proto__', '__x__', '', 'b.c'])]: oddValue(r, depth + 1) } },
      };
    default:
      return {
        [r.pick(['fields', 'writes', 'structuredQuery', 'from', 'where', 'update', '__proto__'])]: oddValue(
          r,
          depth + 1,
        ),
      };
  }
}

/** Valid request bodies the mutator starts from, one per kind of route. */
function validBody(r: Random): Record<string, unknown> {
  const doc = `${DB}/documents/jars/${r.pick(['mango', 'lime', 'new'])}`;
  return r.pick([
    { writes: [{ update: { name: doc, fields: { stock: { integerValue: '3' } } } }] },
    { writes: [{ delete: doc }] },
    {
      writes: [
        {
          transform: {
            document: doc,
            fieldTransforms: [{ fieldPath: 'n', increment: { integerValue: '1' } }],
          },
        },
      ],
    },
    { documents: [doc] },
    {
      structuredQuery: {
        from: [{ collectionId: 'jars' }],
        where: {
          fieldFilter: { field: { fieldPath: 'stock' }, op: 'GREATER_THAN', value: { integerValue: '0' } },
        },
      },
    },
    {
      structuredAggregationQuery: {
        structuredQuery: { from: [{ collectionId: 'jars' }] },
        aggregations: [{ count: {} }],
      },
    },
    { fields: { stock: { integerValue: '4' }, b: { bytesValue: 'AAEC' } } },
    { options: { readOnly: {} } },
    { transaction: 'dHg=' },
    {},
  ]);
}

/** Changes one thing about a JSON value: drop a key, change a type, add a reserved name, wrap it in an array. */
function mutate(r: Random, value: unknown, depth = 0): unknown {
  if (depth > 4 || r.chance(0.15)) return oddValue(r);
  if (Array.isArray(value)) return value.map((item) => (r.chance(0.5) ? mutate(r, item, depth + 1) : item));
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    if (keys.length && r.chance(0.2)) delete copy[r.pick(keys)];
    if (keys.length && r.chance(0.6)) {
      const key = r.pick(keys);
      copy[key] = mutate(r, copy[key], depth + 1);
    }
    if (r.chance(0.1)) Object.defineProperty(copy, '__proto__', { value: oddValue(r), enumerable: true });
    return copy;
  }
  return r.chance(0.5) ? oddValue(r) : value;
}

function bodyText(r: Random): string | undefined {
  const kind = r.int(10);
  if (kind === 0) return undefined;
  if (kind === 1) return r.bytes(r.int(64)).toString('latin1');
  if (kind === 2) return JSON.stringify([validBody(r)]);
  if (kind === 3) return r.pick(['null', '"x"', '1', '{', '{"writes":', '[]', '{"__proto__":{"a":1}}']);
  const body = r.chance(0.3) ? validBody(r) : mutate(r, validBody(r));
  return JSON.stringify(body);
}

function authHeader(r: Random): Record<string, string> {
  return r.pick<Record<string, string>>([
    {},
    { Authorization: 'Bearer owner' },
    { Authorization: `Bearer ${mockIdToken('fuzzer')}` },
    { Authorization: 'Bearer not.a.jwt' },
    { Authorization: 'Basic abc' },
    {
      Authorization: `Bearer ${Buffer.from('{}').toString('base64url')}.${Buffer.from('{"sub":""}').toString('base64url')}.`,
    },
    { 'x-goog-api-client': 'gl-node/20 gccl/7.0.0' },
    { Origin: 'http://127.0.0.1:5000' },
  ]);
}

interface Sent {
  index: number;
  description: string;
}

function failureNote(surface: string, sent: Sent): string {
  return `${surface} request #${sent.index} (FUZZ_SEED=${SEED}): ${sent.description}`;
}

async function send(
  port: number,
  method: string,
  path: string,
  body: string | undefined,
  headers: Record<string, string>,
) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...headers },
      body: method === 'GET' || method === 'HEAD' ? undefined : body,
      signal: AbortSignal.timeout(15_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch (error) {
    // fetch itself refuses some requests before they leave (e.g. an invalid header value): not the emulator's.
    if (error instanceof TypeError && !/fetch failed/.test(error.message)) return 0;
    throw error;
  }
}

describe('fuzzing the Firestore emulator', () => {
  let emulator: FirestoreEmulator;
  const stored = () =>
    createHash('sha256').update(JSON.stringify(emulator.engine.exportDocuments())).digest('hex');

  beforeAll(async () => {
    emulator = await startFirestoreEmulator({ port: 0 });
    emulator.engine.reset(PROJECT);
  });
  afterAll(async () => {
    await emulator?.stop();
  });

  async function seed() {
    const status = await send(
      emulator.port,
      'POST',
      `${DOCS}:commit`,
      JSON.stringify({
        writes: [
          { update: { name: `${DB}/documents/jars/mango`, fields: { stock: { integerValue: '5' } } } },
        ],
      }),
      { Authorization: 'Bearer owner' },
    );
    expect(status).toBe(200);
  }

  it('answers random REST and WebChannel requests without a server error, changing nothing when it refuses', async () => {
    await seed();
    const r = random(SEED);
    const started = Date.now();
    let done = 0;
    for (let index = 0; index < COUNT && Date.now() - started < BUDGET_MS; index += 1) {
      const channel = r.chance(0.15);
      const method = r.pick(['GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD', 'OPTIONS']);
      let path: string;
      let body = bodyText(r);
      if (channel) {
        path = `/google.firestore.v1.Firestore/${r.pick(['Listen', 'Write'])}/channel?VER=8&database=${encodeURIComponent(DB)}&RID=${r.int(99999)}&CVER=22&${r.pick(['', 'SID=x&AID=0', 'TYPE=xmlhttp', '$httpHeaders=%FF'])}`;
        body = `count=1&ofs=0&headers=${encodeURIComponent(`Authorization:${authHeader(r).Authorization ?? ''}`)}&req0___data__=${encodeURIComponent(body ?? '{}')}`;
      } else {
        const segments = Array.from({ length: r.int(5) }, () => segment(r)).join('/');
        const verb = r.chance(0.5)
          ? `:${r.pick(['commit', 'batchGet', 'runQuery', 'runAggregationQuery', 'beginTransaction', 'rollback', 'batchWrite', 'listCollectionIds', 'listen', 'nope'])}`
          : '';
        path = r.pick([
          `${DOCS}${segments ? `/${segments}` : ''}${verb}`,
          `${DOCS}${segments ? `/${segments}` : ''}?${r.pick(['mask.fieldPaths=stock', 'pageSize=-1', 'pageSize=x', 'currentDocument.exists=maybe', 'updateMask.fieldPaths=__proto__', 'documentId=__x__'])}`,
          `/emulator/v1/projects/${r.pick([PROJECT, '%FF', 'x:y'])}${r.pick([':securityRules', '/databases/(default)/documents', ':export', ''])}`,
          `/v1/projects/${segment(r)}/databases/${segment(r)}/documents${verb}`,
          `/${segment(r)}`,
        ]);
      }
      const headers = channel ? { 'Content-Type': 'application/x-www-form-urlencoded' } : authHeader(r);
      const sent = {
        index,
        description: `${method} ${path.slice(0, 300)} ${JSON.stringify(headers)} ${String(body).slice(0, 300)}`,
      };
      // Resetting the data is the emulator API's job; a refused reset still must not change anything.
      const before = stored();
      const status = await send(emulator.port, method, path, body, headers);
      expect(status, failureNote('Firestore HTTP', sent)).toBeLessThan(500);
      if (status >= 400) expect(stored(), failureNote('Firestore HTTP', sent)).toBe(before);
      if (
        stored() !== before &&
        status < 400 &&
        !(await send(emulator.port, 'GET', `${DOCS}/jars/mango`, undefined, {
          Authorization: 'Bearer owner',
        }))
      )
        await seed();
      done += 1;
    }
    console.log(
      `fuzz: ${done} Firestore REST/WebChannel requests (seed ${SEED}) in ${Date.now() - started} ms`,
    );
    expect(done).toBeGreaterThan(0);
    // Still serving.
    expect(
      await send(emulator.port, 'GET', `${DOCS}/jars`, undefined, { Authorization: 'Bearer owner' }),
    ).toBe(200);
  }, 120_000);

  it('answers random gRPC calls to every method without INTERNAL or UNKNOWN, changing nothing when it refuses', async () => {
    await seed();
    const r = random(SEED + 1);
    const client = new grpc.Client(`127.0.0.1:${emulator.port}`, grpc.credentials.createInsecure());
    const identity = (b: Buffer) => b;
    const methods = [
      ['GetDocument', 'GetDocumentRequest', 'unary'],
      ['ListDocuments', 'ListDocumentsRequest', 'unary'],
      ['CreateDocument', 'CreateDocumentRequest', 'unary'],
      ['UpdateDocument', 'UpdateDocumentRequest', 'unary'],
      ['DeleteDocument', 'DeleteDocumentRequest', 'unary'],
      ['BeginTransaction', 'BeginTransactionRequest', 'unary'],
      ['Commit', 'CommitRequest', 'unary'],
      ['Rollback', 'RollbackRequest', 'unary'],
      ['BatchWrite', 'BatchWriteRequest', 'unary'],
      ['ListCollectionIds', 'ListCollectionIdsRequest', 'unary'],
      ['BatchGetDocuments', 'BatchGetDocumentsRequest', 'stream'],
      ['RunQuery', 'RunQueryRequest', 'stream'],
      ['RunAggregationQuery', 'RunAggregationQueryRequest', 'stream'],
      ['Listen', 'ListenRequest', 'bidi'],
      ['Write', 'WriteRequest', 'bidi'],
    ] as const;
    const serverFaults = new Set<number>([grpc.status.INTERNAL, grpc.status.UNKNOWN, grpc.status.DATA_LOSS]);
    const started = Date.now();
    let done = 0;
    try {
      for (let index = 0; index < COUNT && Date.now() - started < BUDGET_MS; index += 1) {
        const [name, type, kind] = r.pick(methods);
        let payload: Buffer;
        let description: string;
        if (r.chance(0.25)) {
          payload = r.bytes(r.int(80));
          description = `random bytes ${payload.toString('hex')}`;
        } else {
          const json = {
            database: DB,
            parent: r.pick([`${DB}/documents`, `${DB}/documents/jars/mango`, 'x', `${DB}/documents/%FF`]),
            name: `${DB}/documents/jars/${segment(r)}`,
            collectionId: segment(r),
            ...(mutate(r, validBody(r)) as object),
          };
          try {
            payload = encodeBinary(`google.firestore.v1.${type}`, json);
          } catch {
            payload = Buffer.from(JSON.stringify(json));
          }
          if (r.chance(0.3) && payload.length > 0) payload[r.int(payload.length)] = r.int(256);
          description = `${JSON.stringify(json).slice(0, 400)} → ${payload.toString('hex').slice(0, 200)}`;
        }
        const metadata = new grpc.Metadata();
        const auth = authHeader(r).Authorization;
        if (auth) metadata.set('authorization', auth);
        const sent = { index, description: `${name} ${auth ?? ''} ${description}` };
        const before = stored();
        const path = `/google.firestore.v1.Firestore/${name}`;
        const code = await new Promise<number>((resolve) => {
          const deadline = { deadline: Date.now() + 10_000 };
          if (kind === 'unary') {
            client.makeUnaryRequest(path, identity, identity, payload, metadata, deadline, (error) =>
              resolve(error ? error.code : grpc.status.OK),
            );
          } else if (kind === 'stream') {
            const call = client.makeServerStreamRequest(
              path,
              identity,
              identity,
              payload,
              metadata,
              deadline,
            );
            call.on('data', () => {});
            call.on('error', () => {});
            call.on('status', (status: grpc.StatusObject) => resolve(status.code));
          } else {
            const call = client.makeBidiStreamRequest(path, identity, identity, metadata, deadline);
            call.on('data', () => {});
            call.on('error', () => {});
            call.on('status', (status: grpc.StatusObject) => resolve(status.code));
            call.write(payload);
            call.end();
          }
        });
        expect(serverFaults.has(code), `${failureNote('gRPC', sent)} → status ${code}`).toBe(false);
        if (code !== grpc.status.OK) expect(stored(), failureNote('gRPC', sent)).toBe(before);
        done += 1;
      }
    } finally {
      client.close();
    }
    console.log(`fuzz: ${done} gRPC calls (seed ${SEED + 1}) in ${Date.now() - started} ms`);
    expect(done).toBeGreaterThan(0);
  }, 120_000);
});

describe('fuzzing the Storage emulator', () => {
  let emulator: StorageEmulator;
  let exportDir: string;
  const rules = recordingRuleset((request) => request.method === 'get' || request.method === 'list');

  beforeAll(async () => {
    exportDir = await mkdtemp(join(tmpdir(), 'storage-fuzz-'));
    emulator = await startStorageEmulator({
      host: '127.0.0.1',
      port: 0,
      projectId: PROJECT,
      rules: () => rules,
      maxUploadBytes: 1 << 20,
    });
  });
  afterAll(async () => {
    await emulator?.stop();
    await rm(exportDir, { recursive: true, force: true });
  });

  async function stored(): Promise<string> {
    await rm(exportDir, { recursive: true, force: true });
    await emulator.exportTo(exportDir);
    const hash = createHash('sha256');
    const walk = async (dir: string): Promise<void> => {
      for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
        a.name.localeCompare(b.name),
      )) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else hash.update(path.slice(exportDir.length)).update(await readFile(path));
      }
    };
    await walk(exportDir);
    return hash.digest('hex');
  }

  it('answers random Firebase and GCS API requests without a server error, changing nothing when it refuses', async () => {
    const seeded = await fetch(`${emulator.url}/v0/b/${BUCKET}/o?name=product-images%2Fmango.webp`, {
      method: 'POST',
      headers: { Authorization: 'Bearer owner', 'Content-Type': 'image/webp' },
      body: new Uint8Array([1, 2, 3]),
    });
    expect(seeded.status).toBe(200);
    const r = random(SEED + 2);
    const started = Date.now();
    let done = 0;
    const objectName = () =>
      r.chance(0.4)
        ? r.pick(ODD_SEGMENTS)
        : encodeURIComponent(r.pick(['product-images/mango.webp', 'product-images/x.html', 'a/b', '']));
    for (let index = 0; index < COUNT && Date.now() - started < BUDGET_MS; index += 1) {
      const method = r.pick(['GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'HEAD']);
      const bucket = r.chance(0.2) ? r.pick(ODD_SEGMENTS) : BUCKET;
      const path = r.pick([
        `/v0/b/${bucket}/o/${objectName()}${r.pick(['', '?alt=media', '?alt=media&token=x', '?uploadType=multipart'])}`,
        `/v0/b/${bucket}/o?${r.pick(['name=' + objectName(), 'prefix=product-images%2F&delimiter=%2F', 'maxResults=-1', 'pageToken=%FF', 'upload_id=nope', ''])}`,
        `/storage/v1/b/${bucket}/o/${objectName()}`,
        `/storage/v1/b/${bucket}/o?${r.pick(['prefix=p', 'maxResults=x', ''])}`,
        `/b/${bucket}/o/${objectName()}/${r.pick(['copyTo', 'rewriteTo', 'moveTo'])}/b/${bucket}/o/${objectName()}`,
        `/upload/storage/v1/b/${bucket}/o?uploadType=${r.pick(['media', 'multipart', 'resumable', 'x'])}&name=${objectName()}`,
        `/download/storage/v1/b/${bucket}/o/${objectName()}?alt=media`,
        `/emulator/v1/projects/${r.pick([PROJECT, '%FF'])}:securityRules`,
        `/${segment(r)}`,
      ]);
      const headers: Record<string, string> = {
        ...authHeader(r),
        ...(r.chance(0.3)
          ? {
              'X-Goog-Upload-Protocol': 'resumable',
              'X-Goog-Upload-Command': r.pick(['start', 'upload, finalize', 'query', 'cancel', 'bogus']),
              'X-Goog-Upload-Offset': r.pick(['0', '-1', 'x']),
            }
          : {}),
        'Content-Type': r.pick([
          'image/webp',
          'text/html',
          'image/svg+xml',
          'multipart/related; boundary=b',
          'application/json',
          '',
        ]),
      };
      const body = r.chance(0.5)
        ? bodyText(r)
        : `--b\r\nContent-Type: application/json\r\n\r\n${bodyText(r) ?? '{}'}\r\n--b\r\nContent-Type: text/html\r\n\r\n<p>\r\n--b--`;
      const sent = {
        index,
        description: `${method} ${path.slice(0, 300)} ${JSON.stringify(headers)} ${String(body).slice(0, 200)}`,
      };
      const before = await stored();
      const status = await send(emulator.port, method, path, body, headers);
      expect(status, failureNote('Storage', sent)).toBeLessThan(500);
      if (status >= 400) expect(await stored(), failureNote('Storage', sent)).toBe(before);
      done += 1;
    }
    console.log(`fuzz: ${done} Storage requests (seed ${SEED + 2}) in ${Date.now() - started} ms`);
    expect(done).toBeGreaterThan(0);
    expect((await fetch(`${emulator.url}/v0/b/${BUCKET}/o`)).status).toBe(200);
  }, 120_000);
});
