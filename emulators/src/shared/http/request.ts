/**
 * Reading a request, the same way for both emulators: its URL, and its whole body up to a limit; what is wrong
 * with either is a typed failure each emulator turns into its own error answer. `raw-body` (what Express's body parsers use) does the reading: the
 * declared-length check before a byte is read, the running count for chunked bodies, and a client that goes
 * away mid-body (an aborted upload) reported as an error instead of a request left pending.
 */
import type { IncomingMessage } from 'node:http';
import getRawBody from 'raw-body';

export type RequestFailure =
  /** A request target no URL parser accepts (`//`, `http://[`). */
  | { kind: 'badUrl'; target: string }
  /** More bytes than the limit, declared by Content-Length or counted as they arrived. */
  | { kind: 'tooLarge'; size: number; limit: number }
  /** The client closed the connection before the body ended. */
  | { kind: 'aborted' };

export class RequestError extends Error {
  constructor(readonly failure: RequestFailure) {
    super(describe(failure));
    this.name = 'RequestError';
  }
}

function describe(failure: RequestFailure): string {
  switch (failure.kind) {
    case 'badUrl':
      return `Malformed request URL: ${failure.target}`;
    case 'tooLarge':
      return `Request body of ${failure.size} bytes exceeds the limit of ${failure.limit} bytes`;
    case 'aborted':
      return 'The client closed the connection before the body ended';
  }
}

/** The request's URL (only its path and query mean anything: the host is the emulator's own). */
export function requestUrl(req: IncomingMessage): URL {
  const target = req.url ?? '/';
  try {
    return new URL(target, 'http://localhost');
  } catch {
    throw new RequestError({ kind: 'badUrl', target });
  }
}

interface RawBodyError extends Error {
  type?: string;
  length?: number | null;
  received?: number;
}

/**
 * The body as bytes (decoding is the caller's: each emulator keeps its own reading of bad UTF-8). Past the
 * limit the rest of the body is read and dropped, so the client, still sending, receives the error answer and
 * the connection stays usable; destroying the request instead cut the client off before any answer.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = declaredLength(req);
  try {
    return await getRawBody(req, { limit, length: declared });
  } catch (error) {
    const failure = error as RawBodyError;
    if (failure.type === 'entity.too.large') {
      // Declared too large: refused before reading. Counted: the answer names the whole size, once drained.
      if (declared !== undefined) req.resume();
      const size = declared ?? (await drainedSize(req, failure.received ?? limit + 1));
      throw new RequestError({ kind: 'tooLarge', size, limit });
    }
    // An aborted request, one that ended short of its Content-Length (only a cut connection does that), or
    // one already gone when reading began.
    if (failure.type === 'request.aborted' || failure.type === 'request.size.invalid' || req.destroyed) {
      throw new RequestError({ kind: 'aborted' });
    }
    throw error;
  }
}

/** Reads and drops the rest of the body; the total size, or an abort if the client goes away first. */
function drainedSize(req: IncomingMessage, counted: number): Promise<number> {
  if (req.readableEnded) return Promise.resolve(counted);
  return new Promise((resolve, reject) => {
    let size = counted;
    req.on('data', (chunk: Buffer) => (size += chunk.length));
    req.once('end', () => resolve(size));
    req.once('close', () => {
      if (!req.complete) reject(new RequestError({ kind: 'aborted' }));
    });
    req.resume();
  });
}

function declaredLength(req: IncomingMessage): number | undefined {
  const header = req.headers['content-length'];
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;
}
