/**
 * HTTP plumbing shared by the Firebase and GCS routers: body reading with a size cap, JSON and error
 * answers, CORS, the caller, and serving an object's bytes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { callerFromAuthorization, InvalidTokenError, type Caller } from '../shared/auth-token.js';
import { badRequest, errorBody, StorageError } from './errors.js';
import type { ListRequest } from './operations.js';
import type { StoredObject } from './state.js';

export const DEFAULT_CACHE_CONTROL = 'public, max-age=3600';

/** Response headers a page on another origin must be allowed to read (upload protocol and object headers). */
const EXPOSED_HEADERS = [
  'X-Goog-Upload-URL',
  'X-Goog-Upload-Status',
  'X-Goog-Upload-Size-Received',
  'X-Goog-Upload-Chunk-Granularity',
  'X-Goog-Upload-Control-URL',
  'X-Goog-Hash',
  'X-Goog-Generation',
  'X-Goog-Metageneration',
  'Location',
  'Range',
  'Content-Range',
  'Content-Length',
  'Content-Type',
  'Content-Disposition',
  'Content-Encoding',
  'Content-Language',
  'Cache-Control',
  'ETag',
].join(', ');

/** Reads the whole request body, or fails with 413 when it exceeds `limit` (the rest is discarded). */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(tooLargeBody(declared, limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit keep reading (and dropping) so the client still receives the 413 cleanly.
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () =>
      size > limit ? reject(tooLargeBody(size, limit)) : resolve(Buffer.concat(chunks, size)),
    );
    req.on('error', reject);
    // A client that goes away mid-body (e.g. an aborted XHR upload) must not leave the request pending.
    req.on('close', () => {
      if (!req.complete)
        reject(new StorageError('badRequest', 'The client closed the connection before the body ended.'));
    });
  });
}

function tooLargeBody(size: number, limit: number): StorageError {
  return new StorageError(
    'tooLarge',
    `Request body of ${size} bytes exceeds the emulator's maximum of ${limit} bytes.`,
  );
}

export function parseJsonBody(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest('Request body is not valid JSON.');
  }
}

/**
 * Who is calling. The Firebase SDK sends "Authorization: Firebase <token>", REST clients "Bearer <token>";
 * both carry the same mock or real ID token, "owner" being the rules bypass.
 */
export function callerOf(req: IncomingMessage): Caller {
  const header = req.headers.authorization?.replace(/^Firebase\s+/i, 'Bearer ');
  try {
    return callerFromAuthorization(header);
  } catch (error) {
    if (error instanceof InvalidTokenError)
      throw new StorageError('unauthenticated', `Invalid Authorization: ${error.message}`);
    throw error;
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status: number, headers: Record<string, string> = {}): void {
  res.writeHead(status, { ...headers, 'Content-Length': '0' });
  res.end();
}

export function sendError(res: ServerResponse, error: unknown, headers: Record<string, string> = {}): void {
  const failure =
    error instanceof StorageError
      ? error
      : new StorageError(
          'internal',
          `Internal error: ${error instanceof Error ? error.message : String(error)}`,
        );
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, failure.status, errorBody(failure), headers);
}

/** CORS for the web app on another origin: echo the exact origin, since the SDK may send credentials. */
export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (!origin) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  res.setHeader('Vary', 'Origin');
}

export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const requested = req.headers['access-control-request-headers'];
  sendEmpty(res, 204, {
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      requested ??
      'Authorization, Content-Type, X-Firebase-Storage-Version, X-Firebase-GMPID, X-Firebase-AppCheck, X-Goog-Upload-Protocol, X-Goog-Upload-Command, X-Goog-Upload-Offset, X-Goog-Upload-Header-Content-Length, X-Goog-Upload-Header-Content-Type',
    'Access-Control-Max-Age': '3600',
  });
}

/** The scheme and host the client used, so URLs we hand out (upload sessions, media links) reach us again. */
export function originOf(req: IncomingMessage): string {
  return `http://${req.headers.host ?? 'localhost'}`;
}

/** The list query both APIs share: prefix, delimiter, maxResults, pageToken. */
export function listRequestOf(params: URLSearchParams): ListRequest {
  const maxResults = params.get('maxResults');
  if (maxResults !== null && !/^\d+$/.test(maxResults))
    throw badRequest('maxResults must be a positive integer.');
  return {
    prefix: params.get('prefix') ?? '',
    delimiter: params.get('delimiter') ?? '',
    pageToken: params.get('pageToken') || undefined,
    maxResults: maxResults === null ? undefined : Number(maxResults),
  };
}

export function decodeSegment(text: string, what: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw badRequest(`${what} is not validly percent-encoded.`);
  }
}

/** Serves the object's bytes with its HTTP metadata; honours a single `Range: bytes=…` (getBytes asks for one). */
export function sendObjectBytes(req: IncomingMessage, res: ServerResponse, object: StoredObject): void {
  const headers: Record<string, string> = {
    'Content-Type': object.contentType,
    'Cache-Control': object.cacheControl ?? DEFAULT_CACHE_CONTROL,
    ETag: `"${object.etag}"`,
    'Last-Modified': new Date(object.updated).toUTCString(),
    'Accept-Ranges': 'bytes',
    'X-Goog-Hash': `crc32c=${object.crc32c},md5=${object.md5Hash}`,
    'X-Goog-Generation': object.generation,
    'X-Goog-Metageneration': String(object.metageneration),
    'X-Goog-Stored-Content-Encoding': object.contentEncoding ?? 'identity',
    'X-Goog-Stored-Content-Length': String(object.bytes.length),
  };
  if (object.contentDisposition) headers['Content-Disposition'] = object.contentDisposition;
  if (object.contentEncoding) headers['Content-Encoding'] = object.contentEncoding;
  if (object.contentLanguage) headers['Content-Language'] = object.contentLanguage;

  const range = parseRange(req.headers.range, object.bytes.length);
  if (range === 'unsatisfiable') {
    sendError(res, new StorageError('rangeNotSatisfiable', `Requested range not satisfiable.`), {
      'Content-Range': `bytes */${object.bytes.length}`,
    });
    return;
  }
  const body = range ? object.bytes.subarray(range.start, range.end + 1) : object.bytes;
  if (range) headers['Content-Range'] = `bytes ${range.start}-${range.end}/${object.bytes.length}`;
  headers['Content-Length'] = String(body.length);
  res.writeHead(range ? 206 : 200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** One byte range; anything we do not understand is ignored (whole object), as RFC 9110 allows. */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '') || size === 0) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** A request header's (first) value. */
export function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
