/**
 * The Google Cloud Storage JSON API subset that @google-cloud/storage (behind firebase-admin's getStorage())
 * uses against STORAGE_EMULATOR_HOST. With an emulator host the client drops the `/storage/v1` prefix from
 * JSON calls, so both `/b/…` and `/storage/v1/b/…` are served. The admin SDK sends no credentials to
 * emulators and, like the official emulator, this API acts as the owner: rules are skipped. In production it
 * takes only service-account (OAuth) credentials, so it is refused here to anyone the admin SDK cannot be:
 * a caller with a Firebase ID token, and a browser page (a request with an Origin header), which could
 * otherwise upload around the rules.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from '../shared/auth-token.js';
import { readBody } from '../shared/http/request.js';
import { badRequest, StorageError } from './errors.js';
import {
  callerOf,
  decodeSegment,
  headerValue,
  listRequestOf,
  originOf,
  parseJsonBody,
  sendEmpty,
  sendJson,
  sendObjectBytes,
} from './http.js';
import { DOWNLOAD_TOKENS_KEY, parseMetadataPatch, type MetadataPatch } from './metadata.js';
import { parseMultipartUpload } from './multipart.js';
import { METADATA_ALLOWANCE, openResumableUpload } from './resumable-start.js';
import type { StorageOperations } from './operations.js';
import type { StoredObject } from './state.js';

const OWNER: Caller = { kind: 'owner' };

function assertServerCaller(req: IncomingMessage): void {
  const caller = req.headers.authorization ? callerOf(req) : null;
  if (caller && caller.kind !== 'owner') {
    throw new StorageError(
      'unauthenticated',
      'The Cloud Storage JSON API takes service-account credentials, not a Firebase ID token; ' +
        'use the Firebase Storage API (/v0/b/…), where the security rules apply.',
    );
  }
  if (!caller && req.headers.origin) {
    throw new StorageError(
      'unauthenticated',
      'The Cloud Storage JSON API is for server SDKs; a web page must use the Firebase Storage API (/v0/b/…).',
    );
  }
}
/** GCS answers an incomplete resumable chunk with 308 "Resume Incomplete". */
const RESUME_INCOMPLETE = 308;

export function gcsObjectJson(object: StoredObject, origin: string): Record<string, unknown> {
  const path = `b/${encodeURIComponent(object.bucket)}/o/${encodeURIComponent(object.name)}`;
  const metadata: Record<string, string> = { ...object.customMetadata };
  if (object.downloadTokens.length > 0) metadata[DOWNLOAD_TOKENS_KEY] = object.downloadTokens.join(',');
  return {
    kind: 'storage#object',
    id: `${object.bucket}/${object.name}/${object.generation}`,
    selfLink: `${origin}/storage/v1/${path}`,
    mediaLink: `${origin}/download/storage/v1/${path}?generation=${object.generation}&alt=media`,
    name: object.name,
    bucket: object.bucket,
    generation: object.generation,
    metageneration: String(object.metageneration),
    contentType: object.contentType,
    storageClass: 'STANDARD',
    size: String(object.bytes.length),
    md5Hash: object.md5Hash,
    crc32c: object.crc32c,
    etag: object.etag,
    timeCreated: object.timeCreated,
    updated: object.updated,
    timeStorageClassUpdated: object.timeCreated,
    cacheControl: object.cacheControl,
    contentDisposition: object.contentDisposition,
    contentEncoding: object.contentEncoding,
    contentLanguage: object.contentLanguage,
    metadata: Object.keys(metadata).length > 0 ? metadata : undefined,
  };
}

function bucketJson(name: string, origin: string): Record<string, unknown> {
  return {
    kind: 'storage#bucket',
    id: name,
    name,
    selfLink: `${origin}/storage/v1/b/${encodeURIComponent(name)}`,
    projectNumber: '0',
    metageneration: '1',
    location: 'US',
    locationType: 'multi-region',
    storageClass: 'STANDARD',
    etag: 'CAE=',
  };
}

/** True for the paths this router serves. */
export function isGcsPath(pathname: string): boolean {
  return /^\/(?:storage\/v1\/|upload\/storage\/v1\/|download\/storage\/v1\/)?b(?:\/|$)/.test(pathname);
}

export async function handleGcsRequest(
  operations: StorageOperations,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  assertServerCaller(req);
  const method = req.method ?? 'GET';
  const origin = originOf(req);
  const upload = /^\/upload\/storage\/v1\/b\/([^/]+)\/o$/.exec(url.pathname);
  if (upload) return handleUpload(operations, decodeSegment(upload[1], 'Bucket name'), req, res, url);

  const download = /^\/download\/storage\/v1\/b\/([^/]+)\/o\/(.+)$/.exec(url.pathname);
  if (download && (method === 'GET' || method === 'HEAD')) {
    const object = operations.getObject(
      OWNER,
      decodeSegment(download[1], 'Bucket name'),
      decodeSegment(download[2], 'Object name'),
    );
    return sendObjectBytes(req, res, object);
  }

  const path = url.pathname.replace(/^\/storage\/v1(?=\/)/, '');
  const transfer = parseTransfer(path);
  if (transfer && method === 'POST') {
    const patch = parseMetadataPatch(parseJsonBody(await readBody(req, METADATA_ALLOWANCE)));
    const written = operations.copyObject(OWNER, transfer.from, transfer.to, patch);
    if (transfer.kind === 'moveTo') operations.deleteObject(OWNER, transfer.from.bucket, transfer.from.name);
    const resource = gcsObjectJson(written, origin);
    if (transfer.kind !== 'rewriteTo') return sendJson(res, 200, resource);
    // Rewrites finish in one call here, so there is never a rewriteToken to continue with.
    return sendJson(res, 200, {
      kind: 'storage#rewriteResponse',
      totalBytesRewritten: resource.size,
      objectSize: resource.size,
      done: true,
      resource,
    });
  }
  if (path === '/b' && method === 'GET') {
    return sendJson(res, 200, {
      kind: 'storage#buckets',
      items: [...operations.state.buckets.keys()].map((name) => bucketJson(name, origin)),
    });
  }
  const match = /^\/b\/([^/]+)(?:\/o(?:\/(.+))?)?$/.exec(path);
  if (!match) throw new StorageError('notFound', `Not Found. No Cloud Storage API at ${url.pathname}.`);
  const bucket = decodeSegment(match[1], 'Bucket name');
  const isObjects = path.startsWith(`/b/${match[1]}/o`);
  const name = match[2] === undefined ? undefined : decodeSegment(match[2], 'Object name');

  if (!isObjects) {
    if (method === 'GET') {
      operations.state.bucket(bucket);
      return sendJson(res, 200, bucketJson(bucket, origin));
    }
  } else if (name === undefined) {
    if (method === 'GET') return listObjects(operations, bucket, url, res, origin);
  } else if (method === 'GET' || method === 'HEAD') {
    const object = operations.getObject(OWNER, bucket, name);
    if (url.searchParams.get('alt') === 'media') return sendObjectBytes(req, res, object);
    return sendJson(res, 200, gcsObjectJson(object, origin));
  } else if (method === 'PATCH') {
    const patch = parseMetadataPatch(parseJsonBody(await readBody(req, METADATA_ALLOWANCE)));
    return sendJson(res, 200, gcsObjectJson(operations.updateMetadata(OWNER, bucket, name, patch), origin));
  } else if (method === 'DELETE') {
    operations.deleteObject(OWNER, bucket, name);
    return sendEmpty(res, 204);
  }
  throw new StorageError('methodNotAllowed', `Method ${method} is not supported on ${url.pathname}.`);
}

function listObjects(
  operations: StorageOperations,
  bucket: string,
  url: URL,
  res: ServerResponse,
  origin: string,
) {
  const result = operations.listObjects(OWNER, bucket, listRequestOf(url.searchParams));
  sendJson(res, 200, {
    kind: 'storage#objects',
    items: result.items.length > 0 ? result.items.map((item) => gcsObjectJson(item, origin)) : undefined,
    prefixes: result.prefixes.length > 0 ? result.prefixes : undefined,
    nextPageToken: result.nextPageToken,
  });
}

async function handleUpload(
  operations: StorageOperations,
  bucket: string,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  const origin = originOf(req);
  const uploadId = url.searchParams.get('upload_id');
  if (uploadId !== null) {
    if (method === 'DELETE') {
      operations.cancelUpload(uploadId);
      // 499 "Client Closed Request" is what GCS answers to a cancelled session.
      return sendEmpty(res, 499);
    }
    if (method === 'PUT' || method === 'POST')
      return continueResumable(operations, uploadId, req, res, origin);
  }
  if (method !== 'POST')
    throw new StorageError('methodNotAllowed', `Method ${method} is not supported for uploads.`);
  const uploadType = url.searchParams.get('uploadType');

  if (uploadType === 'resumable') {
    const { id, name } = await openResumableUpload(operations, OWNER, req, {
      bucket,
      nameInUrl: url.searchParams.get('name'),
      typeHeader: 'x-upload-content-type',
      lengthHeader: 'x-upload-content-length',
      issueDownloadToken: false,
    });
    const location = new URL(`/upload/storage/v1/b/${encodeURIComponent(bucket)}/o`, origin);
    location.searchParams.set('uploadType', 'resumable');
    location.searchParams.set('name', name);
    location.searchParams.set('upload_id', id);
    return sendEmpty(res, 200, { Location: location.toString() });
  }

  const body = await readBody(req, operations.maxUploadBytes + METADATA_ALLOWANCE);
  let metadata: MetadataPatch;
  let bytes: Buffer;
  if (uploadType === 'multipart') {
    ({ metadata, bytes } = parseMultipartUpload(req.headers['content-type'], body));
  } else if (uploadType === 'media' || uploadType === null) {
    metadata = { contentType: req.headers['content-type'] };
    bytes = body;
  } else {
    throw badRequest(`Unknown uploadType "${uploadType}" (expected media, multipart or resumable).`);
  }
  const name = url.searchParams.get('name') ?? metadata.name;
  if (!name) throw badRequest('The upload names no object: pass ?name= or "name" in the metadata.');
  const object = operations.uploadObject(OWNER, { bucket, name, bytes, metadata, issueDownloadToken: false });
  sendJson(res, 200, gcsObjectJson(object, origin));
}

interface Transfer {
  kind: 'rewriteTo' | 'copyTo' | 'moveTo';
  from: { bucket: string; name: string };
  to: { bucket: string; name: string };
}

/** `/b/{b}/o/{name}/rewriteTo|copyTo/b/{b2}/o/{name2}` (file.copy) and `/b/{b}/o/{name}/moveTo/o/{name2}`. */
function parseTransfer(path: string): Transfer | null {
  const copy = /^\/b\/([^/]+)\/o\/(.+?)\/(rewriteTo|copyTo)\/b\/([^/]+)\/o\/(.+)$/.exec(path);
  if (copy) {
    return {
      kind: copy[3] as 'rewriteTo' | 'copyTo',
      from: { bucket: decodeSegment(copy[1], 'Bucket name'), name: decodeSegment(copy[2], 'Object name') },
      to: { bucket: decodeSegment(copy[4], 'Bucket name'), name: decodeSegment(copy[5], 'Object name') },
    };
  }
  const move = /^\/b\/([^/]+)\/o\/(.+?)\/moveTo\/o\/(.+)$/.exec(path);
  if (!move) return null;
  const bucket = decodeSegment(move[1], 'Bucket name');
  return {
    kind: 'moveTo',
    from: { bucket, name: decodeSegment(move[2], 'Object name') },
    to: { bucket, name: decodeSegment(move[3], 'Object name') },
  };
}

/** `Content-Range: bytes a-b/total`, `bytes a-*\/total` (rest of the object), or `bytes *\/total` (status). */
interface ChunkRange {
  start?: number;
  /** The body runs to the end of the object (single-request upload). */
  toEnd: boolean;
  total?: number;
}

function parseContentRange(header: string | undefined): ChunkRange {
  if (header === undefined) return { start: undefined, toEnd: true };
  const match = /^bytes\s+(?:(\d+)-(\d+|\*)|\*)\/(\d+|\*)$/.exec(header.trim());
  if (!match) throw badRequest(`Malformed Content-Range "${header}".`);
  return {
    start: match[1] === undefined ? undefined : Number(match[1]),
    toEnd: match[2] === '*',
    total: match[3] === '*' ? undefined : Number(match[3]),
  };
}

async function continueResumable(
  operations: StorageOperations,
  id: string,
  req: IncomingMessage,
  res: ServerResponse,
  origin: string,
): Promise<void> {
  const range = parseContentRange(headerValue(req, 'content-range'));
  const chunk = await readBody(req, operations.maxUploadBytes).catch((error: unknown) => {
    operations.abandonUpload(id);
    throw error;
  });
  let session = operations.resumableUpload(id);
  if (session.status === 'final' && session.result)
    return sendJson(res, 200, gcsObjectJson(session.result, origin));
  if (range.start !== undefined || range.toEnd) {
    const start = range.start ?? session.received;
    if (start > session.received) {
      throw badRequest(`Chunk starts at byte ${start} but only ${session.received} bytes were received.`);
    }
    // A retried chunk may overlap what already arrived; keep only the new tail.
    session = operations.appendToUpload(id, chunk.subarray(session.received - start), session.received);
  } else if (chunk.length > 0) {
    throw badRequest('A status query (Content-Range: bytes */…) must not carry data.');
  }
  const complete = range.toEnd || (range.total !== undefined && session.received >= range.total);
  if (complete) {
    const stored = operations.finalizeUpload(id, parseGoogHash(headerValue(req, 'x-goog-hash')));
    return sendJson(res, 200, gcsObjectJson(stored, origin));
  }
  const headers: Record<string, string> = {};
  if (session.received > 0) headers.Range = `bytes=0-${session.received - 1}`;
  sendEmpty(res, RESUME_INCOMPLETE, headers);
}

/** `X-Goog-Hash: crc32c=<b64>,md5=<b64>`, sent by @google-cloud/storage with the last chunk. */
function parseGoogHash(header: string | undefined): { md5Hash?: string; crc32c?: string } {
  const checksums: { md5Hash?: string; crc32c?: string } = {};
  for (const pair of (header ?? '').split(',')) {
    const cut = pair.indexOf('=');
    if (cut < 0) continue;
    const kind = pair.slice(0, cut).trim().toLowerCase();
    const value = pair.slice(cut + 1).trim();
    if (kind === 'md5') checksums.md5Hash = value;
    else if (kind === 'crc32c') checksums.crc32c = value;
  }
  return checksums;
}
