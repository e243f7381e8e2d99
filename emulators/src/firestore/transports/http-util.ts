/** Small HTTP helpers shared by the REST and WebChannel transports. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FirestoreError, invalidArgument } from '../errors.js';
import { stringifyProto3 } from './protos.js';

export const MAX_BODY_BYTES = 32 * 1024 * 1024;

export class BodyTooLargeError extends FirestoreError {
  constructor() {
    super('INVALID_ARGUMENT', `Request body exceeds ${MAX_BODY_BYTES} bytes`);
  }
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLargeError());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * A request body as production reads it: a JSON object (an array, a string or null is not a request), in
 * which nothing would be silently altered on the way to the engine. JSON.parse keeps a `"__proto__"` key, but
 * copying it into a message sets a prototype instead of a field, and the protobuf codec decodes a bytesValue
 * that is not base64 to empty bytes; production answers both with INVALID_ARGUMENT, and so does this.
 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, refuseAlteredInput);
  } catch (error) {
    if (error instanceof FirestoreError) throw error;
    throw invalidArgument(`Malformed JSON body: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw invalidArgument('Invalid JSON payload: the request body must be a JSON object');
  }
  return parsed;
}

function refuseAlteredInput(key: string, value: unknown): unknown {
  if (key === '__proto__') {
    throw invalidArgument('Invalid field name "__proto__": names of the form __.*__ are reserved');
  }
  if (key === 'bytesValue' && (typeof value !== 'string' || !isBase64(value))) {
    throw invalidArgument(`Invalid bytesValue: ${JSON.stringify(value)} is not base64`);
  }
  return value;
}

/** Standard or URL-safe base64, padded or not, as protobuf's JSON mapping accepts it. */
export function isBase64(text: string): boolean {
  const unpadded = text.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9+/]*$/.test(unpadded) && !/^[A-Za-z0-9_-]*$/.test(unpadded)) return false;
  if (unpadded.length % 4 === 1) return false;
  return unpadded.length === text.length || text.length % 4 === 0;
}

/**
 * One segment of a resource path in a URL. Production answers an undecodable escape (`%FF`, a cut-off UTF-8
 * sequence) and a segment that decodes to a slash with INVALID_ARGUMENT, never with a server error.
 */
export function decodePathSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    throw invalidArgument(`Invalid resource path: "${segment}" is not a valid percent-encoded UTF-8 segment`);
  }
  if (decoded.includes('/'))
    throw invalidArgument(`Invalid resource path: segment "${decoded}" contains "/"`);
  return decoded;
}

/** Credentials are included by the SDK, so the exact origin must be echoed (never "*"). */
export function setCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Vary', 'Origin');
  } else {
    res.setHeader('Access-Control-Allow-Origin', '*');
  }
  res.setHeader(
    'Access-Control-Expose-Headers',
    'X-HTTP-Session-Id, X-Goog-Upload-URL, X-Goog-Upload-Status',
  );
}

export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  setCors(req, res);
  res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
  const requested = req.headers['access-control-request-headers'];
  if (requested) res.setHeader('Access-Control-Allow-Headers', requested);
  res.setHeader('Access-Control-Max-Age', '3600');
  res.writeHead(204).end();
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = stringifyProto3(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

export function sendError(res: ServerResponse, error: FirestoreError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, error.httpStatus, error.toJson());
}
