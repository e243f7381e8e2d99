/**
 * The Firebase Storage REST API (`/v0/b/{bucket}/o…`) as the JS SDK v12 speaks it with connectStorageEmulator:
 * list, metadata, download (`?alt=media`, `&token=` for download URLs), PATCH, DELETE, and uploads —
 * multipart (uploadBytes/uploadString) and the X-Goog-Upload resumable protocol (uploadBytesResumable).
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
import { parseMetadataPatch, type MetadataPatch } from './metadata.js';
import { parseMultipartUpload } from './multipart.js';
import { METADATA_ALLOWANCE, openResumableUpload } from './resumable-start.js';
import type { StorageOperations } from './operations.js';
import type { StoredObject } from './state.js';

/** Object metadata as the Firebase API returns it (the fields the SDK's mappings read). */
export interface FirebaseObjectMetadata {
  name: string;
  bucket: string;
  generation: string;
  metageneration: string;
  contentType: string;
  timeCreated: string;
  updated: string;
  storageClass: 'STANDARD';
  /** Decimal string, as the real API sends it; the SDK converts it to a number. */
  size: string;
  md5Hash: string;
  crc32c: string;
  etag: string;
  contentEncoding: string;
  contentDisposition?: string;
  contentLanguage?: string;
  cacheControl?: string;
  /** Comma-separated; the SDK builds download URLs from the first. */
  downloadTokens: string;
  metadata?: Record<string, string>;
}

export function firebaseObjectJson(object: StoredObject): FirebaseObjectMetadata {
  return {
    name: object.name,
    bucket: object.bucket,
    generation: object.generation,
    metageneration: String(object.metageneration),
    contentType: object.contentType,
    timeCreated: object.timeCreated,
    updated: object.updated,
    storageClass: 'STANDARD',
    size: String(object.bytes.length),
    md5Hash: object.md5Hash,
    crc32c: object.crc32c,
    etag: object.etag,
    contentEncoding: object.contentEncoding ?? 'identity',
    contentDisposition: object.contentDisposition,
    contentLanguage: object.contentLanguage,
    cacheControl: object.cacheControl,
    downloadTokens: object.downloadTokens.join(','),
    metadata: Object.keys(object.customMetadata).length > 0 ? { ...object.customMetadata } : undefined,
  };
}

/** Handles a request whose path starts with /v0/. Throws StorageError for the server to answer. */
export async function handleFirebaseRequest(
  operations: StorageOperations,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const match = /^\/v0\/b\/([^/]+)\/o(?:\/(.*))?$/.exec(url.pathname);
  if (!match) throw new StorageError('notFound', `Not Found. No Firebase Storage API at ${url.pathname}.`);
  const bucket = decodeSegment(match[1], 'Bucket name');
  const name = match[2] === undefined || match[2] === '' ? undefined : decodeSegment(match[2], 'Object name');
  const method = req.method ?? 'GET';
  const caller = firebaseCaller(req, method, name, url);

  if (name === undefined) {
    if (method === 'GET') return listObjects(operations, caller, bucket, url, res);
    if (method === 'POST')
      return upload(operations, caller, bucket, url.searchParams.get('name') ?? undefined, req, res, url);
  } else {
    if (method === 'GET' || method === 'HEAD') {
      const media = url.searchParams.get('alt') === 'media';
      // A download token is a credential for the bytes only, as in production; metadata needs the rules.
      const token = media ? (url.searchParams.get('token') ?? undefined) : undefined;
      const object = operations.getObject(caller, bucket, name, token);
      if (media) return sendObjectBytes(req, res, object);
      return sendJson(res, 200, firebaseObjectJson(operations.ensureDownloadToken(object)));
    }
    if (method === 'PATCH') {
      const patch = parseMetadataPatch(parseJsonBody(await readBody(req, METADATA_ALLOWANCE)));
      return sendJson(res, 200, firebaseObjectJson(operations.updateMetadata(caller, bucket, name, patch)));
    }
    if (method === 'DELETE') {
      operations.deleteObject(caller, bucket, name);
      return sendEmpty(res, 204);
    }
    if (method === 'POST') return upload(operations, caller, bucket, name, req, res, url);
  }
  throw new StorageError('methodNotAllowed', `Method ${method} is not supported on ${url.pathname}.`);
}

function listObjects(
  operations: StorageOperations,
  caller: Caller,
  bucket: string,
  url: URL,
  res: ServerResponse,
) {
  const request = listRequestOf(url.searchParams);
  // Production's Firebase API lists whole folders only (the rules judge a list by its folder); in its words:
  if (request.prefix && !request.prefix.endsWith('/')) {
    throw badRequest('The prefix parameter is required to be empty or ends with a single / character.');
  }
  const result = operations.listObjects(caller, bucket, request);
  sendJson(res, 200, {
    prefixes: result.prefixes,
    items: result.items.map((item) => ({ name: item.name, bucket: item.bucket })),
    nextPageToken: result.nextPageToken,
  });
}

async function upload(
  operations: StorageOperations,
  caller: Caller,
  bucket: string,
  nameInPath: string | undefined,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const command = headerValue(req, 'x-goog-upload-command');
  const uploadId = url.searchParams.get('upload_id');
  if (uploadId !== null) return continueResumable(operations, uploadId, command, req, res);
  const protocol = headerValue(req, 'x-goog-upload-protocol');
  if (protocol === 'resumable' || command !== undefined) {
    if (command !== 'start')
      throw badRequest('A resumable upload must begin with X-Goog-Upload-Command: start.');
    return startResumable(operations, caller, bucket, nameInPath, req, res);
  }
  const body = await readBody(req, operations.maxUploadBytes + METADATA_ALLOWANCE);
  const isMultipart =
    protocol === 'multipart' ||
    url.searchParams.get('uploadType') === 'multipart' ||
    /^multipart\/related/i.test(req.headers['content-type'] ?? '');
  let metadata: MetadataPatch;
  let bytes: Buffer;
  if (isMultipart) {
    ({ metadata, bytes } = parseMultipartUpload(req.headers['content-type'], body));
  } else {
    metadata = { contentType: req.headers['content-type'] };
    bytes = body;
  }
  const name = nameInPath ?? metadata.name;
  if (!name) throw badRequest('The upload names no object: pass ?name= or "name" in the metadata.');
  const object = operations.uploadObject(caller, { bucket, name, bytes, metadata, issueDownloadToken: true });
  sendJson(res, 200, firebaseObjectJson(object));
}

async function startResumable(
  operations: StorageOperations,
  caller: Caller,
  bucket: string,
  nameInPath: string | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const { id, name } = await openResumableUpload(operations, caller, req, {
    bucket,
    nameInUrl: nameInPath,
    typeHeader: 'x-goog-upload-header-content-type',
    lengthHeader: 'x-goog-upload-header-content-length',
    issueDownloadToken: true,
  });
  const sessionUrl = new URL(`/v0/b/${encodeURIComponent(bucket)}/o`, originOf(req));
  sessionUrl.searchParams.set('name', name);
  sessionUrl.searchParams.set('upload_id', id);
  sessionUrl.searchParams.set('upload_protocol', 'resumable');
  sendEmpty(res, 200, {
    'X-Goog-Upload-URL': sessionUrl.toString(),
    'X-Goog-Upload-Status': 'active',
    'X-Goog-Upload-Chunk-Granularity': String(256 * 1024),
  });
}

async function continueResumable(
  operations: StorageOperations,
  id: string,
  command: string | undefined,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const steps = new Set((command ?? '').split(',').map((step) => step.trim().toLowerCase()));
  if (steps.has('query')) {
    const session = operations.resumableUpload(id);
    return sendEmpty(res, 200, {
      'X-Goog-Upload-Status': session.status === 'final' ? 'final' : 'active',
      'X-Goog-Upload-Size-Received': String(session.received),
    });
  }
  if (steps.has('cancel')) {
    operations.cancelUpload(id);
    return sendEmpty(res, 200, { 'X-Goog-Upload-Status': 'cancelled' });
  }
  if (!steps.has('upload') && !steps.has('finalize')) {
    throw badRequest(
      `Unknown X-Goog-Upload-Command "${command ?? ''}" (expected upload, finalize, query or cancel).`,
    );
  }
  if (steps.has('upload')) {
    const offsetHeader = headerValue(req, 'x-goog-upload-offset');
    if (offsetHeader !== undefined && !/^\d+$/.test(offsetHeader)) {
      throw badRequest('X-Goog-Upload-Offset must be a non-negative integer.');
    }
    const chunk = await readBody(req, operations.maxUploadBytes).catch((error: unknown) => {
      operations.abandonUpload(id); // an oversized chunk ends the session: nothing is kept
      throw error;
    });
    const session = operations.appendToUpload(
      id,
      chunk,
      offsetHeader === undefined ? undefined : Number(offsetHeader),
    );
    if (!steps.has('finalize')) {
      return sendEmpty(res, 200, {
        'X-Goog-Upload-Status': 'active',
        'X-Goog-Upload-Size-Received': String(session.received),
      });
    }
  } else {
    req.resume();
  }
  const object = operations.finalizeUpload(id);
  sendJson(res, 200, firebaseObjectJson(object), { 'X-Goog-Upload-Status': 'final' });
}

/**
 * firebase-admin's getDownloadURL() reads Firebase metadata through the Cloud Storage client, which sends no
 * credentials to an emulator; in production that call carries a service-account token. So a credential-less
 * request from that client (recognised by its x-goog-api-client "gccl/" tag) is treated as the owner for that
 * one call only: reading one object's metadata. The header is anyone's to send, so an upload, a delete, a
 * metadata change, a listing or a download with it meets the rules like any other anonymous request.
 */
function firebaseCaller(req: IncomingMessage, method: string, name: string | undefined, url: URL): Caller {
  const metadataRead = method === 'GET' && name !== undefined && url.searchParams.get('alt') !== 'media';
  const fromAdminSdk =
    metadataRead &&
    !req.headers.authorization &&
    /\bgccl\//.test(headerValue(req, 'x-goog-api-client') ?? '');
  return fromAdminSdk ? { kind: 'owner' } : callerOf(req);
}
