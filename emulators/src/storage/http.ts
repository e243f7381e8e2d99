/**
 * The Storage side of the shared HTTP layer (`shared/http/`): its body limits and CORS policy, its JSON and
 * error answers, the caller, and serving an object's bytes.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { callerFromAuthorization, type Caller } from '../shared/auth-token.js';
import type { CorsPolicy } from '../shared/http/cors.js';
import type { RequestError } from '../shared/http/request.js';
import { sendFailure, sendJsonText } from '../shared/http/respond.js';
import { badRequest, errorBody, StorageError } from './errors.js';
import type { ListRequest } from './operations.js';
import type { StoredObject } from './state.js';

export const DEFAULT_CACHE_CONTROL = 'public, max-age=3600';

/** The web SDK's upload protocol and the object headers a page on another origin must be able to read. */
export const STORAGE_CORS: CorsPolicy = {
  exposeHeaders: [
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
  ],
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  defaultAllowHeaders: [
    'Authorization',
    'Content-Type',
    'X-Firebase-Storage-Version',
    'X-Firebase-GMPID',
    'X-Firebase-AppCheck',
    'X-Goog-Upload-Protocol',
    'X-Goog-Upload-Command',
    'X-Goog-Upload-Offset',
    'X-Goog-Upload-Header-Content-Length',
    'X-Goog-Upload-Header-Content-Type',
  ],
  anyOriginWithoutOrigin: false,
  preflightContentLength: true,
};

/** What the shared layer found wrong with a request, in Storage's words. */
export function requestFailure(error: RequestError): StorageError {
  const { failure } = error;
  switch (failure.kind) {
    case 'tooLarge':
      return new StorageError(
        'tooLarge',
        `Request body of ${failure.size} bytes exceeds the emulator's maximum of ${failure.limit} bytes.`,
      );
    case 'aborted':
      return badRequest('The client closed the connection before the body ended.');
    case 'badUrl':
      return badRequest('Malformed request URL.');
  }
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
  return callerFromAuthorization(
    req.headers.authorization,
    (reason) => new StorageError('unauthenticated', `Invalid Authorization: ${reason}`),
    { firebaseScheme: true },
  );
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
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
  sendFailure(res, () => sendJson(res, failure.status, errorBody(failure), headers));
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
