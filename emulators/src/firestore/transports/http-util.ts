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

export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw invalidArgument(`Malformed JSON body: ${error instanceof Error ? error.message : String(error)}`);
  }
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
