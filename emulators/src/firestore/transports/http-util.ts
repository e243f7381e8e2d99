/**
 * The Firestore side of the shared HTTP layer (`shared/http/`): its body limit, its reading of JSON bodies and
 * path segments, its CORS policy, and its answers in proto3 JSON with Google's error shape.
 */
import type { ServerResponse } from 'node:http';
import type { CorsPolicy } from '../../shared/http/cors.js';
import { sendFailure, sendJsonText } from '../../shared/http/respond.js';
import { FirestoreError, invalidArgument } from '../errors.js';
import { stringifyProto3 } from './protos.js';

/** The most a request body may hold: what `readBody(req, MAX_BODY_BYTES)` (shared/http/request.ts) reads. */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/**
 * A request body as production reads it: a JSON object (an array, a string or null is not a request), in
 * which nothing would be silently altered on the way to the engine. JSON.parse keeps a `"__proto__"` key, but
 * copying it into a message sets a prototype instead of a field, and the protobuf codec decodes a bytesValue
 * that is not base64 to empty bytes; production answers both with INVALID_ARGUMENT, and so does this.
 */
export function parseJsonBody(body: Buffer | string): unknown {
  // A body read as bytes is UTF-8, a bad sequence read as U+FFFD.
  const text = typeof body === 'string' ? body : body.toString('utf8');
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
  // A document field may itself be named `bytesValue`: its value is then a Value object, not bytes.
  const fieldNamedBytesValue = typeof value === 'object' && value !== null && !Array.isArray(value);
  if (key === 'bytesValue' && !fieldNamedBytesValue && (typeof value !== 'string' || !isBase64(value))) {
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

/**
 * Only what the browser SDK reads across origins: WebChannel's session id. (Storage's upload headers are the
 * Storage emulator's to expose.)
 */
export const FIRESTORE_CORS: CorsPolicy = {
  exposeHeaders: ['X-HTTP-Session-Id'],
  allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  anyOriginWithoutOrigin: true,
  preflightContentLength: false,
};

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  sendJsonText(res, status, stringifyProto3(body));
}

export function sendError(res: ServerResponse, error: FirestoreError): void {
  sendFailure(res, () => sendJson(res, error.httpStatus, error.toJson()));
}
