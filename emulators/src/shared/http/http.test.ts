/**
 * The HTTP layer both emulators share: a body over the limit is answered with its error (the client receives
 * it, and the connection keeps serving), a client hanging up mid-body ends that request and nothing else, a
 * request target no URL parser accepts is an error answer rather than a crash, and each emulator speaks CORS
 * with its own headers.
 */
import { request, Agent, type IncomingHttpHeaders, type Server } from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../firestore/server.js';
import { startStorageEmulator, type StorageEmulator } from '../../storage/server.js';
import { callerFromAuthorization } from '../auth-token.js';
import { readBody, RequestError, type RequestFailure } from './request.js';
import { sendJsonText } from './respond.js';
import { createHttpServer, listen, urlOf } from './server.js';

const ORIGIN = 'http://localhost:5173';
const BUCKET = 'demo-project.appspot.com';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The request went over a kept-alive connection an earlier request used. */
  reusedSocket: boolean;
}

/** One request over node:http; `chunks` are written one by one (no Content-Length unless given: chunked). */
function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; chunks?: Buffer[]; agent?: Agent } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: options.method ?? 'GET',
      headers: options.headers,
      agent: options.agent,
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (chunk: Buffer) => parts.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(parts).toString('utf8'),
          reusedSocket: req.reusedSocket,
        }),
      );
    });
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

/** Writes raw bytes on a new connection; resolves with the socket once they are flushed. */
function connectAndWrite(url: string, bytes: string): Promise<net.Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(bytes, () => resolve(socket)));
    socket.on('error', reject);
  });
}

/** The whole answer to raw bytes written on a new connection (the server closes it after answering). */
async function rawExchange(url: string, bytes: string): Promise<string> {
  const socket = await connectAndWrite(url, bytes);
  const parts: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => parts.push(chunk));
  socket.end();
  await new Promise((resolve) => socket.on('close', resolve));
  return Buffer.concat(parts).toString('utf8');
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('the shared HTTP layer', () => {
  const LIMIT = 1024;
  let server: Server;
  let url: string;
  /** What the last body read ended in, for the test that cannot see it from the client. */
  let bodyOutcome = deferred<RequestFailure | { kind: 'read'; size: number }>();

  beforeAll(async () => {
    server = createHttpServer({
      cors: {
        exposeHeaders: ['X-Test'],
        allowMethods: ['GET', 'POST'],
        anyOriginWithoutOrigin: false,
        preflightContentLength: false,
      },
      async route(req, res) {
        const read = readBody(req, LIMIT).then(
          (body) => ({ kind: 'read' as const, size: body.length }),
          (error: unknown) => {
            if (error instanceof RequestError) return error.failure;
            throw error;
          },
        );
        const outcome = await read;
        bodyOutcome.resolve(outcome);
        if (outcome.kind !== 'read') throw new RequestError(outcome);
        sendJsonText(res, 200, JSON.stringify(outcome));
      },
      fail(_req, res, error) {
        const failure = error instanceof RequestError ? error.failure : { kind: String(error) };
        sendJsonText(res, failure.kind === 'tooLarge' ? 413 : 400, JSON.stringify({ error: failure }));
      },
    });
    url = urlOf('127.0.0.1', await listen(server, 0, '127.0.0.1'));
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers a body over the limit with its error, and the same connection serves the next request', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const tooLarge = await send(url, {
        method: 'POST',
        headers: { 'Content-Length': String(LIMIT * 64) },
        chunks: [Buffer.alloc(LIMIT * 64, 'x')],
        agent,
      });
      expect(tooLarge.status).toBe(413);
      expect(JSON.parse(tooLarge.text)).toEqual({
        error: { kind: 'tooLarge', size: LIMIT * 64, limit: LIMIT },
      });

      const next = await send(url, { method: 'POST', chunks: [Buffer.from('fits')], agent });
      expect(next.reusedSocket).toBe(true);
      expect(JSON.parse(next.text)).toEqual({ kind: 'read', size: 4 });
    } finally {
      agent.destroy();
    }
  });

  it('names the whole size of a chunked body over the limit, counted to its end', async () => {
    const answer = await send(url, {
      method: 'POST',
      chunks: [Buffer.alloc(1000, 'a'), Buffer.alloc(1000, 'b'), Buffer.alloc(1000, 'c')],
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ error: { kind: 'tooLarge', size: 3000, limit: LIMIT } });
  });

  it('ends the request of a client that hangs up mid-body as aborted, and keeps serving others', async () => {
    bodyOutcome = deferred();
    const socket = await connectAndWrite(
      url,
      `POST / HTTP/1.1\r\nHost: test\r\nContent-Length: 1000\r\n\r\n${'x'.repeat(100)}`,
    );
    socket.destroy();
    expect(await bodyOutcome.promise).toEqual({ kind: 'aborted' });

    const next = await send(url, { method: 'POST', chunks: [Buffer.from('still here')] });
    expect(next.status).toBe(200);
  });

  it('answers a request target no URL parser accepts with an error instead of throwing', async () => {
    const answer = await rawExchange(url, 'GET // HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('{"error":{"kind":"badUrl","target":"//"}}');
  });
});

describe('the one reading of a token into a caller', () => {
  const refuse = (reason: string) => new Error(`refused: ${reason}`);

  it('reads the owner, a user and no token the same way for every transport', () => {
    const claims = Buffer.from(JSON.stringify({ sub: 'alice', email: 'a@x' })).toString('base64url');
    expect(callerFromAuthorization('Bearer owner', refuse)).toEqual({ kind: 'owner' });
    expect(callerFromAuthorization(Buffer.from(`Bearer e30.${claims}.`), refuse)).toEqual({
      kind: 'user',
      auth: { uid: 'alice', token: { sub: 'alice', email: 'a@x' } },
    });
    expect(callerFromAuthorization(undefined, refuse)).toEqual({ kind: 'anonymous' });
  });

  it("accepts the Storage SDK's Firebase scheme only where it is asked for, and refuses in the emulator's words", () => {
    expect(() => callerFromAuthorization('Firebase owner', refuse)).toThrow(
      'refused: Authorization header must be "Bearer <token>"',
    );
    expect(callerFromAuthorization('Firebase owner', refuse, { firebaseScheme: true })).toEqual({
      kind: 'owner',
    });
    expect(() => callerFromAuthorization('Bearer not-a-jwt', refuse)).toThrow(
      'refused: ID token is not a JWT',
    );
  });
});

describe('the emulators over the shared layer', () => {
  let firestore: FirestoreEmulator;
  let storage: StorageEmulator;

  beforeAll(async () => {
    firestore = await startFirestoreEmulator({ port: 0 });
    storage = await startStorageEmulator({ port: 0, projectId: 'demo-project', maxUploadBytes: 1024 });
  });
  afterAll(async () => {
    await firestore?.stop();
    await storage?.stop();
  });

  it('Firestore answers a REST body over 32 MiB with INVALID_ARGUMENT, which the client receives', async () => {
    const size = 32 * 1024 * 1024 + 1;
    const answer = await send(`${firestore.url}/v1/projects/p/databases/(default)/documents:commit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(size) },
      chunks: [Buffer.alloc(size, ' ')],
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({
      error: { code: 400, message: 'Request body exceeds 33554432 bytes', status: 'INVALID_ARGUMENT' },
    });
  });

  it('Firestore answers a malformed request target with 400 and keeps running', async () => {
    const answer = await rawExchange(
      firestore.url,
      'GET // HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"status":"INVALID_ARGUMENT"');
    expect((await send(`${firestore.url}/`)).text).toBe('Ok');
  });

  it("Storage answers a body over a route's limit with 413 and the body's whole size", async () => {
    const answer = await send(`${storage.url}/internal/export`, {
      method: 'POST',
      chunks: [Buffer.alloc(50_000, ' '), Buffer.alloc(50_000, ' ')],
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({
      error: {
        code: 413,
        message: "Request body of 100000 bytes exceeds the emulator's maximum of 65536 bytes.",
        errors: [
          {
            message: "Request body of 100000 bytes exceeds the emulator's maximum of 65536 bytes.",
            domain: 'global',
            reason: 'tooLarge',
          },
        ],
      },
    });
  });

  it('Storage: a client hanging up mid-upload leaves no object and no session, and the emulator keeps serving', async () => {
    const start = await send(`${storage.url}/v0/b/${BUCKET}/o?name=cut.bin`, {
      method: 'POST',
      headers: {
        'X-Goog-Upload-Protocol': 'resumable',
        'X-Goog-Upload-Command': 'start',
        'X-Goog-Upload-Header-Content-Length': '1000',
      },
    });
    const session = new URL(String(start.headers['x-goog-upload-url']));
    const socket = await connectAndWrite(
      storage.url,
      `POST ${session.pathname}${session.search} HTTP/1.1\r\nHost: x\r\n` +
        `X-Goog-Upload-Command: upload, finalize\r\nX-Goog-Upload-Offset: 0\r\nContent-Length: 1000\r\n\r\n` +
        'x'.repeat(100),
    );
    socket.destroy();

    // The positive signal: the session is gone once the emulator has seen the client leave.
    const query = () =>
      send(session.toString(), { method: 'POST', headers: { 'X-Goog-Upload-Command': 'query' } });
    let status = (await query()).status;
    while (status === 200) status = (await query()).status;
    expect(status).toBe(404);
    expect((await send(`${storage.url}/v0/b/${BUCKET}/o/cut.bin`)).status).toBe(404);
    expect((await send(`${storage.url}/`)).status).toBe(200);
  });

  it("Firestore exposes to pages only WebChannel's session header, never Storage's upload headers", async () => {
    const withOrigin = await send(`${firestore.url}/`, { headers: { Origin: ORIGIN } });
    expect(withOrigin.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(withOrigin.headers['access-control-allow-credentials']).toBe('true');
    expect(withOrigin.headers['access-control-expose-headers']).toBe('X-HTTP-Session-Id');
    expect(withOrigin.headers.vary).toBe('Origin');

    const withoutOrigin = await send(`${firestore.url}/`);
    expect(withoutOrigin.headers['access-control-allow-origin']).toBe('*');

    const preflight = await send(`${firestore.url}/v1/projects/p/databases/(default)/documents/a/b`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN, 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(preflight.headers['access-control-allow-headers']).toBe('authorization,content-type');
    expect(preflight.headers['access-control-max-age']).toBe('3600');
  });

  it('Storage exposes its upload protocol headers, and says nothing of CORS to a caller without Origin', async () => {
    const withOrigin = await send(`${storage.url}/`, { headers: { Origin: ORIGIN } });
    expect(withOrigin.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(withOrigin.headers['access-control-expose-headers']).toMatch(
      /^X-Goog-Upload-URL, X-Goog-Upload-Status, X-Goog-Upload-Size-Received, .*, ETag$/,
    );
    expect(withOrigin.headers['access-control-expose-headers']).not.toContain('X-HTTP-Session-Id');

    const withoutOrigin = await send(`${storage.url}/`);
    expect(withoutOrigin.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await send(`${storage.url}/v0/b/${BUCKET}/o`, {
      method: 'OPTIONS',
      headers: { Origin: ORIGIN },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe(
      'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    );
    expect(preflight.headers['access-control-allow-headers']).toMatch(
      /^Authorization, Content-Type, X-Firebase-Storage-Version, .*X-Goog-Upload-Header-Content-Type$/,
    );
  });
});
